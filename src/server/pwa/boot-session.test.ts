import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_CALLS, SHELL_CALLS, urlOf } from '../../contract/first-screen';
import { createTokenSigner } from '../auth/tokens';
import { users } from '../db/schema';
import { roomy } from '../test/auth';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { withinDeadline } from './boot-session';

/** The document a navigation gets with a session cookie: the user and first screen of that session only. */
describe('the signed-in document', () => {
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><html><head><title>P</title></head><body></body></html>',
    );
    writeFileSync(join(webDir, 'build.json'), JSON.stringify({ buildId: 'build-1', builtAt: '' }));
    t = await createTestApp({ env: { WEB_DIR: webDir }, ...roomy });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  type Boot = {
    company: { id: string } | null;
    session?: {
      user: { id: string; first_name: string };
      data: Record<string, unknown> & { recent?: { items: unknown[] } };
    };
  };
  /** The head's block, with the session's block (at the end of the body) as `session` when there is one. */
  const bootOf = (html: string): Boot => {
    const block = (id: string) =>
      new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)?.[1];
    const head = block('boot');
    if (!head) throw new Error(`no boot block in ${html}`);
    const session = block('boot-session');
    return { ...(JSON.parse(head) as Boot), ...(session ? { session: JSON.parse(session) } : {}) };
  };
  const open = (url: string, token: string | null, host = 'localhost') =>
    t.request({
      method: 'GET',
      url,
      host,
      ...(token ? { headers: { cookie: `locale=en; accessToken=${token}` } } : {}),
    });
  const api = async (url: string, token: string, host = 'localhost') => {
    const res = await t.request({ method: 'GET', url, host, token });
    expect(res.statusCode, url).toBe(200);
    return res.json().data as unknown;
  };

  it("writes the customer's user (as GET /v1/auth/me) and the dashboard's answers, and is never stored", async () => {
    const { access } = await t.login(DEMO.customer.email, DEMO.customer.password);
    const res = await open('/user', access);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
    const boot = bootOf(res.body);
    expect(boot.session?.user).toEqual(await api('/v1/auth/me', access));
    const calls = { ...SHELL_CALLS, ...DASHBOARD_CALLS };
    expect(Object.keys(boot.session?.data ?? {}).sort()).toEqual(Object.keys(calls).sort());
    for (const [name, call] of Object.entries(calls)) {
      expect(boot.session?.data[name], name).toEqual(await api(urlOf(call), access));
    }
    // The seeded customer has packages: the dashboard's recent list is not an empty shell.
    expect(boot.session?.data.recent?.items.length).toBeGreaterThan(0);
  });

  it("writes the history's plain view and a package's page with their own answers, other screens with the layout's", async () => {
    const { access } = await t.login(DEMO.customer.email, DEMO.customer.password);
    const dataOf = async (url: string) => bootOf((await open(url, access)).body).session?.data ?? {};
    const shell = Object.keys(SHELL_CALLS);

    const history = await dataOf('/user/packages/history');
    expect(Object.keys(history).sort()).toEqual([...shell, 'history', 'statuses'].sort());
    // The page the history opens on, as the screen asks for it: newest first, 20 to a page, counted.
    const firstPage = (await api('/v1/packages?sort=newest&page=1&pageSize=20', access)) as {
      items: { id: string }[];
      total: number;
    };
    expect(history.history).toEqual(firstPage);
    expect(firstPage.items.length).toBeGreaterThan(0);
    // A filtered view or another page reads its view from the URL: the layout's answers only.
    for (const url of ['/user/packages/history?page=2', '/user/packages/history?q=IEX', '/user/profile']) {
      expect(Object.keys(await dataOf(url)).sort(), url).toEqual([...shell].sort());
    }

    const id = firstPage.items[0]?.id as string;
    const page = await dataOf(`/user/packages/${id}`);
    expect(Object.keys(page).sort()).toEqual([...shell, 'package'].sort());
    expect(page.package).toEqual(await api(`/v1/packages/${id}`, access));
    // Screens under /user/packages/ that are not a package, and a package that is not theirs: no package.
    for (const screen of ['cost-estimator', 'pre-alert', 'purchase-request']) {
      expect(Object.keys(await dataOf(`/user/packages/${screen}`)).sort(), screen).toEqual([...shell].sort());
    }
    const blue = await t.login(DEMO.blue.email, DEMO.blue.password, 'blue.localhost');
    const bluePage = (await api('/v1/packages?page=1&pageSize=1', blue.access, 'blue.localhost')) as {
      items: { id: string }[];
    };
    const theirs = bluePage.items[0]?.id;
    expect(theirs).toBeTruthy();
    expect(Object.keys(await dataOf(`/user/packages/${theirs}`)).sort()).toEqual([...shell].sort());
    expect(Object.keys(await dataOf('/user/packages/not-an-id')).sort()).toEqual([...shell].sort());
  });

  it('writes no user without a session, with an expired or damaged token, or for a deactivated user', async () => {
    const anonymous = await open('/user', null);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(bootOf(anonymous.body).session).toBeUndefined();

    const { access, userId } = await t.login(DEMO.customer.email, DEMO.customer.password);
    const me = (await api('/v1/auth/me', access)) as { company_id: string; role: 'customer' };
    // Signed with the server's own key, expired a minute ago.
    const expired = await createTokenSigner(t.config.jwtSecret, -60).sign({
      sub: userId,
      cid: me.company_id,
      role: me.role,
      ver: true,
    });
    for (const token of [expired, `${access}x`, 'not-a-token', '']) {
      const res = await open('/user', token || 'a.b.c');
      expect(res.statusCode).toBe(200);
      // Asked with a session cookie: not stored, whatever the session turned out to be.
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatch(/<\/body><\/html>/);
      expect(bootOf(res.body).session).toBeUndefined();
      expect(bootOf(res.body).company?.id).toBe(me.company_id);
    }

    const { access: other } = await t.login(DEMO.admin.email, DEMO.admin.password);
    const adminMe = (await api('/v1/auth/me', other)) as { id: string };
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, adminMe.id));
    try {
      expect(bootOf((await open('/user', other)).body).session).toBeUndefined();
    } finally {
      await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, adminMe.id));
    }
  });

  it("writes no user when the session is another company's", async () => {
    const blue = await t.login(DEMO.blue.email, DEMO.blue.password, 'blue.localhost');
    expect(bootOf((await open('/user', blue.access, 'blue.localhost')).body).session?.user.id).toBe(
      blue.userId,
    );
    const elsewhere = await open('/user', blue.access, 'localhost');
    const boot = bootOf(elsewhere.body);
    expect(boot.session).toBeUndefined();
    expect(elsewhere.body).not.toContain(DEMO.blue.email);
  });

  it('sends the document compressed as the browser asks, the session part after the rest', async () => {
    const { access } = await t.login(DEMO.customer.email, DEMO.customer.password);
    const plain = await open('/user', access);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.request({
        method: 'GET',
        url: '/user',
        headers: { cookie: `accessToken=${access}`, 'accept-encoding': `${encoding}, identity` },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      const html = decode(res.rawPayload).toString();
      expect(bootOf(html).session?.user.id).toBe(bootOf(plain.body).session?.user.id);
      expect(html).toMatch(/id="boot-session">[^<]*<\/script><\/body><\/html>$/);
    }
  });

  it('leaves out what does not answer in time, and a failed answer, without failing the rest', async () => {
    const never = new Promise<string>(() => {});
    const failed = Promise.reject(new Error('database gone'));
    expect(await withinDeadline([Promise.resolve('me'), never, failed], 20)).toEqual([
      'me',
      undefined,
      undefined,
    ]);
  });

  it('gives staff their user only', async () => {
    const { access } = await t.login(DEMO.admin.email, DEMO.admin.password);
    const boot = bootOf((await open('/user', access)).body);
    expect(boot.session?.user).toEqual(await api('/v1/auth/me', access));
    expect(boot.session?.data).toEqual({});
  });

  it('keeps a name with markup in it inside the JSON block', async () => {
    const { access } = await t.login(DEMO.customer.email, DEMO.customer.password);
    const first = '</script><script>alert(1)</script><!--';
    const put = await t.request({
      method: 'PUT',
      url: '/v1/profile',
      token: access,
      payload: { first_name: first },
    });
    expect(put.statusCode).toBe(200);
    const res = await open('/user', access);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(bootOf(res.body).session?.user.first_name).toBe(first);
  });
});
