import { PUSH_NAVIGATE_MESSAGE } from '../lib/push/notification';
import { resendSubscription } from '../lib/push/subscribe';
import { safeRedirect } from '../lib/session/guards';
import { onSessionChange, readSession } from '../lib/session/session';
import type { AppRouter } from './router';

/**
 * The page's side of web push, started once the first screen is up: a notification's click (relayed by the worker)
 * navigates this window in place, and an allowed device re-sends its subscription on every start and after each
 * sign-in (the same endpoint updates the server's row: cheap, and it follows the user now signed in).
 */
export function startPush(router: AppRouter): void {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  container.addEventListener('message', (event: MessageEvent) => {
    const data: unknown = event.data;
    if (!data || typeof data !== 'object' || !('type' in data) || data.type !== PUSH_NAVIGATE_MESSAGE) return;
    const href = 'url' in data ? safeRedirect(data.url) : null;
    if (href) void router.navigate({ href });
    event.ports[0]?.postMessage('ok');
  });
  container.startMessages();

  let user = readSession().userId;
  const resend = () => void resendSubscription().catch(() => undefined);
  if (user) resend();
  onSessionChange(() => {
    const next = readSession().userId;
    if (next && next !== user) resend();
    user = next;
  });
}
