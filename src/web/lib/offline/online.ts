import { onlineManager } from '@tanstack/react-query';
import { type Reachability, reachability } from '../api';

/**
 * TanStack Query's online state, which the outbox and the offline banner follow too: the browser says online AND the
 * server answers (lib/api/reachability.ts). TanStack assumes it is online until an `offline` event fires, so an app
 * started offline would try (and fail) every query instead of pausing it: start from `navigator.onLine`, follow the
 * online/offline events, and the server's reachability. When the browser comes back online while the server was
 * not answering, it is asked at once rather than at the next step of the probe's backoff.
 */
export function installOnlineManager(target: Window = window, reach: Reachability = reachability): void {
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(target.navigator.onLine !== false && reach.isReachable());
    update();
    const on = () => {
      update();
      if (!reach.isReachable()) void reach.check();
    };
    const off = () => setOnline(false);
    target.addEventListener('online', on);
    target.addEventListener('offline', off);
    const unsubscribe = reach.subscribe(update);
    return () => {
      unsubscribe();
      target.removeEventListener('online', on);
      target.removeEventListener('offline', off);
    };
  });
}

/** Why the app is offline now: the browser says so, or the server does not answer. */
export function offlineReason(
  target: Window = window,
  reach: Reachability = reachability,
): 'offline' | 'unreachable' {
  return target.navigator.onLine === false || reach.isReachable() ? 'offline' : 'unreachable';
}
