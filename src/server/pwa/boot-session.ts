import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authCalls } from '../../contract/auth.calls';
import type { Envelope } from '../../contract/envelope';
import { type BootSession, type FirstScreenData, firstScreenCalls, urlOf } from '../../contract/first-screen';
import type { User } from '../../contract/users';

/** The cookie the PWA keeps its access token in (web/lib/session/session.ts): sent with the document request. */
export const ACCESS_COOKIE = 'accessToken';

/**
 * The longest the document's end waits for the session's answers: what is not in by then is left out and the page
 * asks for it as before, so a stuck database never holds the app's start for long (its scripts run once the document
 * ends). Generous, because the wait overlaps what the phone does anyway: the head was sent at once (document-stream.ts)
 * and the scripts load meanwhile; an answer left out costs the page a round trip after they run, plus the same wait.
 * 300 ms left the user out of a cold server's first document under load (the bench's case).
 */
export const BOOT_DEADLINE_MS = 1000;

/** Each promise's value, or undefined for those not settled within `ms` (or rejected). */
export async function withinDeadline<T>(promises: Promise<T>[], ms: number): Promise<(T | undefined)[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  try {
    return await Promise.all(promises.map((p) => Promise.race([p.catch(() => undefined), late])));
  } finally {
    clearTimeout(timer);
  }
}

/** The request headers the API reads to know the company, the client and the language: the replay keeps them. */
const FORWARDED = ['host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'accept-language'];

/**
 * The signed-in part of the document's boot block: the user and their first screen's answers, or null when the
 * request carries no session this host accepts (none, expired, revoked, deactivated, another company's).
 *
 * Each answer is the API's own: the same call replayed in process (app.inject) with the cookie's token as its
 * bearer and the document request's host, client address and language, so the guards, the tenancy check and the
 * presenters are the ones every API call goes through, and the block holds exactly what the screens would fetch.
 * Staff get their user only: their screens are not the customer's. A call that does not answer 200 is left out and
 * the page asks for it as before.
 */
export async function bootSessionOf(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
  search = '',
  deadlineMs = BOOT_DEADLINE_MS,
): Promise<BootSession | null> {
  const company = request.company;
  const token = request.cookies?.[ACCESS_COOKIE];
  // A JWT is three base64url parts: anything else is not worth a replay.
  if (!company || !token || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return null;
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const get = async (url: string): Promise<unknown> => {
    const res = await app.inject({
      method: 'GET',
      url,
      headers,
      ...(request.socket.remoteAddress ? { remoteAddress: request.socket.remoteAddress } : {}),
    });
    if (res.statusCode !== 200) return undefined;
    return (res.json() as Envelope<unknown>).data;
  };

  const calls = firstScreenCalls(path, search);
  // All at once: the user's answer decides whether the rest is kept.
  const [me, ...answers] = await withinDeadline(
    [get(authCalls.me.path), ...Object.values(calls).map((c) => get(urlOf(c)))],
    deadlineMs,
  );
  const user = me as User | undefined;
  // The auth guard already refused another company's token; checked again here, where a mistake would leak.
  if (!user || user.company_id !== company.id) return null;
  if (user.role !== 'customer' || user.is_superadmin) return { user, data: {} };
  const data: Record<string, unknown> = {};
  Object.keys(calls).forEach((name, i) => {
    if (answers[i] !== undefined) data[name] = answers[i];
  });
  return { user, data: data as FirstScreenData };
}
