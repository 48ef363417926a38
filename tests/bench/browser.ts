// What the browser benches share: Debian's Chromium, a session made through the API, the worker in control.
import { existsSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';

export function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p): p is string => Boolean(p && existsSync(p)),
  );
  if (!found) throw new Error('Chromium not found: apt-get install chromium (or set CHROMIUM_PATH)');
  return found;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Tokens = { access_token: string; refresh_token: string };

/** Logs in through the API as 127.0.0.1 (the same company as localhost; its own login-limit bucket). */
export async function apiLogin(port: number, account: { email: string; password: string }): Promise<Tokens> {
  const res = await fetch(`http://127.0.0.1:${port}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const body = (await res.json()) as { success: boolean; message: string; data: Tokens };
  if (!res.ok || !body.success) throw new Error(`login of ${account.email}: ${res.status} ${body.message}`);
  return body.data;
}

/** The session cookies the app keeps after a login; with an expiry, so a persistent profile keeps them. */
export async function applyTokens(context: BrowserContext, tokens: Tokens, origin: string) {
  const part = tokens.access_token.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as { ver?: boolean };
  const expires = Math.floor(Date.now() / 1000) + 24 * 3600;
  await context.addCookies(
    [
      ['accessToken', tokens.access_token],
      ['refreshToken', tokens.refresh_token],
      ['isAuthenticated', 'true'],
      ['idVerified', claims.ver === true ? 'true' : 'false'],
    ].map(([name, value]) => ({
      name: name ?? '',
      value: encodeURIComponent(value ?? ''),
      domain: new URL(origin).hostname,
      path: '/',
      expires,
    })),
  );
}

/** Waits until the service worker controls the page (the precache is there from then on). */
export async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 60_000,
  });
}
