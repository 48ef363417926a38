// Packages bench: GET /v1/packages (page of 50 with a filter) at 10k, 100k and 1M packages, beside a bare Fastify
// route in the same run; and a pre-alert upload of 5 × 5 MB files against a plain upload of the same bytes.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../src/server/auth/passwords';
import { openDatabase } from '../../src/server/db';
import { companies, packages } from '../../src/server/db/schema';
import { seed } from '../../src/server/seeds/seed';
import { load, login, root, start, stop } from './server';

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

export async function benchPackages() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-pkg-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const env = {
    PORT: '18741',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIR: join(dataDir, 'none'),
    DATABASE_URL: databaseUrl ?? '',
    SMTP_URL: '',
  };
  const bare = await start(
    [join(root, 'tests/bench/bare-server.ts')],
    { PORT: '18742' },
    async (u) => (await fetch(`${u}/bare`)).ok,
  );
  const base = `http://127.0.0.1:${env.PORT}`;
  console.log(`\nPackages bench on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'} (16 connections)`);
  try {
    for (const size of SIZES) {
      await grow(dataDir, size, databaseUrl);
      const api = await start(
        [join(root, 'src/server/main.ts')],
        env,
        async (u) => (await fetch(`${u}/v1/companies/me`)).ok,
      );
      try {
        const admin = await login(base, 'admin@demo.test', 'demo-admin-1');
        const customer = await login(base, 'bench1@bench.test', BENCH_PASSWORD);
        await load('bare Fastify route', 'http://127.0.0.1:18742/bare');
        await load(
          'staff: status=in_transit, 50 per page',
          `${base}/v1/packages?pageSize=50&status=in_transit`,
          {
            headers: { authorization: `Bearer ${admin}` },
          },
        );
        await load(
          'staff: q=amazon, 50 per page, page 3',
          `${base}/v1/packages?pageSize=50&q=amazon&page=3`,
          {
            headers: { authorization: `Bearer ${admin}` },
          },
        );
        await load(
          'customer: status=delivered, 50 per page',
          `${base}/v1/packages?pageSize=50&status=delivered`,
          {
            headers: { authorization: `Bearer ${customer}` },
          },
        );
      } finally {
        await stop(api);
      }
    }
    await benchUpload(env, base);
  } finally {
    await stop(bare);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 5 × 5 MB pre-alert files through the real upload path vs the same multipart bytes into a sink. */
async function benchUpload(env: Record<string, string>, base: string) {
  const api = await start(
    [join(root, 'src/server/main.ts')],
    env,
    async (u) => (await fetch(`${u}/v1/companies/me`)).ok,
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
      const res = await fetch('http://127.0.0.1:18742/sink', { method: 'POST', body: form(i) });
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
  }
}
