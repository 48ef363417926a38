/*
 * Firefox's `pushsubscriptionchange`: the browser replaced (or dropped) the subscription while no page may be open.
 * The worker subscribes again when it must and sends the new one with the signed-in user's token (the cookie, as the
 * outbox's Background Sync does). Without a token it gives up quietly: the app re-sends it on its next start.
 */
import type { CreatePushSubscriptionBody } from '../../../contract/push';
import { pushCalls } from '../../../contract/push.calls';
import { parseEnvelope } from '../api/api-error';
import { COOKIE } from '../session/session';
import { keyBytes, subscriptionBody } from './subscribe';
import { deviceName } from './support';

type CookieStoreLike = { get(name: string): Promise<{ value?: string } | null | undefined> };

interface SubscriptionChange extends ExtendableEvent {
  readonly oldSubscription?: PushSubscription | null;
  readonly newSubscription?: PushSubscription | null;
}

async function call(path: string, token: string, body?: CreatePushSubscriptionBody): Promise<unknown> {
  const res = await fetch(path, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`push: ${res.status}`);
  return parseEnvelope(await res.text())?.data;
}

export async function resubscribe(scope: ServiceWorkerGlobalScope, event: SubscriptionChange): Promise<void> {
  const cookies = (scope as ServiceWorkerGlobalScope & { cookieStore?: CookieStoreLike }).cookieStore;
  const token = (await cookies?.get(COOKIE.access))?.value;
  if (!token) return;
  let sub = event.newSubscription ?? null;
  if (!sub) {
    const oldKey = event.oldSubscription?.options.applicationServerKey ?? null;
    const key =
      oldKey ??
      keyBytes(
        String(((await call(pushCalls.publicKey.path, token)) as { public_key?: unknown })?.public_key),
      );
    sub = await scope.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
  }
  const name = deviceName(scope.navigator.userAgent);
  await call(pushCalls.subscribe.path, token, subscriptionBody(sub, name));
}
