import { createHash } from 'node:crypto';
import { like } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { no, type Op, type Outcome, own, type Req } from '../test/matrix/expectations';
import { emailTokenState, refreshState } from '../test/matrix/fixture-secrets';
import { CALLERS, type CallerKey, type Fixtures, HOST } from '../test/matrix/fixture-types';
import { buildFixtures } from '../test/matrix/fixtures';
import { TABLE } from '../test/matrix/table';
import { multipart } from '../test/multipart';

/**
 * The access-control matrix: every operation of the served OpenAPI document (and the hidden routes that matter),
 * called by every kind of caller (CALLERS in ../test/matrix/fixture-types) on the victim's rows (the demo
 * customer's on `localhost`). TABLE (the rows of ../test/matrix/*, one module a capability) says, per "METHOD path",
 * who may call it and what everyone else gets; keys with a " #probe" suffix are further probes of the same
 * operation (the other company's rows named here, mass assignment).
 *
 * - Allowed callers get their 2xx; everyone else a refusal in the error envelope, or a 2xx about themselves.
 * - Leaks: no reply (body or headers) to a caller who may not see the victim carries any of the victim's identifying
 *   values (ids, tracking numbers, email, mailbox, names, file bytes, refresh tokens) beyond what the caller sent,
 *   and no reply on one company's host carries the other company's values.
 * - Writes: every refused or caller-scoped call runs first; the victim's state (read back through the API as the
 *   owner, staff and the superadmin, plus their sessions and tokens) must be unchanged; only then do the allowed
 *   callers make their calls, one by one, and the state must then have moved (so the comparison has teeth).
 * - Coverage: an operation of the OpenAPI document missing from TABLE, or one in TABLE the app no longer serves,
 *   fails the run.
 */

/** A call that gets no reply in this long fails the run (on PGlite a stuck transaction stalls every later call). */
const CALL_TIMEOUT_MS = 15_000;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

type Call = { key: string; op: Op; caller: CallerKey; outcome: Outcome };
type Finding = { call: string; problem: string; leak: boolean };

describe('access-control matrix', () => {
  let f: Fixtures;
  const findings: Finding[] = [];
  let calls = 0;

  beforeAll(async () => {
    f = await buildFixtures();
  });
  afterAll(async () => {
    // A stuck call (see CALL_TIMEOUT_MS) can leave the app unable to close: do not wait on it for long.
    await Promise.race([f?.t.close(), new Promise((r) => setTimeout(r, 10_000))]);
  });

  function inject(key: string, req: Req, caller: CallerKey): Promise<LightMyRequestResponse> {
    const [method = 'GET'] = key.split(' ');
    const c = f.callers[caller];
    return (async () => {
      const opts: InjectOptions & { host?: string; token?: string } = {
        method: method as InjectOptions['method'],
        url: req.url,
        host: c.host,
        ...(c.token ? { token: c.token } : {}),
        ...(c.remoteAddress ? { remoteAddress: c.remoteAddress } : {}),
      };
      if (req.form) {
        const body = await multipart(req.form.fields, req.form.files);
        opts.payload = body.payload;
        opts.headers = { ...body.headers, ...req.headers };
      } else {
        if (req.payload) opts.payload = req.payload;
        if (req.headers) opts.headers = req.headers;
      }
      calls++;
      let timer: NodeJS.Timeout | undefined;
      const stuck = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no reply in ${CALL_TIMEOUT_MS} ms: ${caller} → ${key} ${req.url}`)),
          CALL_TIMEOUT_MS,
        );
      });
      try {
        return await Promise.race([f.t.request(opts), stuck]);
      } finally {
        clearTimeout(timer);
      }
    })();
  }

  /**
   * What each company's own callers typed into requests the server accepted, by host. A parcel label typed by the
   * company's clerk (the other company's mailbox number on an Unassigned parcel) is that company's data: showing it
   * back to its staff later is not a leak. Refused requests store nothing, so they never count.
   */
  const typedByCompany = new Map<string, string[]>();

  /** Checks one reply against the caller's outcome; returns the findings. */
  function judge(call: Call, req: Req, res: LightMyRequestResponse): Finding[] {
    const { key, op, caller, outcome } = call;
    const name = `${caller} (${f.callers[caller].who}) → ${key} ${req.url}`;
    const out: Finding[] = [];
    const add = (problem: string, leak = false) => out.push({ call: name, problem, leak });
    const body = res.body;
    const brief = body.length > 300 ? `${body.slice(0, 300)}…` : body;
    if (!outcome.status.includes(res.statusCode)) {
      add(`got ${res.statusCode} ${brief}; expected ${outcome.status.join(' or ')}`);
    }
    const isApi = /^\/(v1|api|dev)\//.test(req.url);
    if (res.statusCode >= 400 && isApi) {
      const json = (() => {
        try {
          return res.json() as { success?: unknown; data?: unknown; statusCode?: unknown };
        } catch {
          return undefined;
        }
      })();
      if (json?.success !== false || json.data !== null || json.statusCode !== res.statusCode) {
        add(`refusal is not the error envelope: ${res.statusCode} ${brief}`);
      }
    }
    // The leak check: what the caller sent is theirs to see again; everything else of the victim is not.
    const own =
      `${req.url} ${JSON.stringify(req.payload ?? {})} ${JSON.stringify(req.form?.fields ?? {})}`.toLowerCase();
    const host = f.callers[caller].host;
    const sent = `${own} ${(typedByCompany.get(host) ?? []).join(' ')}`;
    if (res.statusCode < 300 && req.url.startsWith('/v1/admin/')) {
      typedByCompany.set(host, [...(typedByCompany.get(host) ?? []), own]);
    }
    // Headers count too (a file name in content-disposition, a location).
    const lower = `${JSON.stringify(res.headers)}\n${body}`.toLowerCase();
    const found = (secrets: string[]) =>
      secrets.filter((s) => !sent.includes(s.toLowerCase()) && lower.includes(s.toLowerCase()));
    if (!outcome.sees) {
      const hits = found(f.victimSecrets);
      if (hits.length)
        add(`LEAK of the victim’s ${hits.slice(0, 5).join(', ')} in ${res.statusCode} ${brief}`, true);
    }
    if (!(op.allCompanies && caller === 'platform')) {
      const other = f.callers[caller].host === HOST ? f.blueSecrets : f.demoSecrets;
      const hits = found(other);
      if (hits.length)
        add(`LEAK across companies: ${hits.slice(0, 5).join(', ')} in ${res.statusCode} ${brief}`, true);
    }
    if (caller !== 'owner' && res.headers['idempotent-replayed']) {
      add(`got a stored reply of someone else’s Idempotency-Key: ${res.statusCode} ${brief}`, true);
    }
    const extra = op.check?.(res, f, caller);
    if (extra) add(extra, true);
    if (outcome.sees && op.shows && res.statusCode < 300) {
      const want = op.shows(f);
      if (!lower.includes(want.toLowerCase())) add(`the allowed reply does not show ${want}: ${brief}`);
    }
    return out;
  }

  /** status per cell, printed with MATRIX_GRID=1 (for reading the matrix, not for asserting). */
  const grid = new Map<string, Partial<Record<CallerKey, number>>>();

  async function run(list: Call[], concurrency: number): Promise<void> {
    let next = 0;
    const worker = async () => {
      while (next < list.length) {
        const call = list[next++];
        if (!call) break;
        const req = call.op.req(f, call.caller);
        const res = await inject(call.key, req, call.caller);
        findings.push(...judge(call, req, res));
        grid.set(call.key, { ...grid.get(call.key), [call.caller]: res.statusCode });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }

  /** The victim's state as the owner, staff and the superadmin read it, plus the owner's tokens and password. */
  async function victimState(): Promise<Record<string, string>> {
    const reads: [string, string, CallerKey][] = [
      ['package', `/v1/packages/${f.packageId}`, 'owner'],
      ['status package', `/v1/packages/${f.statusPackageId}`, 'owner'],
      ['packages', '/v1/packages?pageSize=100', 'owner'],
      ['counts', '/v1/packages/counts', 'owner'],
      ['pre-alerts', '/v1/peralert?pageSize=100', 'owner'],
      ['invoices', '/v1/invoices?pageSize=100', 'owner'],
      ['invoice', `/v1/invoices/${f.invoiceId}`, 'owner'],
      ['authorized persons', '/v1/authorizedpersons', 'owner'],
      ['purchase requests', '/v1/purchaserequests/?pageSize=100', 'owner'],
      ['notifications', '/v1/notifications?pageSize=100', 'owner'],
      ['points', '/v1/points?pageSize=100', 'owner'],
      ['profile', '/v1/profile', 'owner'],
      ['summary', '/v1/account/summary', 'owner'],
      ['file', `/v1/files/${f.fileId}`, 'owner'],
      ['invoices incl. drafts (staff)', `/v1/invoices?pageSize=100&customer_id=${f.victim.id}`, 'admin'],
      ['menus (admin)', '/v1/menus', 'admin'],
      ['settings (admin)', '/v1/settings', 'admin'],
      ['user (staff)', `/v1/users/${f.victim.id}`, 'admin'],
      ['companies (superadmin)', '/v1/companies', 'platform'],
    ];
    const state: Record<string, string> = {};
    for (const [label, url, who] of reads) {
      const c = f.callers[who];
      const res = await f.t.request({ method: 'GET', url, host: c.host, token: c.token });
      const digest = createHash('sha256').update(res.rawPayload).digest('hex');
      state[label] = `${res.statusCode} ${res.statusCode === 200 ? digest : res.body}`;
    }
    state['refresh session'] = await refreshState(f.t, f.sessions.ownerRefresh.refresh);
    state['logout session'] = await refreshState(f.t, f.sessions.ownerLogout.refresh);
    state['main session'] = await refreshState(f.t, f.sessions.owner.refresh);
    const login = await f.t.request({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: f.victim.email, password: 'demo-customer-1' },
    });
    state['password still works'] = String(login.statusCode);
    state['email tokens'] = await emailTokenState(f.t, [f.tokenUser.verifyToken, f.tokenUser.resetToken]);
    return state;
  }

  const plan = (): Call[] =>
    Object.entries(TABLE).flatMap(([key, op]) =>
      CALLERS.map((caller) => ({ key, op, caller, outcome: op.expect[caller] })),
    );

  it('covers every operation the app serves, and names none it does not', () => {
    const doc = f.t.app.swagger() as { paths?: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths ?? {}).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => HTTP_METHODS.includes(m))
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    const missing = documented.filter((k) => !(k in TABLE));
    expect(
      missing,
      'operations of the OpenAPI document the matrix does not cover: add them to TABLE',
    ).toEqual([]);
    const base = (key: string) => key.split(' #')[0] ?? key;
    const served = (key: string) => {
      const [method = '', path = ''] = base(key).split(' ');
      return f.t.app.hasRoute({
        method: method as 'GET',
        url: path.replace(/\{(\w+)\}/g, ':$1'),
      });
    };
    const stale = Object.keys(TABLE).filter((k) => !documented.includes(base(k)) && !served(k));
    expect(stale, 'operations in TABLE the app no longer serves').toEqual([]);
    const undocumented = Object.entries(TABLE)
      .filter(([k, op]) => !op.hidden && !documented.includes(base(k)))
      .map(([k]) => k);
    expect(undocumented, 'TABLE says documented, the OpenAPI document does not have them').toEqual([]);
    // Every request the table builds is for its own operation (with or without a trailing slash: the same route).
    for (const [key, op] of Object.entries(TABLE)) {
      const [, path = ''] = base(key).split(' ');
      const re = new RegExp(`^${path.replace(/\{\w+\}/g, '[^/?]+')}/?(\\?.*)?$`);
      for (const c of CALLERS) expect(op.req(f, c).url, key).toMatch(re);
    }
  });

  it('the leak check catches a planted leak', async () => {
    const victimPackage = await f.t.request({
      method: 'GET',
      url: `/v1/packages/${f.packageId}`,
      token: f.callers.owner.token,
    });
    const blueCompany = await f.t.request({ method: 'GET', url: '/v1/companies/me', host: 'blue.localhost' });
    const op = TABLE['GET /v1/packages/{id}'];
    if (!op) throw new Error('no such operation in TABLE');
    // The owner's reply, as if the neighbour had got it; the other company's branding, as if served on this host.
    const asNeighbour = judge(
      { key: 'GET /v1/packages/{id}', op, caller: 'neighbour', outcome: no(404) },
      { url: `/v1/packages/${f.packageId}` },
      victimPackage,
    );
    expect(asNeighbour.filter((x) => x.leak).length).toBeGreaterThan(0);
    const asAnon = judge(
      { key: 'GET /v1/companies/me', op, caller: 'anon', outcome: own() },
      { url: '/v1/companies/me' },
      blueCompany,
    );
    expect(asAnon.map((x) => x.problem).join('\n')).toMatch(/LEAK across companies/);
  });

  it('gives every caller what the table says, leaks nothing, and refused writes change nothing', async () => {
    const started = Date.now();
    const all = plan();
    const before = await victimState();
    // Phase 1: every call that must not see the victim (refused, or scoped to the caller), a few at a time.
    await run(
      all.filter((c) => !c.outcome.sees),
      4,
    );
    const after = await victimState();
    for (const [label, value] of Object.entries(before)) {
      if (after[label] !== value) {
        findings.push({
          call: `the victim’s ${label}`,
          problem: `changed by refused or foreign calls: ${value} → ${after[label]}`,
          leak: false,
        });
      }
    }
    // Phase 2: the allowed calls, one by one in table order (some use up their rows or end sessions).
    await run(
      all.filter((c) => c.outcome.sees),
      1,
    );

    // The state check must be able to see a change: the allowed writes above changed each of these.
    const end = await victimState();
    const unmoved = [
      'package',
      'status package',
      'pre-alerts',
      'invoice',
      'authorized persons',
      'purchase requests',
      'notifications',
      'points',
      'profile',
      'invoices incl. drafts (staff)',
      'menus (admin)',
      'settings (admin)',
      'companies (superadmin)',
      'refresh session',
      'logout session',
      'password still works',
      'email tokens',
    ].filter((label) => end[label] === after[label]);
    expect(unmoved, 'allowed writes did not change these: the state check would miss a change there').toEqual(
      [],
    );

    const covered = new Set(Object.keys(TABLE).map((k) => k.split(' #')[0])).size;
    // Sign-ups sent role, superadmin, verified and a mailbox number in the body: none of it may have taken.
    const signedUp = await f.t.database.db
      .select({
        email: users.email,
        role: users.role,
        sa: users.isSuperadmin,
        verified: users.emailVerifiedAt,
      })
      .from(users)
      .where(like(users.email, 'matrix-new-%'));
    expect(
      signedUp.length,
      'the sign-up probe made no account: the mass-assignment check saw nothing',
    ).toBeGreaterThan(0);
    for (const u of signedUp) {
      if (u.role !== 'customer' || u.sa || u.verified) {
        findings.push({
          call: `sign-up of ${u.email}`,
          problem: 'took role/superadmin/verified from the body',
          leak: true,
        });
      }
    }
    const failures = findings;
    const leaks = findings.filter((x) => x.leak);
    console.log(
      `access matrix: ${Object.keys(TABLE).length} probes of ${covered} operations × ` +
        `${CALLERS.length} callers = ${all.length} cells, ` +
        `${calls} calls in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
        `${leaks.length} leaks among ` +
        `${f.victimSecrets.length} victim and ${f.demoSecrets.length + f.blueSecrets.length} company values, ` +
        `${failures.length} failures`,
    );
    if (process.env.MATRIX_GRID) {
      const pad = (v: string, n: number) => v.padEnd(n);
      const lines = [[pad('operation', 58), ...CALLERS.map((c) => pad(c.slice(0, 9), 9))].join(' ')];
      for (const [key, row] of grid) {
        lines.push([pad(key, 58), ...CALLERS.map((c) => pad(String(row[c] ?? '-'), 9))].join(' '));
      }
      console.log(lines.join('\n'));
    }
    expect(failures.map((x) => `${x.call}: ${x.problem}`)).toEqual([]);
  });
});
