import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './harness';

export type Mail = {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  attachments?: { filename: string; contentType: string; size?: number }[];
};

/** A unique, valid sign-up body; fields can be overridden (or removed with `undefined`). */
export function registerBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    first_name: 'Shanice',
    last_name: 'Grant',
    email: `new-${randomBytes(4).toString('hex')}@example.test`,
    phone: '876-555-0142',
    password: 'mango-tree-42',
    parish_id: 1,
    address: '5 Barbican Road',
    trn: '123-456-789',
    ...overrides,
  };
}

/** The demo companies' hosts: the local mailbox shows each host only its own company's mail. */
export const DEMO_HOSTS = ['localhost', 'blue.localhost'];

/** The local mailbox of the app as seen on each of `hosts` (newest first). */
export async function mailbox(t: TestApp, hosts: string[] = DEMO_HOSTS): Promise<Mail[]> {
  const all: Mail[] = [];
  for (const host of hosts) {
    const res = await t.request({ method: 'GET', url: '/dev/mailbox.json', host });
    expect(res.statusCode).toBe(200);
    all.push(...(res.json().data as Mail[]));
  }
  // Ids start with the time they were kept at.
  return all.sort((a, b) => (a.id < b.id ? 1 : -1));
}

/** Mail to `to`; polls briefly, as some mail (password reset) goes out after the reply. */
export async function waitForMail(
  t: TestApp,
  to: string,
  count = 1,
  timeoutMs = 3000,
  hosts: string[] = DEMO_HOSTS,
): Promise<Mail[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await mailbox(t, hosts)).filter((m) => m.to === to);
    if (mails.length >= count || Date.now() > until) return mails;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits long enough for a mail that is sent after the reply to have gone out, then returns what arrived. */
export async function mailsAfterSettling(t: TestApp, to: string, settleMs = 300): Promise<Mail[]> {
  await new Promise((r) => setTimeout(r, settleMs));
  return (await mailbox(t)).filter((m) => m.to === to);
}

/** The token of a verification link (`/verification/<token>`) or a reset link (`?token=<token>`). */
export function tokenOf(link: string): string {
  const url = new URL(link);
  const fromQuery = url.searchParams.get('token');
  if (fromQuery) return fromQuery;
  const m = /\/verification\/([^/?#]+)$/.exec(url.pathname);
  if (!m?.[1]) throw new Error(`no token in ${link}`);
  return m[1];
}

/** Asserts the error envelope, and returns its body for further checks. */
export function expectError(
  res: LightMyRequestResponse,
  statusCode: number,
  message?: string | RegExp,
): { success: false; message: string; data: null; statusCode: number; errors?: Record<string, string[]> } {
  expect(res.statusCode, res.body).toBe(statusCode);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body).toMatchObject({ success: false, data: null, statusCode });
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}

/** Asserts a success envelope and returns its data. */
export function expectOk<T = unknown>(res: LightMyRequestResponse, statusCode = 200, message?: string): T {
  expect(res.statusCode, res.body).toBe(statusCode);
  const body = res.json();
  expect(body).toMatchObject({ success: true, statusCode });
  if (message !== undefined) expect(body.message).toBe(message);
  return body.data as T;
}

export type SignedUp = {
  email: string;
  password: string;
  userId: string;
  access: string;
  refresh: string;
  mailboxNumber: string;
  /** The token of the verification link mailed at sign-up. */
  verifyToken: string;
};

/** Registers a fresh customer on `host` and reads the verification mail it got. */
export async function signUp(
  t: TestApp,
  host = 'localhost',
  overrides: Record<string, unknown> = {},
): Promise<SignedUp> {
  const body = registerBody(overrides);
  const res = await t.request({ method: 'POST', url: '/v1/auth/register', host, payload: body });
  expectOk(res, 201);
  // Sign-up never hands out tokens (its reply must not tell whether the email had an account): sign in as the PWA does.
  const login = await t.request({
    method: 'POST',
    url: '/v1/auth/login',
    host,
    payload: { email: body.email, password: body.password },
  });
  const data = expectOk<{
    access_token: string;
    refresh_token: string;
    user: { id: string; mailbox_number: string };
  }>(login, 200);
  const email = String(body.email).toLowerCase();
  const [mail] = await waitForMail(t, email, 1, 3000, [host]);
  if (!mail?.links[0]) throw new Error(`no verification mail for ${email}`);
  return {
    email,
    password: String(body.password),
    userId: data.user.id,
    access: data.access_token,
    refresh: data.refresh_token,
    mailboxNumber: data.user.mailbox_number,
    verifyToken: tokenOf(mail.links[0]),
  };
}

/** The newest mail to `to` whose subject matches; polls briefly (notification mail goes out after the reply). */
export async function mailMatching(t: TestApp, to: string, subject: string | RegExp, timeoutMs = 3000) {
  const until = Date.now() + timeoutMs;
  const hit = (m: Mail) => (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject));
  for (;;) {
    const found = (await mailbox(t)).find((m) => m.to === to && hit(m));
    if (found || Date.now() > until) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
}
