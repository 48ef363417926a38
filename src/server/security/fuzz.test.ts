import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizedPersons,
  companies,
  files,
  invoices,
  menuItems,
  menus,
  notifications,
  packageReceipts,
  packageStatuses,
  packages,
  prealerts,
  purchaseRequests,
  users,
} from '../db/schema';
import { type OpenApi, prng } from '../test/fuzz/inputs';
import {
  jsonBody,
  multipartBody,
  operationsOf,
  pathValue,
  preview,
  problemOf,
  queryString,
  type Sent,
} from '../test/fuzz/requests';
import type { Ids } from '../test/fuzz/values';
import { createTestApp, DEMO, type TestApp } from '../test/harness';

/**
 * Generated hostile requests against EVERY operation of the served OpenAPI document (plus the hidden routes), as
 * nobody, a verified customer, an admin and the platform superadmin. Two rules, whatever is sent: never a 5xx, and
 * every reply is the envelope `{ success, message, data, statusCode }` (but the few routes that serve bytes or
 * HTML on success). Bounded: FUZZ_REQUESTS (default 3000) requests or FUZZ_SECONDS (default 60) of generating,
 * whichever comes first. The seed is random per run and printed; FUZZ_SEED=<seed> replays a run.
 */

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 60);
const HANG_MS = 10_000;

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);

// --- the run --------------------------------------------------------------------------------------------------------

describe('fuzz: every operation, hostile input', () => {
  let t: TestApp;
  let tokens: Record<string, string | undefined>;
  let ids: Ids;

  beforeAll(async () => {
    t = await createTestApp();
    const customer = await t.login(DEMO.customer.email, DEMO.customer.password);
    const admin = await t.login(DEMO.admin.email, DEMO.admin.password);
    const platform = await t.login(DEMO.platform.email, DEMO.platform.password);
    const unverified = await t.login(DEMO.unverified.email, DEMO.unverified.password);
    // Validly signed, but not a session this server ever issued.
    const forged = await new SignJWT({ cid: 'x', role: 'admin', ver: true })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject("' OR 1=1 --")
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    tokens = {
      anonymous: undefined,
      customer: customer.access,
      admin: admin.access,
      platform: platform.access,
      unverified: unverified.access,
      forged,
    };
    const { db } = t.database;
    const str = (rows: { id: string }[]) => rows.map((x) => x.id);
    const num = (rows: { id: number }[]) => rows.map((x) => x.id);
    const uuids: Record<string, string[]> = {
      users: str(await db.select({ id: users.id }).from(users).limit(20)),
      companies: str(await db.select({ id: companies.id }).from(companies).limit(5)),
      packages: str(await db.select({ id: packages.id }).from(packages).limit(40)),
      prealerts: str(await db.select({ id: prealerts.id }).from(prealerts).limit(20)),
      receipts: str(await db.select({ id: packageReceipts.id }).from(packageReceipts).limit(20)),
      files: str(await db.select({ id: files.id }).from(files).limit(20)),
      invoices: str(await db.select({ id: invoices.id }).from(invoices).limit(20)),
      authorizedPersons: str(await db.select({ id: authorizedPersons.id }).from(authorizedPersons).limit(20)),
      purchaseRequests: str(await db.select({ id: purchaseRequests.id }).from(purchaseRequests).limit(20)),
      notifications: str(await db.select({ id: notifications.id }).from(notifications).limit(20)),
    };
    const ints: Record<string, number[]> = {
      packageStatuses: num(await db.select({ id: packageStatuses.id }).from(packageStatuses)),
      menus: num(await db.select({ id: menus.id }).from(menus)),
      menuItems: num(await db.select({ id: menuItems.id }).from(menuItems).limit(40)),
    };
    ids = { uuids, ints, all: Object.values(uuids).flat() };
  });
  // A hung request keeps the app from closing: do not wait for it past the hook's time.
  afterAll(() => Promise.race([t?.close(), new Promise((r) => setTimeout(r, 20_000))]));

  it(
    'never answers 5xx, and always the envelope',
    async () => {
      const r = prng(SEED);
      const ops = operationsOf(t.app.swagger() as unknown as OpenApi);
      // Every operation of the document is in the run (the document is the list of what to cover).
      expect(ops.length).toBeGreaterThan(50);
      const roles = [
        'anonymous',
        'customer',
        'admin',
        'platform',
        'customer',
        'admin',
        'unverified',
        'forged',
      ];
      const hosts = ['localhost', 'localhost', 'localhost', 'localhost', 'blue.localhost', 'nowhere.test'];
      const started = Date.now();
      const failures: string[] = [];
      let sent = 0;
      let fiveXx = 0;
      let nonEnvelope = 0;
      let hung = false;
      const byStatus = new Map<number, number>();

      for (let i = 0; i < REQUESTS && Date.now() - started < SECONDS * 1000; i++) {
        // Round-robin over operations, then over who calls, so each operation is reached behind its guard.
        const op = ops[i % ops.length];
        if (!op) continue;
        const role = roles[Math.floor(i / ops.length) % roles.length] ?? 'anonymous';
        const url =
          op.path.replace(/\{(\w+)\}/g, (_m, name: string) => pathValue(r, op, name, ids)) +
          queryString(r, op, ids);
        const token = tokens[role];
        const headers: Record<string, string> = {
          host: r.chance(0.9) ? 'localhost' : r.pick(hosts),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        };
        if (r.chance(0.05)) {
          headers.authorization = r.pick([
            'Bearer',
            'Bearer x.y.z',
            `Bearer ${'a'.repeat(5000)}`,
            'Basic YWRtaW46YWRtaW4=',
            `Bearer ${token ?? 'none'} extra`,
          ]);
        }
        if (op.method === 'POST' && r.chance(0.3)) {
          headers['idempotency-key'] = r.pick([
            `fz-${r.int(1e9)}`,
            'short',
            'k'.repeat(300),
            "'; DROP TABLE x;--",
            '%00%00%00%00',
            '__proto__',
            'fz-fixed-key-1',
          ]);
        }
        const sentReq: Sent = { method: op.method, url, headers };
        if (op.multipart && r.chance(0.9)) {
          const body = await multipartBody(r, op.multipart, ids);
          Object.assign(sentReq.headers, body.headers);
          sentReq.payload = body.payload;
        } else if (op.body || (op.method !== 'GET' && r.chance(0.3))) {
          const body = await jsonBody(r, op, ids);
          Object.assign(sentReq.headers, body.headers);
          sentReq.payload = body.payload;
        }

        if (process.env.FUZZ_TRACE)
          console.log(
            `#${i} ${role} ${op.method} ${preview(url, 120)} ${preview(sentReq.payload ?? '', 160)}`,
          );
        const remoteAddress = `10.${r.int(256)}.${r.int(256)}.${1 + r.int(254)}`;
        const logsBefore = t.logs.length;
        let res: LightMyRequestResponse;
        let timer: NodeJS.Timeout | undefined;
        try {
          const reply = t.app.inject({
            // A client address per request: the per-client rate limits (10 a minute on sign-in and sign-up) would
            // otherwise answer 429 before validation, and the hostile bodies of those routes would never be read.
            remoteAddress,
            method: sentReq.method as 'GET',
            url: sentReq.url,
            headers: sentReq.headers,
            ...(sentReq.payload !== undefined ? { payload: sentReq.payload } : {}),
          });
          // A request that never gets a reply is as bad as a 5xx (a client waits forever): fail, and stop here, as
          // whatever hangs may hold the database for every later request.
          const hang = new Promise<never>((_resolve, reject) => {
            timer = setTimeout(() => reject(new Error(`no reply in ${HANG_MS} ms`)), HANG_MS);
          });
          res = await Promise.race([reply, hang]);
        } catch (err) {
          failures.push(
            [
              `#${i} ${String(err)} — ${role} ${op.method} ${op.path}`,
              `  url: ${preview(url)}`,
              `  headers: ${preview({ ...headers, authorization: headers.authorization ? '[…]' : undefined })}`,
              `  body: ${preview(sentReq.payload ?? '')}`,
            ].join('\n'),
          );
          hung = true;
          break;
        } finally {
          clearTimeout(timer);
        }
        sent++;
        byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
        const problem = problemOf(op, res);
        if (!problem) continue;
        if (res.statusCode >= 500) fiveXx++;
        else nonEnvelope++;
        if (failures.length < 25) {
          const logged = t.logs
            .slice(logsBefore)
            .filter((l) => /"level":50/.test(l))
            .map((l) => {
              const line = JSON.parse(l) as { msg?: string; err?: { message?: string } };
              return `${line.msg ?? ''}: ${line.err?.message ?? ''}`;
            });
          failures.push(
            [
              `#${i} ${problem} — ${role} ${op.method} ${op.path}`,
              `  url: ${preview(url)}`,
              `  headers: ${preview({ ...headers, authorization: headers.authorization ? '[…]' : undefined })}`,
              `  body: ${preview(sentReq.payload ?? '')}`,
              `  reply: ${res.statusCode} ${preview(res.body)}`,
              ...(logged.length > 0 ? [`  log: ${logged.join(' | ').slice(0, 400)}`] : []),
            ].join('\n'),
          );
        }
      }

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const statuses = [...byStatus.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}:${n}`)
        .join(' ');
      console.log(
        `fuzz: ${sent} requests over ${ops.length} operations in ${seconds} s, ${fiveXx} 5xx, ` +
          `${nonEnvelope} non-envelope${hung ? ', stopped by a request with no reply' : ''}, seed ${SEED} (FUZZ_SEED=${SEED} replays) [${statuses}]`,
      );
      expect(
        failures,
        `fuzz seed ${SEED}: replay with FUZZ_SEED=${SEED} npx vitest run --project server src/server/security/fuzz.test.ts\n${failures.join('\n')}`,
      ).toEqual([]);
    },
    (SECONDS + 60) * 1000,
  );
});
