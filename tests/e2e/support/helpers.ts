// Shared steps of the journeys: demo accounts, logging in (through the form, or through the API when the login
// itself is not what a journey checks), cookies and small page probes.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl, mailLink, newPage, type Size } from './browser';
import { e2ePort } from './server';

export const DEMO = {
  customer: { email: 'customer@demo.test', password: 'demo-customer-1', first: 'Kerry-Ann' },
  unverified: { email: 'unverified@demo.test', password: 'demo-unverified-1', first: 'Devon' },
  admin: { email: 'admin@demo.test', password: 'demo-admin-1', first: 'Marcia' },
  clerk: { email: 'clerk@demo.test', password: 'demo-clerk-1', first: 'Omar' },
  blue: { email: 'customer@blue.test', password: 'demo-customer-1', first: 'Andre' },
} as const;

export type Account = { email: string; password: string };

/**
 * `expect.poll` with room for a loaded machine: vitest's default gives up after 1 s, which a 2-core runner busy
 * with the server, Chromium and axe can exceed without anything being wrong.
 */
export function until<T>(fn: () => T | Promise<T>, opts: { timeout?: number; message?: string } = {}) {
  return expect.poll(fn, { timeout: 10_000, interval: 100, ...opts });
}

/** The pathname (and search) the page is on now. */
export const pathOf = (page: Page) => {
  const u = new URL(page.url());
  return u.pathname + u.search;
};

/** Waits until the page is on `pathname` (search ignored unless given in `search`). */
export async function waitForPath(page: Page, pathname: string, search?: Record<string, string>) {
  await page.waitForURL((url) => {
    if (url.pathname !== pathname) return false;
    return Object.entries(search ?? {}).every(([k, v]) => url.searchParams.get(k) === v);
  });
}

/** Fills the login form by its labels and submits it with the "Log in" button. */
export async function loginWithForm(page: Page, account: Account) {
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export type Tokens = { access_token: string; refresh_token: string };

/**
 * Logs in through the API, as a set-up step for journeys that are not about the login form. It calls the
 * server as `127.0.0.1` (the same company as `localhost`): the login limit (10 a minute) counts per client and
 * host, so set-up logins do not eat into the budget of the journeys that log in through the form on `localhost`.
 */
export async function apiLogin(account: Account): Promise<Tokens> {
  const res = await fetch(`http://127.0.0.1:${e2ePort()}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const body = (await res.json()) as { success: boolean; message: string; data: Tokens };
  if (!res.ok || !body.success)
    throw new Error(`API login of ${account.email} failed: ${res.status} ${body.message}`);
  return body.data;
}

/** The claims part of a JWT, unverified. */
export function jwtClaims(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** Puts a session into a browser context the way the app stores it after a login (cookies on the host). */
export async function applyTokens(context: BrowserContext, tokens: Tokens, host = 'localhost') {
  const url = baseUrl(host);
  const verified = jwtClaims(tokens.access_token).ver === true;
  await context.addCookies(
    [
      ['accessToken', tokens.access_token],
      ['refreshToken', tokens.refresh_token],
      ['isAuthenticated', 'true'],
      ['idVerified', verified ? 'true' : 'false'],
    ].map(([name, value]) => ({ name: name as string, value: encodeURIComponent(value as string), url })),
  );
}

const shared = new Map<string, Promise<Tokens>>();
/**
 * One API login per account and test file, for journeys that neither refresh nor revoke the session (the
 * server allows 10 logins a minute per client and host; the whole suite stays well below that).
 */
export function sharedTokens(account: Account): Promise<Tokens> {
  let tokens = shared.get(account.email);
  if (!tokens) {
    tokens = apiLogin(account);
    shared.set(account.email, tokens);
  }
  return tokens;
}

/** Puts the file's shared session of the account into a context (see sharedTokens). */
export async function signInShared(context: BrowserContext, account: Account, host = 'localhost') {
  await applyTokens(context, await sharedTokens(account), host);
}

/** Logs a context in through the API with a session of its own (see apiLogin). */
export async function signIn(context: BrowserContext, account: Account, host = 'localhost') {
  const tokens = await apiLogin(account);
  await applyTokens(context, tokens, host);
  return tokens;
}

/** The value of one cookie of the context, or undefined. */
export async function cookie(context: BrowserContext, name: string): Promise<string | undefined> {
  const found = (await context.cookies()).find((c) => c.name === name);
  return found ? decodeURIComponent(found.value) : undefined;
}

/** The dashboard of a verified user has loaded: greeting, mailbox number and warehouse address. */
export async function expectDashboard(page: Page, firstName: string) {
  await until(() => page.getByRole('heading', { name: `Welcome, ${firstName}!` }).isVisible(), {
    timeout: 15_000,
  }).toBe(true);
  const mailbox = ((await page.getByTestId('mailbox-number').textContent()) ?? '').trim();
  expect(mailbox).toMatch(/^[A-Z]{2,5}[-\s]?\d+$/);
  await until(() => page.getByTestId('warehouse-address').textContent()).toContain(mailbox);
  return mailbox;
}

/** Forces the colour scheme Mantine restores at start (what the customizer stores). */
export async function presetColorScheme(context: BrowserContext, scheme: 'light' | 'dark') {
  await context.addInitScript((s) => {
    try {
      window.localStorage.setItem('mantine-color-scheme-value', s);
    } catch {
      /* storage unavailable: the default scheme applies */
    }
  }, scheme);
}

let seq = 0;
/** A unique address for an account created by a journey. */
export function uniqueEmail(tag: string): string {
  seq += 1;
  return `e2e-${tag}-${Date.now().toString(36)}-${seq}@example.test`;
}

type Reply<T> = { status: number; success: boolean; message: string; data: T };
/**
 * Calls the API as `127.0.0.1` (the same company as `localhost`) with a bearer token, for set-up and for what a
 * journey compares the screen with; returns the status and the envelope.
 */
export async function apiCall<T = unknown>(
  token: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<Reply<T>> {
  const res = await fetch(`http://127.0.0.1:${e2ePort()}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body = (await res.json()) as Omit<Reply<T>, 'status'>;
  return { status: res.status, ...body };
}

/** The text of what describes a field (`aria-describedby`: its hint and its error message). */
export async function describedText(page: Page, field: ReturnType<Page['locator']>): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const texts = await Promise.all(
    ids.map((id) =>
      page.evaluate((i) => document.getElementById(i)?.textContent ?? '', id).then((t) => t.trim()),
    ),
  );
  return texts.join(' ');
}

/** A Mantine notification (role alert) with this title is showing. */
export const notification = (page: Page, title: string) =>
  page.getByRole('alert').filter({ has: page.getByText(title, { exact: true }) });

/** The API's own address as `127.0.0.1` (see apiLogin), for calls made without a session. */
export const apiUrl = (path: string) => `http://127.0.0.1:${e2ePort()}${path}`;

/** A verified account of the journey's own: registered and verified through the API (the mail's link token). */
export async function freshAccount(tag: string): Promise<Account & { first: string; last: string }> {
  const account = {
    email: uniqueEmail(tag),
    password: 'first-Passphrase-42',
    first: 'Shanice',
    last: 'Morgan',
  };
  const reg = await fetch(apiUrl('/v1/auth/register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: account.first,
      last_name: account.last,
      email: account.email,
      phone: '876-555-0123',
      password: account.password,
      parish_id: 2,
      address: '12 Hope Road, Kingston 6',
    }),
  });
  expect(reg.status, await reg.clone().text()).toBe(201);
  const link = await mailLink(account.email, 'Confirm your email');
  const token = new URL(link).pathname.split('/').pop() ?? '';
  const verified = await fetch(apiUrl('/v1/auth/verification'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  expect(verified.status, await verified.clone().text()).toBe(200);
  return account;
}

/**
 * Opens a page in a context of its own with the session in its cookies, runs the journey and always closes the
 * context. `stepTimeout` makes a missing element fail its step with its name rather than the whole test.
 */
export async function withSession(
  browser: Browser,
  size: Size,
  tokens: Tokens,
  journey: (page: Page, context: BrowserContext) => Promise<void>,
  opts: { stepTimeout?: number } = {},
) {
  const { context, page } = await newPage(browser, size);
  await applyTokens(context, tokens);
  if (opts.stepTimeout) page.setDefaultTimeout(opts.stepTimeout);
  try {
    await journey(page, context);
  } finally {
    await context.close();
  }
}

/** withSession as the demo customer, with the file's shared session (see sharedTokens). */
export async function asCustomer(
  browser: Browser,
  size: Size,
  journey: (page: Page, context: BrowserContext) => Promise<void>,
  opts: { stepTimeout?: number } = {},
) {
  await withSession(browser, size, await sharedTokens(DEMO.customer), journey, opts);
}

/** GET as the demo customer (the file's shared session); fails unless the API answers 200. */
export async function customerApi<T>(path: string): Promise<T> {
  const reply = await apiCall<T>((await sharedTokens(DEMO.customer)).access_token, path);
  expect(reply.status, `${path}: ${reply.message}`).toBe(200);
  return reply.data;
}

/** Who the session's user is (GET /v1/auth/me): id, email, name and mailbox number. */
export async function whoAmI(token: string) {
  const reply = await apiCall<{ id: string; email: string; name: string; mailbox_number: string }>(
    token,
    '/v1/auth/me',
  );
  expect(reply.status, reply.message).toBe(200);
  return reply.data;
}
