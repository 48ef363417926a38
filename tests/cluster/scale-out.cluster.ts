import type { AddressInfo } from 'node:net';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db';
import { JobQueue } from '../../src/server/jobs/queue';
import {
  clusterUnavailable,
  type Instance,
  type RoundRobin,
  removeDataDir,
  type Services,
  startInstance,
  startProxy,
  startServices,
} from './support/cluster';
import { call, multipart, pdfOf, sha256 } from './support/http';

const why = clusterUnavailable();
if (why) console.log(`scale-out test skipped: ${why}`);

/** Figures the issue asks for, printed together at the end (the note reports them). */
const figures: string[] = [];

describe.skipIf(why !== null)(
  'three instances on PostgreSQL, Redis and S3 behind a round-robin proxy',
  () => {
    let services: Services;
    const nodes: Instance[] = [];
    let proxy: RoundRobin;
    let token = '';
    const url = (i: number) => nodes[i]?.url ?? '';

    beforeAll(async () => {
      services = await startServices();
      // The first migrates and seeds; the others start together (and would wait on the startup lock if not).
      nodes.push(await startInstance(services.env));
      nodes.push(...(await Promise.all([startInstance(services.env), startInstance(services.env)])));
      proxy = await startProxy(() => nodes.map((n) => n.url));
      const res = await call(proxy.url, {
        method: 'POST',
        path: '/v1/auth/login',
        json: { email: 'customer@demo.test', password: 'demo-customer-1' },
      });
      expect(res.status).toBe(200);
      token = res.json().data.access_token;
    }, 180_000);

    afterAll(async () => {
      await proxy?.close();
      await Promise.all(nodes.map((n) => n.stop('SIGKILL')));
      for (const n of nodes) removeDataDir(n);
      await services?.stop();
      console.log(`\nScale-out figures:\n${figures.map((f) => `  ${f}`).join('\n')}\n`);
    });

    it("serves a pre-alert's files through every instance, byte for byte, and a removed receipt from none", async () => {
      const invoice = pdfOf(300 * 1024);
      const small = pdfOf(1024);
      const form = await multipart(
        {
          tracking_number: `SCALE-${Date.now()}`,
          seller_name: 'Amazon',
          description: 'Running shoes',
          weight: '2.5',
          value: '45.99',
          package_type: 'parcel',
        },
        [
          { name: 'invoice.pdf', bytes: invoice, type: 'application/pdf' },
          { name: 'small.pdf', bytes: small, type: 'application/pdf' },
        ],
      );
      const created = await call(url(0), {
        method: 'POST',
        path: '/v1/peralert',
        token,
        body: form.body,
        headers: { 'content-type': form.type, 'idempotency-key': `scale-files-${Date.now()}` },
      });
      expect(created.status, created.body.toString()).toBe(201);
      const files: { url: string; name: string }[] = created.json().data.files;
      const expected: Record<string, string> = { 'invoice.pdf': sha256(invoice), 'small.pdf': sha256(small) };
      for (const f of files) {
        for (const n of nodes) {
          const dl = await call(n.url, { path: f.url, token });
          expect(dl.status).toBe(200);
          expect(sha256(dl.body)).toBe(expected[f.name]);
        }
      }
      // 100 downloads spread by the proxy over the three instances.
      let ok = 0;
      for (let i = 0; i < 100; i++) {
        const f = files[i % files.length];
        if (!f) continue;
        const dl = await call(proxy.url, { path: f.url, token });
        if (dl.status === 200 && sha256(dl.body) === expected[f.name]) ok += 1;
      }
      figures.push(`downloads through the proxy, any instance: ${ok}/100 identical (goal 100 %)`);
      expect(ok).toBe(100);

      // A receipt added through one instance and removed through another is gone from all three and from the bucket.
      const packages = await call(proxy.url, { path: '/v1/packages?limit=1', token });
      const packageId: string = packages.json().data.items[0].id;
      const receiptForm = await multipart({ package_id: packageId }, [
        { name: 'receipt.pdf', bytes: pdfOf(20 * 1024), type: 'application/pdf' },
      ]);
      const added = await call(url(1), {
        method: 'POST',
        path: '/v1/packagereceipts',
        token,
        body: receiptForm.body,
        headers: { 'content-type': receiptForm.type },
      });
      expect(added.status, added.body.toString()).toBe(201);
      const receipt = [added.json().data].flat()[0] as { id: string; file: { id: string; url: string } };
      const db = new pg.Client({ connectionString: services.databaseUrl });
      await db.connect();
      const { rows } = await db.query<{ storage_key: string }>(
        'SELECT storage_key FROM files WHERE id = $1',
        [receipt.file.id],
      );
      await db.end();
      const key = rows[0]?.storage_key ?? '';
      const s3 = new S3Client({
        endpoint: services.s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: services.s3.accessKeyId, secretAccessKey: services.s3.secretAccessKey },
      });
      await s3.send(new HeadObjectCommand({ Bucket: services.s3.bucket, Key: key }));
      const removed = await call(url(2), {
        method: 'DELETE',
        path: `/v1/packagereceipts/${receipt.id}`,
        token,
      });
      expect(removed.status).toBe(200);
      for (const n of nodes) {
        const gone = await call(n.url, { path: receipt.file.url, token });
        expect(gone.status).toBe(404);
        expect(gone.json()).toMatchObject({ success: false, statusCode: 404, data: null });
      }
      await expect(
        s3.send(new HeadObjectCommand({ Bucket: services.s3.bucket, Key: key })),
      ).rejects.toThrow();
      s3.destroy();
    });

    it('allows 10 sign-in attempts a minute from one client in all, not 10 per instance', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await call(proxy.url, {
          method: 'POST',
          path: '/v1/auth/login',
          json: { email: `guess-${i}@example.test`, password: 'not-it-123' },
          // A client of its own (all of 127/8 is this machine): the proxy tells the instances this address.
          localAddress: '127.0.0.23',
        });
        statuses.push(res.status);
      }
      const allowed = statuses.filter((s) => s === 401).length;
      figures.push(`sign-in attempts allowed from one client across 3 instances: ${allowed} of 30 (goal 10)`);
      expect(allowed).toBe(10);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    });

    it('serves a company created on one instance from the others within a second', async () => {
      const admin = await call(url(0), {
        method: 'POST',
        path: '/v1/auth/login',
        json: { email: 'platform@demo.test', password: 'demo-platform-1' },
      });
      expect(admin.status).toBe(200);
      const suffix = Date.now().toString(36);
      const host = `scale-${suffix}.localhost`;
      // The other instances have just looked this host up and cached "no company here".
      for (const i of [1, 2]) {
        expect((await call(url(i), { path: '/v1/companies/me', host })).status).toBe(404);
      }
      const created = await call(url(0), {
        method: 'POST',
        path: '/v1/companies',
        token: admin.json().data.access_token,
        json: {
          name: `Scale ${suffix}`,
          slug: `scale-${suffix}`,
          hostnames: [host],
          mailbox_prefix: 'SCL',
          warehouse_address: {
            line1: '1 Dock Rd',
            line2: '',
            city: 'Miami',
            state: 'FL',
            postal_code: '33101',
            country: 'US',
            phone: '',
          },
        },
      });
      expect(created.status, created.body.toString()).toBe(201);
      const t0 = Date.now();
      const seen: number[] = [];
      for (const i of [1, 2]) {
        for (;;) {
          const res = await call(url(i), { path: '/v1/companies/me', host });
          if (res.status === 200) {
            expect(res.json().data.name).toBe(`Scale ${suffix}`);
            seen.push(Date.now() - t0);
            break;
          }
          if (Date.now() - t0 > 10_000) throw new Error('the new company was not seen within 10 s');
          await new Promise((r) => setTimeout(r, 5));
        }
      }
      const worst = Math.max(...seen);
      figures.push(
        `a new company served by the other instances after ${worst} ms (goal < 1,000 ms; before: up to 10 s)`,
      );
      expect(worst).toBeLessThan(1000);
    });

    it('an instance killed mid-upload: the retry with the same Idempotency-Key makes exactly one pre-alert', async () => {
      const tracking = `KILL-${Date.now()}`;
      const big = pdfOf(4 * 1024 * 1024);
      const form = await multipart(
        {
          tracking_number: tracking,
          seller_name: 'Amazon',
          description: 'A big invoice',
          weight: '1',
          value: '10',
          package_type: 'parcel',
        },
        [{ name: 'big.pdf', bytes: big, type: 'application/pdf' }],
      );
      const key = `kill-${Date.now()}`;
      const headers = { 'content-type': form.type, 'idempotency-key': key };
      let release = () => {};
      const released = new Promise<void>((r) => {
        release = r;
      });
      const victim = nodes[1];
      if (!victim) throw new Error('no instance');
      const first = call(victim.url, {
        method: 'POST',
        path: '/v1/peralert',
        token,
        body: form.body,
        headers,
        pause: { at: Math.floor(form.body.length / 2), release: released },
      }).then(
        (r) => r.status,
        () => 'connection lost' as const,
      );
      await new Promise((r) => setTimeout(r, 300));
      await victim.stop('SIGKILL');
      release();
      expect(await first).toBe('connection lost');
      const retry = await call(proxy.url, {
        method: 'POST',
        path: '/v1/peralert',
        token,
        body: form.body,
        headers,
      });
      expect(retry.status, retry.body.toString()).toBe(201);
      const again = await call(proxy.url, {
        method: 'POST',
        path: '/v1/peralert',
        token,
        body: form.body,
        headers,
      });
      expect(again.status).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      const mine = await call(proxy.url, { path: '/v1/peralert?limit=100', token });
      const matching = (mine.json().data.items as { tracking_number: string }[]).filter(
        (p) => p.tracking_number === tracking,
      );
      expect(matching).toHaveLength(1);
      // Back in the pool for the next test, on the same port.
      nodes[1] = await startInstance(services.env, { port: victim.port, dataDir: victim.dataDir });
    });

    it('drops no request while every instance is restarted in turn under load', async () => {
      let stop = false;
      let done = 0;
      const failures: string[] = [];
      const worker = async (w: number) => {
        while (!stop) {
          try {
            const res = await call(proxy.url, {
              path: '/v1/packages?limit=20',
              token,
              localAddress: `127.0.1.${w + 1}`,
            });
            if (res.status === 200) done += 1;
            else failures.push(`${res.status} ${res.body.toString().slice(0, 120)}`);
          } catch (err) {
            failures.push(String(err));
          }
        }
      };
      const load = Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)));
      const t0 = Date.now();
      for (let i = 0; i < nodes.length; i++) {
        const old = nodes[i];
        if (!old) continue;
        expect(await old.stop('SIGTERM')).toBe(0);
        nodes[i] = await startInstance(services.env, { port: old.port, dataDir: old.dataDir });
      }
      stop = true;
      await load;
      figures.push(
        `rolling restart of 3 instances under load (6 clients, ${((Date.now() - t0) / 1000).toFixed(1)} s): ` +
          `${done} requests answered, ${failures.length} dropped (goal 0)`,
      );
      expect(failures).toEqual([]);
      expect(done).toBeGreaterThan(100);
    });

    it('sends each of 100 queued mails exactly once with two instances working the queue', async () => {
      // Two instances work the queue (the third is stopped), each sending through an SMTP server of its own that
      // takes 30 ms a message, so both are busy at once and the split shows who sent what. The mails are queued from
      // outside, as a burst of notifications would be, through the app's own queue.
      const third = nodes[2];
      if (!third) throw new Error('no instance');
      expect(await third.stop('SIGTERM')).toBe(0);
      const run = `run-${Date.now()}`;
      const counts = new Map<string, number>();
      const perInstance = [0, 0];
      const smtp = await Promise.all(
        [0, 1].map(async (i) => {
          const server = new SMTPServer({
            authOptional: true,
            disabledCommands: ['STARTTLS'],
            logger: false,
            onData(stream, _session, callback) {
              const chunks: Buffer[] = [];
              stream.on('data', (c: Buffer) => chunks.push(c));
              stream.on('end', () => {
                const subject =
                  /^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString('utf8'))?.[1]?.trim() ?? '';
                if (subject.startsWith(run)) {
                  counts.set(subject, (counts.get(subject) ?? 0) + 1);
                  perInstance[i] = (perInstance[i] ?? 0) + 1;
                }
                setTimeout(callback, 30);
              });
            },
          });
          await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
          return server;
        }),
      );
      try {
        for (const i of [0, 1]) {
          const old = nodes[i];
          const server = smtp[i];
          if (!old || !server) throw new Error('no instance');
          await old.stop('SIGTERM');
          const { port } = server.server.address() as AddressInfo;
          nodes[i] = await startInstance(
            { ...services.env, SMTP_URL: `smtp://127.0.0.1:${port}` },
            { port: old.port, dataDir: old.dataDir },
          );
        }
        const database = await openDatabase({ databaseUrl: services.databaseUrl });
        const queue = new JobQueue(database.db, {
          log: { warn: () => {}, error: () => {} },
          schedules: false,
        });
        try {
          for (let i = 0; i < 100; i++) {
            await queue.enqueue('mail', {
              message: {
                companyId: 'cluster-test',
                to: `customer-${i}@example.test`,
                subject: `${run} mail ${i}`,
                text: `Mail ${i}`,
                html: `<p>Mail ${i}</p>`,
                links: [],
                from: 'portal@example.test',
              },
            });
          }
        } finally {
          await queue.stop();
          await database.close();
        }
        const t0 = Date.now();
        while (counts.size < 100 && Date.now() - t0 < 90_000) await new Promise((r) => setTimeout(r, 100));
        const elapsed = Date.now() - t0;
        // A mail sent twice would arrive as a second copy: give a late duplicate time to show.
        await new Promise((r) => setTimeout(r, 3_000));
        const twice = [...counts.values()].filter((c) => c > 1).length;
        figures.push(
          `100 queued mails, 2 instances: ${counts.size} delivered, ${twice} twice, sent ${perInstance.join(' + ')}, all out in ${(elapsed / 1000).toFixed(1)} s`,
        );
        expect(counts.size).toBe(100);
        expect(twice).toBe(0);
        expect(perInstance.every((n) => n > 0)).toBe(true);
      } finally {
        await Promise.all(nodes.slice(0, 2).map((n) => n.stop('SIGTERM')));
        await Promise.all(smtp.map((server) => new Promise<void>((r) => server.close(() => r()))));
      }
    });
  },
);
