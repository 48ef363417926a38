import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../test/harness';
import { PDF } from '../test/multipart';
import { scratchDatabase } from '../test/scratch';
import { kill, spawnServer, startServer } from '../test/server-process';

/**
 * The real server in a child process, killed with SIGKILL at random instants: what a crash, an OOM kill or a pulled
 * plug does. On PGlite, and on PostgreSQL when the suite runs there.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

describe('crashes', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-crash-'));
    env = { DATA_DIR: dataDir };
    if (onPostgres) {
      const database = await scratchDatabase(process.env.TEST_DATABASE_URL ?? '', 'portal_crash');
      env.DATABASE_URL = database.url;
      dropDatabase = database.drop;
    }
  });
  afterAll(async () => {
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.skipIf(onPostgres)(
    'a second server on the same embedded database folder refuses to start, with a clear message',
    async () => {
      const first = await startServer(env);
      try {
        const second = spawnServer(env, 'ignore');
        let stderr = '';
        second.stderr?.on('data', (d) => {
          stderr += String(d);
        });
        const code = await new Promise<number | null>((done) => second.on('exit', done));
        expect(code).toBe(1);
        expect(stderr).toMatch(
          /Another portal process \(\d+: a server, or a backup or restore\) is using the embedded database/,
        );
        // The first one is untouched.
        expect((await fetch(`${first.url}/v1/companies/me`)).status).toBe(200);
      } finally {
        await kill(first);
      }
      // After a kill -9 the lock is stale: the next start takes it over.
      const again = await startServer(env);
      await kill(again);
    },
    180_000,
  );

  it('a retry after kill -9 at any instant gets the original reply: each pre-alert exactly once', async () => {
    // Kill delays spread from "still uploading" to "committed, reply not yet out".
    const delays = [60, 300, 650, 1000];
    const rounds = delays.length;
    const perRound = 5;
    let server = await startServer(env);
    const signIn = await fetch(`${server.url}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.customer),
    });
    const token = (await signIn.json()).data.access_token as string;
    const invoices = new Map<string, Uint8Array<ArrayBuffer>>();
    const send = (url: string, tracking: string, key: string) => {
      const fd = new FormData();
      const fields = {
        tracking_number: tracking,
        seller_name: 'Amazon',
        description: 'Crash test',
        weight: '1',
        value: '12',
        package_type: 'parcel',
      };
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      // The same bytes on every try of an item: a retry is the same request.
      const bytes = invoices.get(key) ?? new Uint8Array(Buffer.concat([PDF, randomBytes(200_000)]));
      invoices.set(key, bytes);
      fd.append('files', new Blob([bytes]), 'inv.pdf');
      return fetch(`${url}/v1/peralert`, {
        method: 'POST',
        body: fd,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      });
    };
    const outcomes = { acknowledged: 0, cutOff: 0, committedUnacknowledged: 0 };
    const firstIds = new Map<string, string>();
    for (let round = 0; round < rounds; round++) {
      const batch = Array.from({ length: perRound }, (_, i) => ({
        tracking: `CRASH-${round}-${i}-${randomBytes(3).toString('hex')}`.toUpperCase(),
        key: `crash-key-${round}-${i}-${randomBytes(6).toString('hex')}`,
      }));
      const inFlight = batch.map((b) =>
        send(server.url, b.tracking, b.key)
          .then(async (r) => {
            if (r.status === 201) {
              outcomes.acknowledged += 1;
              firstIds.set(b.key, (await r.json()).data.id);
            }
          })
          .catch(() => {
            outcomes.cutOff += 1;
          }),
      );
      // Somewhere in the middle of the uploads: before, during or after the commits.
      await new Promise((r) => setTimeout(r, (delays[round] ?? 0) + Math.random() * 150));
      await kill(server);
      await Promise.all(inFlight);
      server = await startServer(env);
      for (const b of batch) {
        const retry = await send(server.url, b.tracking, b.key);
        expect(retry.status, await retry.clone().text()).toBe(201);
        const id = (await retry.json()).data.id as string;
        const first = firstIds.get(b.key);
        if (first)
          expect(id).toBe(first); // acknowledged before the crash: the same record comes back
        // Committed before the kill but the client never heard: the case that used to get 409s.
        else if (retry.headers.get('idempotent-replayed') === 'true') outcomes.committedUnacknowledged += 1;
        const again = await send(server.url, b.tracking, b.key);
        expect(again.status).toBe(201);
        expect(again.headers.get('idempotent-replayed')).toBe('true');
        expect((await again.json()).data.id).toBe(id);
        const list = await fetch(`${server.url}/v1/peralert?pageSize=100`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const items = (await list.json()).data.items as { tracking_number: string }[];
        expect(items.filter((p) => p.tracking_number === b.tracking)).toHaveLength(1);
      }
    }
    await kill(server);
    process.stdout.write(
      `kill -9 idempotency: ${rounds * perRound} uploads over ${rounds} crashes; ${outcomes.acknowledged} acknowledged before the kill, ${outcomes.cutOff} cut off (${outcomes.committedUnacknowledged} of them committed before the kill); every retry 201 with one record\n`,
    );
    expect(outcomes.acknowledged + outcomes.cutOff).toBe(rounds * perRound);
  }, 240_000);
});
