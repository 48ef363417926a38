/**
 * Runs `task` once the page has loaded and the main thread is idle (or after `timeoutMs` at the latest), so work
 * that the first screen does not need (the service worker, the outbox, the toasts' renderer, the search panel)
 * never competes with it. Safari has no requestIdleCallback: a timer after `load` stands in.
 */
export function afterIdle(task: () => void, timeoutMs = 3000): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => !cancelled && task(), { timeout: timeoutMs });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(() => !cancelled && task(), 200);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    cancelIdle();
  };
}
