import { useEffect } from 'react';

/**
 * A tiny registry of work that a full page reload would destroy: a form with unsaved input, an upload in
 * progress, an outbox flush. The build-version watcher never reloads while anything is registered here; it waits
 * for a later navigation instead.
 */
const active = new Map<symbol, string>();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Registers busy work; call the returned `release` when it is over (calling it twice is harmless). */
export function markBusy(reason: string): () => void {
  const token = Symbol(reason);
  active.set(token, reason);
  notify();
  return () => {
    if (active.delete(token)) notify();
  };
}

/** True while any work is registered. */
export function isBusy(): boolean {
  return active.size > 0;
}

/** What is registered now (for logs and tests). */
export function busyReasons(): string[] {
  return [...active.values()];
}

/** Called whenever work is registered or released. */
export function onBusyChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Marks the component's work busy while `active` is true, e.g. `useBusy(form.isDirty(), 'pre-alert form')` or
 * `useBusy(uploading, 'receipt upload')`; released when it turns false or the component unmounts.
 */
export function useBusy(active: boolean, reason: string): void {
  useEffect(() => (active ? markBusy(reason) : undefined), [active, reason]);
}
