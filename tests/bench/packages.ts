// Packages bench. On PostgreSQL (BENCH_DATABASE_URL): GET /v1/packages (a filtered page of 50) at 10k, 100k and 1M
// packages beside a hand-written route doing the same query with `pg` in the same process (packages-server.ts), each
// figure beside its goal. On the embedded default: a fresh start's time to ready and the list's throughput. Then a
// pre-alert upload of 5 × 5 MB files against a plain upload of the same bytes.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { hashPassword } from '../../src/server/auth/passwords';
import { openDatabase } from '../../src/server/db';
import { companies, packages } from '../../src/server/db/schema';
import { seed } from '../../src/server/seeds/seed';
import { type LoadRow, load, login, root, start, stop } from './server';

const SIZES = (process.env.BENCH_PACKAGES ?? '10000,100000,1000000').split(',').map(Number);
const CUSTOMERS = 1000;
const BENCH_PASSWORD = 'bench-password-1';
const STATUSES = [
  'received_us',
  'in_transit',
  'at_customs',
  'ready_for_pickup',
  'delivered',
  'delivered',
  'delivered',
  'on_hold',
  'returned',
];

/** Adds synthetic packages (spread over 1,000 customers of Island Express) until the table holds `target` rows. */
export async function grow(dataDir: string, target: number, databaseUrl?: string) {
  const database = await openDatabase({ databaseUrl, dataDir });
  const { db } = database;
  await seed(db, { scryptLogN: 10 });
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.slug, 'island-express'));
  if (!company) throw new Error('no company');
  const hash = await hashPassword(BENCH_PASSWORD, 10);
  await db.execute(sql`
    INSERT INTO users (company_id, email, password_hash, first_name, last_name, mailbox_number, email_verified_at)
    SELECT ${company.id}, 'bench' || g || '@bench.test', ${hash}, 'Bench', 'Customer ' || g, 'IEX-B' || g, now()
    FROM generate_series(1, ${CUSTOMERS}) g
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`CREATE TABLE IF NOT EXISTS bench_users AS
    SELECT id, row_number() OVER (ORDER BY email) AS rn FROM users WHERE email LIKE '%@bench.test'`);
  const n = (await db.select({ n: count() }).from(packages))[0]?.n ?? 0;
  const from = n + 1;
  const started = performance.now();
  for (let lo = from; lo <= target; lo += 100_000) {
    const hi = Math.min(target, lo + 99_999);
    await db.execute(sql`
      INSERT INTO packages (company_id, user_id, tracking_number, description, seller_name, weight,
                            declared_value_cents, status_code, received_at, created_at, updated_at)
      SELECT ${company.id}, u.id, 'BENCH' || lpad(g::text, 9, '0'), 'Bench parcel ' || g,
             (ARRAY['Amazon','eBay','Shein','Walmart'])[1 + g % 4], (1 + g % 40)::numeric, (g % 50000),
             (${sql.raw(`ARRAY[${STATUSES.map((s) => `'${s}'`).join(',')}]`)})[1 + g % ${STATUSES.length}],
             now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval, now()
      FROM generate_series(${lo}::int, ${hi}::int) g
      JOIN bench_users u ON u.rn = 1 + (g % ${CUSTOMERS})`);
  }
  await db.execute(sql`ANALYZE packages`);
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  await database.close();
  console.log(
    `\n${target.toLocaleString('en')} packages in the database (${Math.max(0, target - n).toLocaleString('en')} added in ${secs} s)`,
  );
}

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** The API server; its hand-written twin listens on the next port, the bare route on the one after. */
const PORT = Number(process.env.BENCH_PORT ?? 18741);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? Number.NaN;
const spread = (xs: number[], digits = 0) =>
  `${Math.min(...xs).toFixed(digits)}/${median(xs).toFixed(digits)}/${Math.max(...xs).toFixed(digits)}`;
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/**
 * GET /v1/packages on PostgreSQL (BENCH_DATABASE_URL) at each size beside its hand-written twin, or on the embedded
 * default: fresh start time and the list's throughput. Then the upload bench. Figures are min/median/max of
 * BENCH_RUNS runs.
 */
export async function benchPackages() {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-pkg-'));
  try {
    if (databaseUrl) {
      // No upload bench here: the reused databases keep the bench customer's hourly upload quota spent.
      await benchPostgres(databaseUrl, dataDir);
    } else {
      const env = await benchEmbedded(dataDir);
      await benchUpload(env, `http://127.0.0.1:${env.PORT}`);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One database per size (`<name>_10k`, `<name>_100k`, `<name>_1m`), created and grown once, reused by later runs. */
async function databaseFor(base: string, size: number): Promise<string> {
  const url = new URL(base);
  const name = `${url.pathname.slice(1) || 'postgres'}_${size >= 1e6 ? `${size / 1e6}m` : `${size / 1e3}k`}`;
  // Created from the server's maintenance database: the base one need not exist.
  const maintenance = new URL(base);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.toString() });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

async function benchPostgres(base: string, dataDir: string) {
  const twinBase = `http://127.0.0.1:${PORT + 1}/bench/packages`;
  const apiBase = `http://127.0.0.1:${PORT}`;
  let env: Record<string, string> = {};
  const bare = await start(
    [join(root, 'tests/bench/bare-server.ts')],
    { PORT: String(PORT + 2) },
    async (u) => (await fetch(`${u}/bare`)).ok,
  );
  console.log(`\nPackages bench on PostgreSQL (16 connections, ${RUNS} runs; min/median/max)`);
  // size -> row title -> one LoadRow per run
  const results = new Map<number, Map<string, LoadRow[]>>();
  try {
    for (const size of SIZES) {
      const url = await databaseFor(base, size);
      await grow(dataDir, size, url);
      const ids = await idsOf(url);
      env = {
        PORT: String(PORT),
        TWIN_PORT: String(PORT + 1),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        WEB_DIR: join(dataDir, 'none'),
        DATABASE_URL: url,
        SMTP_URL: '',
      };
      const api = await start(
        [join(root, 'tests/bench/packages-server.ts')],
        env,
        async (u) => (await fetch(`${u}/v1/companies/me`)).ok,
      );
      const rows = new Map<string, LoadRow[]>();
      results.set(size, rows);
      const keep = (row: LoadRow) => rows.set(row.title, [...(rows.get(row.title) ?? []), row]);
      try {
        const admin = await login(apiBase, 'admin@demo.test', 'demo-admin-1');
        const customer = await login(apiBase, 'bench1@bench.test', BENCH_PASSWORD);
        // A page's size matters to its cost: say how full each row's page is at this size.
        for (const [title, path, token] of [
          [STAFF, '/v1/packages?pageSize=50&status=in_transit', admin],
          [CUSTOMER, '/v1/packages?pageSize=50&status=delivered', customer],
        ] as const) {
          const res = await fetch(`${apiBase}${path}`, { headers: { authorization: `Bearer ${token}` } });
          const page = (await res.json()) as { data: { items: unknown[]; total: number } };
          console.log(
            `   ${title}: ${page.data.items.length} items on the page, ${page.data.total} matches (capped)`,
          );
        }
        for (let run = 1; run <= RUNS; run++) {
          console.log(`-- ${size.toLocaleString('en')} packages, run ${run} (load average ${loadavg()})`);
          keep(await load('bare Fastify route', `http://127.0.0.1:${PORT + 2}/bare`));
          keep(
            await load(STAFF, `${apiBase}/v1/packages?pageSize=50&status=in_transit`, {
              headers: { authorization: `Bearer ${admin}` },
            }),
          );
          keep(
            await load(
              `${STAFF} (hand-written)`,
              `${twinBase}?company=${ids.company}&pageSize=50&status=in_transit`,
            ),
          );
          keep(
            await load(CUSTOMER, `${apiBase}/v1/packages?pageSize=50&status=delivered`, {
              headers: { authorization: `Bearer ${customer}` },
            }),
          );
          keep(
            await load(
              `${CUSTOMER} (hand-written)`,
              `${twinBase}?company=${ids.company}&user=${ids.customer}&pageSize=50&status=delivered`,
            ),
          );
          keep(
            await load(
              'staff: q=amazon, 50 per page, page 3',
              `${apiBase}/v1/packages?pageSize=50&q=amazon&page=3`,
              {
                headers: { authorization: `Bearer ${admin}` },
              },
            ),
          );
        }
      } finally {
        await stop(api);
      }
    }
  } finally {
    await stop(bare);
  }
  summarisePostgres(results);
  return env;
}

const STAFF = 'staff: status=in_transit, 50 per page';
const CUSTOMER = 'customer: status=delivered, 50 per page';

async function idsOf(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: string; company_id: string }>(
      `SELECT id, company_id FROM users WHERE email = 'bench1@bench.test'`,
    );
    if (!rows[0]) throw new Error('no bench customer');
    return { customer: rows[0].id, company: rows[0].company_id };
  } finally {
    await c.end();
  }
}

function summarisePostgres(results: Map<number, Map<string, LoadRow[]>>) {
  console.log('\nSummary (min/median/max of the runs)');
  for (const [size, rows] of results) {
    console.log(`${size.toLocaleString('en')} packages`);
    for (const [title, runs] of rows) {
      console.log(
        `  ${title.padEnd(54)} req/s ${spread(runs.map((r) => r.rps)).padStart(17)}   p50 ${spread(runs.map((r) => r.p50)).padStart(9)} ms   p99 ${spread(runs.map((r) => r.p99)).padStart(11)} ms`,
      );
    }
  }
  const sizes = [...results.keys()];
  const smallest = sizes[0];
  const largest = sizes.at(-1);
  if (smallest === undefined || largest === undefined) return;
  console.log('\nGoals');
  for (const title of [STAFF, CUSTOMER]) {
    const at = (size: number, t = title) => results.get(size)?.get(t) ?? [];
    const p99 = median(at(largest).map((r) => r.p99));
    console.log(
      `  ${title}: p99 at ${largest.toLocaleString('en')} ${p99} ms (max ${Math.max(...at(largest).map((r) => r.p99))}), goal ≤ 50 ms: ${verdict(p99 <= 50)}`,
    );
    for (const size of sizes) {
      const ratios = at(size).map(
        (r, i) => r.rps / (at(size, `${title} (hand-written)`)[i]?.rps ?? Number.NaN),
      );
      console.log(
        `    throughput / hand-written at ${size.toLocaleString('en')}: ${spread(ratios, 2)}, goal ≥ 0.6: ${verdict(median(ratios) >= 0.6)}`,
      );
    }
    const growth = median(at(largest).map((r) => r.p50)) / median(at(smallest).map((r) => r.p50));
    console.log(
      `    p50 growth ${smallest.toLocaleString('en')} → ${largest.toLocaleString('en')}: ${growth.toFixed(2)}× (median p50 ${median(at(smallest).map((r) => r.p50))} → ${median(at(largest).map((r) => r.p50))} ms), goal ≤ 1.3×: ${verdict(growth <= 1.3)}`,
    );
  }
}

/** A fresh start (empty DATA_DIR) to the "ready" line, RUNS times; then the list's throughput on the demo data. */
async function benchEmbedded(dataDir: string) {
  console.log(`\nPackages bench on the embedded PGlite (16 connections, ${RUNS} runs; min/median/max)`);
  const starts: number[] = [];
  const env = {
    PORT: String(PORT),
    DATA_DIR: '',
    LOG_LEVEL: 'warn',
    WEB_DIR: join(dataDir, 'none'),
    DATABASE_URL: '',
    SMTP_URL: '',
  };
  const rows: LoadRow[] = [];
  for (let run = 1; run <= RUNS; run++) {
    env.DATA_DIR = join(dataDir, `fresh-${run}`);
    const { child, ms, line } = await freshStart(env);
    starts.push(ms);
    console.log(
      `fresh start ${run}: ${(ms / 1000).toFixed(2)} s to ready (${line}) (load average ${loadavg()})`,
    );
    try {
      const base = `http://127.0.0.1:${env.PORT}`;
      const customer = await login(base, 'customer@demo.test', 'demo-customer-1');
      rows.push(
        await load('customer: GET /v1/packages (page 1 of 20)', `${base}/v1/packages`, {
          headers: { authorization: `Bearer ${customer}` },
        }),
      );
    } finally {
      await stop(child);
    }
  }
  const rps = rows.map((r) => r.rps);
  const p99 = rows.map((r) => r.p99);
  console.log('\nGoals (embedded default)');
  console.log(
    `  fresh start to ready: ${spread(
      starts.map((ms) => ms / 1000),
      2,
    )} s, goal ≤ 5 s: ${verdict(median(starts) <= 5000)}`,
  );
  console.log(`  GET /v1/packages: ${spread(rps)} req/s, goal ≥ 600: ${verdict(median(rps) >= 600)}`);
  console.log(`  GET /v1/packages p99: ${spread(p99)} ms, goal ≤ 100 ms: ${verdict(median(p99) <= 100)}`);
  return env;
}

/** Starts the server as `npm start` runs it (the web build aside) and times it to its "ready" line. */
function freshStart(env: Record<string, string>): Promise<{ child: ChildProcess; ms: number; line: string }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (d) => {
      out += String(d);
      const m = /Portal ready in [^\n]*/.exec(out);
      if (m) {
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolve({ child, ms: performance.now() - t0, line: m[0].trim() });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready`)));
  });
}

/** 5 × 5 MB pre-alert files through the real upload path vs the same multipart bytes into a sink. */
async function benchUpload(env: Record<string, string>, base: string) {
  const api = await start(
    [join(root, 'src/server/main.ts')],
    env,
    async (u) => (await fetch(`${u}/v1/companies/me`)).ok,
  );
  const bare = await start(
    [join(root, 'tests/bench/bare-server.ts')],
    { PORT: String(PORT + 2) },
    async (u) => (await fetch(`${u}/bare`)).ok,
  );
  try {
    const token = await login(base, 'customer@demo.test', 'demo-customer-1');
    const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(5 * 1024 * 1024 - 9)]);
    const form = (i: number) => {
      const fd = new FormData();
      for (const [k, v] of Object.entries({
        tracking_number: `UPBENCH${Date.now()}${i}`,
        seller_name: 'Bench',
        description: 'Bench upload',
        weight: '1',
        value: '10',
        package_type: 'parcel',
      })) {
        fd.append(k, v);
      }
      for (let f = 0; f < 5; f++)
        fd.append('files', new Blob([file], { type: 'application/pdf' }), `invoice-${f}.pdf`);
      return fd;
    };
    const rounds = 4;
    const mb = (rounds * 5 * file.length) / 1024 / 1024;
    let t0 = performance.now();
    for (let i = 0; i < rounds; i++) {
      const res = await fetch(`http://127.0.0.1:${PORT + 2}/sink`, { method: 'POST', body: form(i) });
      if (!res.ok) throw new Error(`sink ${res.status}`);
    }
    const plain = mb / ((performance.now() - t0) / 1000);
    t0 = performance.now();
    for (let i = 0; i < rounds; i++) {
      const res = await fetch(`${base}/v1/peralert`, {
        method: 'POST',
        body: form(i),
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 201) throw new Error(`pre-alert ${res.status} ${await res.text()}`);
    }
    const real = mb / ((performance.now() - t0) / 1000);
    console.log(
      `\nupload of 5 × 5 MB (${rounds} rounds, ${mb.toFixed(0)} MB): plain ${plain.toFixed(0)} MB/s, pre-alert (parse + sha256 + disk + rows) ${real.toFixed(0)} MB/s, ratio ${(real / plain).toFixed(2)}`,
    );
  } finally {
    await stop(api);
    await stop(bare);
  }
}
