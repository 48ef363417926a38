import { onlineManager } from '@tanstack/react-query';

/**
 * TanStack Query assumes it is online until an `offline` event fires, so an app started offline would try (and
 * fail) every query instead of pausing it. Start from `navigator.onLine` and follow the online/offline events.
 */
export function installOnlineManager(target: Window = window): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(target.navigator.onLine !== false);
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    target.addEventListener('online', on);
    target.addEventListener('offline', off);
    return () => {
      target.removeEventListener('online', on);
      target.removeEventListener('offline', off);
    };
  });
}
