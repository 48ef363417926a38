// Login flood: p95 of a cheap read and of a file download while 32 clients hammer /v1/auth/login (unknown emails, so
// every attempt pays a full scrypt; each from its own address through a trusted proxy hop, so the per-client limit
// does not stop them: a distributed flood). Run twice: with the KDF unbounded (the old behaviour) and bounded.
// BENCH=login npm run bench
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { login, percentile, root, start, stop } from './server';

const FLOOD = 32;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

/** Sequential requests for `ms`, one at a time: what a user clicking around would see. */
async function probe(url: string, headers: Record<string, string>, ms: number) {
  const times: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { n: times.length, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function flood(base: string, ms: number) {
  let sent = 0;
  const until = Date.now() + ms;
  const worker = async () => {
    while (Date.now() < until) {
      await fetch(`${base}/v1/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${randomBytes(3).join('.')}`,
        },
        body: JSON.stringify({
          email: `flood-${randomBytes(4).toString('hex')}@example.test`,
          password: 'x'.repeat(12),
        }),
      }).then((r) => r.arrayBuffer());
      sent += 1;
    }
  };
  await Promise.all(Array.from({ length: FLOOD }, worker));
  return sent;
}

async function run(label: string, kdf: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-flood-'));
  const port = '18741';
  const server = await start(
    [join(root, 'src/server/main.ts')],
    {
      PORT: port,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIR: join(dataDir, 'none'),
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      TRUST_PROXY: '1',
      KDF_CONCURRENCY: kdf,
    },
    async (u) => (await fetch(`${u}/v1/companies/me`)).ok,
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    const token = await login(base, 'customer@demo.test', 'demo-customer-1');
    const auth = { authorization: `Bearer ${token}` };
    const list = (await (await fetch(`${base}/v1/peralert?pageSize=5`, { headers: auth })).json()) as {
      data: { items: { files: { url: string }[] }[] };
    };
    const fileUrl = `${base}${list.data.items.find((i) => i.files.length > 0)?.files[0]?.url}`;
    const quietRead = await probe(`${base}/v1/companies/me`, {}, 2000);
    const quietFile = await probe(fileUrl, auth, 2000);
    const floodDone = flood(base, SECONDS * 1000);
    await new Promise((r) => setTimeout(r, 500)); // let the flood build up
    const [read, file] = await Promise.all([
      probe(`${base}/v1/companies/me`, {}, SECONDS * 1000 - 1000),
      probe(fileUrl, auth, SECONDS * 1000 - 1000),
    ]);
    const logins = await floodDone;
    const f = (x: number) => `${x.toFixed(1).padStart(7)} ms`;
    console.log(
      `${label.padEnd(30)} GET /v1/companies/me p95 quiet ${f(quietRead.p95)} → flood ${f(read.p95)} (p50 ${f(read.p50)}, n=${read.n})`,
    );
    console.log(
      `${''.padEnd(30)} GET /v1/files/{id}    p95 quiet ${f(quietFile.p95)} → flood ${f(file.p95)} (p50 ${f(file.p50)}, n=${file.n}); ${logins} logins answered in ${SECONDS} s`,
    );
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchLoginFlood() {
  console.log(`\nLogin flood (${FLOOD} concurrent logins for ${SECONDS} s; goal: cheap read p95 ≤ 50 ms)`);
  await run('KDF unbounded (before)', '64');
  await run('KDF bounded (now)', '');
}
