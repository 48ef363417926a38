import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../auth/tokens';
import { openDatabase } from '../db';
import { emailTokens, invoices, packages } from '../db/schema';
import { jobsDatabaseOf, retryAbandonedJobs } from '../jobs/queue';
import { mayMove } from '../package-status/rules';
import { DEMO } from '../test/harness';
import { tokenOf } from '../test/helpers';
import { scratchDatabase } from '../test/scratch';
import { kill, type ServerProcess, startServer, stop } from '../test/server-process';

/**
 * kill -9 while 50 changes that mail run at once (password-reset requests, invoice sends, package status changes),
 * then a restart on the same data: every change that committed is mailed (twice only when the kill cut off a send
 * in hand), and nothing is mailed for a change that did not commit. On PGlite, and on PostgreSQL when the suite runs
 * there.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

type Kind = 'reset' | 'invoice' | 'status';
type Mail = { to: string; subject: string; links: string[] };
type Api = (path: string, init?: { method?: string; token?: string; body?: unknown }) => Promise<Response>;

const apiOf =
  (server: () => ServerProcess): Api =>
  (path, init = {}) =>
    fetch(`${server().url}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });

async function dataOf<T>(res: Response, status = 200): Promise<T> {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body).data as T;
}

/** The local mailbox as files: it outlives the server that wrote it. */
function mailsIn(dataDir: string): Mail[] {
  const dir = join(dataDir, 'mailbox');
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  return names.map((n) => JSON.parse(readFileSync(join(dir, n), 'utf8')) as Mail);
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('crashes and mail', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-mail-'));
    env = { DATA_DIR: dataDir, AUTH_RATE_LIMIT: '100000' };
    if (onPostgres) {
      const database = await scratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'portal_crash_mail');
      env.DATABASE_URL = database.url;
      dropDatabase = database.drop;
    }
  });
  afterAll(async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('kill -9 during 50 changes that mail: each committed change is mailed, none that did not commit', async () => {
    const began = Date.now();
    let server = await startServer(env);
    const api = apiOf(() => server);
    const signIn = async (who: { email: string; password: string }) =>
      (await dataOf<{ access_token: string }>(await api('/v1/auth/login', { body: who }))).access_token;
    const admin = await signIn(DEMO.admin);
    const customer = await signIn(DEMO.customer);
    const me = await dataOf<{ id: string }>(await api('/v1/auth/me', { token: customer }));

    // What the changes work on: drafts to send (each to an address of its own), the customer's parcels to hold.
    const drafts: { id: string; to: string }[] = [];
    for (let i = 0; i < 17; i++) {
      const draft = await dataOf<{ id: string }>(
        await api('/v1/invoices', {
          token: admin,
          body: {
            customer_id: me.id,
            lines: [
              { type: 'other', description: `Crash test ${i}`, quantity: 1, unit_price_cents: 1_000 + i },
            ],
          },
        }),
        201,
      );
      drafts.push({ id: draft.id, to: `crash-${i}-${randomBytes(3).toString('hex')}@example.test` });
    }
    const page = await dataOf<{ items: { id: string; tracking_number: string; status: string }[] }>(
      await api('/v1/packages?pageSize=100', { token: customer }),
    );
    // Parcels the status's rules let staff put on hold.
    const parcels = page.items.filter((p) => mayMove(p.status, 'on_hold', 'staff')).slice(0, 16);
    expect(parcels).toHaveLength(16);
    const resetFor = [DEMO.customer, DEMO.unverified, DEMO.clerk, DEMO.admin].map((a) => a.email);

    const changes: { kind: Kind; key: string; run: () => Promise<Response> }[] = [
      ...Array.from({ length: 17 }, (_, i) => ({
        kind: 'reset' as const,
        key: `reset-${i}`,
        run: () => api('/v1/auth/passwordReset', { body: { email: resetFor[i % resetFor.length] } }),
      })),
      ...drafts.map((d) => ({
        kind: 'invoice' as const,
        key: d.id,
        run: () => api(`/v1/invoices/${d.id}/send`, { token: admin, body: { to: d.to } }),
      })),
      ...parcels.map((p) => ({
        kind: 'status' as const,
        key: p.id,
        run: () =>
          api(`/v1/admin/packages/${p.id}/status`, {
            token: admin,
            body: { status: 'on_hold', note: 'Held for the crash test', hold_reason: 'customs_inspection' },
          }),
      })),
    ].sort(() => Math.random() - 0.5);

    // The kill comes after a random number of replies (and a random few ms more): mid-stream, with changes
    // committing, replies going out and mails being sent around it.
    const killAfter = 1 + Math.floor(Math.random() * 20);
    const first = server;
    const acknowledged = new Set<string>();
    let replies = 0;
    let killed: Promise<void> | null = null;
    await Promise.all(
      changes.map((c) =>
        c
          .run()
          .then((res) => {
            replies += 1;
            if (res.ok) acknowledged.add(c.key);
            if (replies === killAfter) killed ??= pause(Math.random() * 20).then(() => kill(first));
          })
          .catch(() => {}),
      ),
    );
    await (killed ?? kill(first));

    // The jobs the dead server held: on PGlite the next start retries them (and says how many); on PostgreSQL its
    // supervisor would once they expire (5 minutes), done here at once instead.
    let inHand = 0;
    if (onPostgres) {
      const database = await openDatabase({ databaseUrl: env.DATABASE_URL });
      inHand = await retryAbandonedJobs(database.db);
      await database.close();
    }
    server = await startServer(env);
    if (!onPostgres) inHand = Number(/"jobs":(\d+)[^\n]*retried now/.exec(server.stdout())?.[1] ?? 0);

    // The queue drains: every acknowledged change's mail is there and nothing new arrived for a while.
    const mailedFor = (kind: Kind, key: string, mails: Mail[]) => {
      if (kind === 'invoice') return mails.some((m) => m.to === drafts.find((d) => d.id === key)?.to);
      if (kind === 'status')
        return mails.some((m) =>
          m.subject.startsWith(`${parcels.find((p) => p.id === key)?.tracking_number}: `),
        );
      return true; // a reset is matched by its token below
    };
    let seen = -1;
    let quietSince = Date.now();
    for (const until = Date.now() + 30_000; Date.now() < until; await pause(100)) {
      const mails = mailsIn(dataDir);
      if (mails.length !== seen) {
        seen = mails.length;
        quietSince = Date.now();
      }
      const complete = changes.every((c) => !acknowledged.has(c.key) || mailedFor(c.kind, c.key, mails));
      // Quiet for longer than the worker's polling interval (2 s): nothing was left waiting for a poll.
      if (complete && Date.now() - quietSince > 2_500) break;
    }
    await stop(server);

    // What committed, read from the database itself.
    const database = await openDatabase(onPostgres ? { databaseUrl: env.DATABASE_URL } : { dataDir });
    const db = database.db;
    const tokens = await db
      .select({ hash: emailTokens.tokenHash })
      .from(emailTokens)
      .where(eq(emailTokens.kind, 'reset'));
    const invoiceRows = await db
      .select({ id: invoices.id, status: invoices.status })
      .from(invoices)
      .where(
        inArray(
          invoices.id,
          drafts.map((d) => d.id),
        ),
      );
    const parcelRows = await db
      .select({ id: packages.id, status: packages.statusCode })
      .from(packages)
      .where(
        inArray(
          packages.id,
          parcels.map((p) => p.id),
        ),
      );
    const { rows: jobStates } = await jobsDatabaseOf(db).db.executeSql(
      `SELECT state::text AS state, count(*)::int AS n FROM pgboss.job WHERE name = 'mail' GROUP BY state`,
      [],
    );
    await database.close();

    const mails = mailsIn(dataDir);
    const invoiceMail = (m: Mail) => drafts.some((d) => d.to === m.to);
    const statusMail = (m: Mail) => parcels.some((p) => m.subject.startsWith(`${p.tracking_number}: `));
    const lost: string[] = [];
    const phantom: string[] = [];
    const dishonest: string[] = [];
    let committed = 0;
    let duplicates = 0;
    const tally = (what: string, isCommitted: boolean, mailed: number, acked: boolean) => {
      if (isCommitted) committed += 1;
      if (isCommitted && mailed === 0) lost.push(what);
      if (!isCommitted && mailed > 0) phantom.push(what);
      if (acked && !isCommitted) dishonest.push(what);
      duplicates += Math.max(0, mailed - 1);
    };
    // A reset mail carries its token: each committed token mailed, each mailed token committed.
    const resetMails = mails.filter((m) => m.subject.startsWith('Reset your'));
    const mailedTokens = resetMails.map((m) => hashToken(tokenOf(m.links[0] ?? '')));
    const stored = new Set(tokens.map((t) => t.hash));
    for (const hash of stored)
      tally(`reset ${hash}`, true, mailedTokens.filter((h) => h === hash).length, false);
    for (const hash of new Set(mailedTokens)) if (!stored.has(hash)) phantom.push(`reset ${hash}`);
    // A reply says the reset was asked for: every acknowledged one has its token.
    const resetsAcked = changes.filter((c) => c.kind === 'reset' && acknowledged.has(c.key)).length;
    if (stored.size < resetsAcked) dishonest.push(`${resetsAcked - stored.size} acknowledged resets`);
    for (const d of drafts) {
      const status = invoiceRows.find((r) => r.id === d.id)?.status;
      tally(
        `invoice ${d.to}`,
        status !== 'draft',
        mails.filter((m) => m.to === d.to).length,
        acknowledged.has(d.id),
      );
    }
    for (const p of parcels) {
      const status = parcelRows.find((r) => r.id === p.id)?.status;
      const mailed = mails.filter((m) => m.subject.startsWith(`${p.tracking_number}: `)).length;
      tally(`status ${p.tracking_number}`, status === 'on_hold', mailed, acknowledged.has(p.id));
    }
    const states = Object.fromEntries(jobStates.map((r: { state: string; n: number }) => [r.state, r.n]));

    process.stdout.write(
      `kill -9 mail: ${changes.length} changes (17 resets, 17 invoice sends, 16 status changes), killed after ${killAfter} replies; ${acknowledged.size} acknowledged, ${committed} committed, ${resetMails.length + mails.filter((m) => invoiceMail(m) || statusMail(m)).length} mails, ${duplicates} duplicates (${inHand} jobs in hand at the kill), mail jobs ${JSON.stringify(states)}; ${((Date.now() - began) / 1000).toFixed(1)} s\n`,
    );
    expect(lost, 'committed changes without their mail').toEqual([]);
    expect(phantom, 'mail for changes that did not commit').toEqual([]);
    expect(dishonest, 'acknowledged changes that did not commit').toEqual([]);
    // A mail goes twice only when the kill cut off its send: the one the worker had in hand, the mail already out
    // but the job not yet marked done (mails go one at a time, each marked done as it goes).
    expect(duplicates).toBeLessThanOrEqual(Math.min(1, inHand));
    expect(Object.keys(states).filter((s) => s !== 'completed')).toEqual([]);
  }, 120_000);
});
