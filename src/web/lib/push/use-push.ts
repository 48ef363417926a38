import { t } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { errorMessage } from '../api';
import { refreshAfter } from '../refresh';
import { browserPorts, currentPushState, type PushPorts, turnOnPush } from './subscribe';
import type { PushState } from './support';

/*
 * One state for every prompt on screen (the bell's and the profile's show the same device): null while the worker
 * is asked whether this device has a subscription.
 */
let shared: PushState | null = null;
const listeners = new Set<() => void>();
const publish = (next: PushState) => {
  shared = next;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Asks the browser again (after this device's subscription was removed from the profile's list). */
export async function refreshPushState(): Promise<void> {
  publish(await currentPushState().catch((): PushState => 'ask'));
}

/** Tests start each case from "not checked yet". */
export const resetPushStateForTests = () => {
  shared = null;
};

export interface PushPrompt {
  /** null until known. */
  state: PushState | null;
  busy: boolean;
  error: string | null;
  /** The click: asks the browser's permission, subscribes and saves this device. */
  turnOn: () => Promise<void>;
}

/** The state of push on this device and the click that turns it on; never asks anything by itself. */
export function usePushPrompt(ports: PushPorts = browserPorts): PushPrompt {
  const state = useSyncExternalStore(
    subscribe,
    () => shared,
    () => null,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const client = useQueryClient();

  useEffect(() => {
    let live = true;
    void currentPushState(ports)
      .catch((): PushState => 'ask')
      .then((s) => live && publish(s));
    return () => {
      live = false;
    };
  }, [ports]);

  const turnOn = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      const result = await turnOnPush(ports);
      if (result === 'on') {
        publish('on');
        void refreshAfter(client, ['push-subscription']);
      } else if (result === 'denied' || result === 'unsupported') {
        publish(result);
      }
    } catch (e) {
      setError(errorMessage(e, t`Could not turn on notifications. Please try again.`));
    } finally {
      setBusy(false);
    }
  }, [ports, client]);

  return { state, busy, error, turnOn };
}
