import { randomBytes } from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prealerts, storageUsage, users } from '../db/schema';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError } from '../test/helpers';
import { multipart, PDF } from '../test/multipart';
import { filesOnDisk, prealertFields } from '../test/packages';
import { startS3Server, type TestS3Server } from '../test/s3-server';

/**
 * Hardening II, item 3: a form whose request fails leaves no file behind, staged or moved into place, on disk or in
 * a bucket: not one to wait for the hourly orphan sweep. However it fails: the client goes away mid-file, the body
 * is cut off, a limit is passed, the fields are refused after the files were staged, the transaction rolls back.
 */

/** A PDF of `size` bytes: the header, then noise (its type is sniffed from the first bytes). */
const pdfOf = (size: number) => Buffer.concat([PDF, randomBytes(size - PDF.length)]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `read` until `done` holds (or 5 s pass), and returns the last value: clean-up may finish after the reply. */
async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const until = Date.now() + 5000;
  let v = await read();
  while (!done(v) && Date.now() < until) {
    await sleep(25);
    v = await read();
  }
  return v;
}

/** What a store holds: staged files, and committed keys. */
type Holdings = { staged: () => Promise<string[]>; stored: () => Promise<string[]> };

function onDisk(t: () => TestApp): Holdings {
  return {
    staged: async () => {
      try {
        return readdirSync(join(t().config.dataDir, 'files', '.staging'));
      } catch {
        return [];
      }
    },
    stored: async () => filesOnDisk(t()).filter((f) => !f.includes('.staging')),
  };
}

function inBucket(s3: () => TestS3Server, client: () => S3Client): Holdings {
  const keys = async (prefix?: string) => {
    const res = await client().send(new ListObjectsV2Command({ Bucket: s3().bucket, Prefix: prefix }));
    return (res.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
  };
  return {
    staged: () => keys('.staging/'),
    stored: async () => (await keys()).filter((k) => !k.startsWith('.staging/')),
  };
}

describe.each(['disk', 's3'] as const)('a failed upload leaves no file behind (%s store)', (kind) => {
  let t: TestApp;
  let s3: TestS3Server | undefined;
  let client: S3Client | undefined;
  let token: string;
  let port: number;
  const store =
    kind === 'disk'
      ? onDisk(() => t)
      : inBucket(
          () => s3 as TestS3Server,
          () => client as S3Client,
        );

  beforeAll(async () => {
    if (kind === 's3') {
      s3 = await startS3Server();
      client = new S3Client({
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
      });
    }
    t = await createTestApp(s3 ? { env: s3.env } : {});
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening on a port');
    port = address.port;
    token = (await t.login(DEMO.customer.email, DEMO.customer.password)).access;
  });
  afterAll(async () => {
    await t?.close();
    client?.destroy();
    await s3?.close();
  });

  /** Sends a pre-alert (through inject) and returns its reply with what the store gained meanwhile. */
  async function send(form: { payload: Buffer; headers: Record<string, string> }) {
    const before = await store.stored();
    const res = await t.request({ method: 'POST', url: '/v1/peralert', token, ...form });
    const staged = await eventually(store.staged, (s) => s.length === 0);
    const added = (await store.stored()).filter((k) => !before.includes(k));
    return { res, staged, added };
  }

  /** Sends the first `bytes` of a pre-alert over a real socket, then drops the connection once `leave` resolves. */
  function leaveMidForm(
    form: { payload: Buffer; headers: Record<string, string> },
    bytes: number,
    leave: () => Promise<unknown>,
    path = '/v1/peralert',
  ): Promise<void> {
    return new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          ...form.headers,
          host: 'localhost',
          authorization: `Bearer ${token}`,
          'content-length': String(form.payload.length),
        },
      });
      req.on('close', () => resolve());
      req.on('error', () => resolve());
      req.write(form.payload.subarray(0, bytes), () => {
        void leave().then(() => req.destroy());
      });
    });
  }

  it('the client goes away mid-file: what it had sent is removed at once (and it is no server error)', async () => {
    const before = await store.stored();
    const logged = t.logs.length;
    const form = await multipart(prealertFields(`CUT${Date.now().toString(36)}`), [
      { name: 'big.pdf', bytes: pdfOf(2 * 1024 * 1024) },
    ]);
    // Half the file, then the connection drops while the server waits for the rest (on disk, once it is staging).
    await leaveMidForm(form, form.payload.length / 2, () =>
      kind === 'disk' ? eventually(store.staged, (s) => s.length > 0) : sleep(300),
    );
    expect(await eventually(store.staged, (s) => s.length === 0)).toEqual([]);
    expect(await store.stored()).toEqual(before);
    expect(t.logs.slice(logged).filter((l) => l.includes('"level":50'))).toEqual([]);
  });

  it('a client that leaves before its form is read: the request ends, it does not wait forever', async () => {
    // The server is busy with the quota while the client sends part of its form and goes away.
    const check = t.app.services.uploadQuota.check;
    let gone = () => {};
    const left = new Promise<void>((resolve) => {
      gone = resolve;
    });
    t.app.services.uploadQuota.check = async (...args) => {
      await left;
      return check(...args);
    };
    const marker = `gone-${Date.now().toString(36)}`;
    // Fastify reports on this channel when a handler settles: a reply to the departed client is never written.
    const HANDLER_SETTLED = 'tracing:fastify.request.handler:asyncEnd';
    let settled: unknown;
    const onSettled = (message: unknown) => {
      const store = message as { request: FastifyRequest; error?: unknown };
      if (store.request.url.includes(marker)) settled = store.error ?? 'answered';
    };
    diagnostics.subscribe(HANDLER_SETTLED, onSettled);
    try {
      const form = await multipart(prealertFields(marker), [{ name: 'a.pdf', bytes: pdfOf(64 * 1024) }]);
      await leaveMidForm(form, 2000, () => sleep(50), `/v1/peralert?try=${marker}`);
      await sleep(100);
      gone();
      expect(
        await eventually(
          async () => settled,
          (s) => s !== undefined,
        ),
      ).toMatchObject({
        statusCode: 400,
        message: 'The request was closed before the form arrived',
      });
    } finally {
      diagnostics.unsubscribe(HANDLER_SETTLED, onSettled);
      t.app.services.uploadQuota.check = check;
    }
  });

  it('a body cut off mid-file (the form never closes) is a 400, and leaves nothing', async () => {
    const form = await multipart(prealertFields(`TRUNC${Date.now().toString(36)}`), [
      { name: 'a.pdf', bytes: pdfOf(64 * 1024) },
      { name: 'b.pdf', bytes: pdfOf(64 * 1024) },
    ]);
    const cut = form.payload.indexOf('b.pdf') + 20_000;
    const { res, staged, added } = await send({ ...form, payload: form.payload.subarray(0, cut) });
    expectError(res, 400, /not valid multipart/);
    expect(staged).toEqual([]);
    expect(added).toEqual([]);
  });

  it('a form past the file limit, or refused after its files were staged, leaves nothing', async () => {
    const six = await multipart(
      prealertFields(`SIX${Date.now().toString(36)}`),
      Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, bytes: PDF })),
    );
    const tooMany = await send(six);
    expectError(tooMany.res, 400);
    expect(tooMany.staged).toEqual([]);
    expect(tooMany.added).toEqual([]);

    const { weight: _weight, ...noWeight } = prealertFields(`NOWEIGHT${Date.now().toString(36)}`);
    const refused = await send(await multipart(noWeight, [{ name: 'a.pdf', bytes: PDF }]));
    expect(expectError(refused.res, 400).errors?.weight).toBeDefined();
    expect(refused.staged).toEqual([]);
    expect(refused.added).toEqual([]);
  });

  it('a transaction that fails at COMMIT takes back the files its work moved into place, and their charge', async () => {
    // A deferred check that fails as the request's transaction commits, after every row and file is in place.
    const { db } = t.database;
    await db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION refuse_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.original_name = 'refused-at-commit.pdf' THEN RAISE EXCEPTION 'refused at commit'; END IF;
          RETURN NULL;
        END $$`),
    );
    await db.execute(
      sql.raw(`CREATE CONSTRAINT TRIGGER refuse_at_commit AFTER INSERT ON files
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION refuse_at_commit()`),
    );
    const [owner] = await db.select().from(users).where(eq(users.email, DEMO.customer.email));
    if (!owner) throw new Error('no demo customer');
    const usage = async () =>
      (await db.select().from(storageUsage).where(eq(storageUsage.companyId, owner.companyId)))[0]?.bytes ??
      0;
    const charged = await usage();
    const tracking = `COMMIT${Date.now().toString(36)}`.toUpperCase();

    const { res, staged, added } = await send(
      await multipart(prealertFields(tracking), [
        { name: 'kept.pdf', bytes: pdfOf(4096) },
        { name: 'refused-at-commit.pdf', bytes: pdfOf(8192) },
      ]),
    );
    expectError(res, 500);
    expect(staged).toEqual([]);
    expect(added).toEqual([]);
    expect(await usage()).toBe(charged);
    expect(await db.select().from(prealerts).where(eq(prealerts.trackingNumber, tracking))).toEqual([]);
  });
});
