// Invoice bench: an invoice from 50 packages (unbilled, preview, create, issue: p50/p95 over BENCH_INVOICE_ROUNDS),
// and the staff invoice list and stat cards at BENCH_INVOICES invoices (default 100k) with each filter the screen
// offers. Requests go one at a time (the latency a clerk sees). PostgreSQL with BENCH_DATABASE_URL, else PGlite.
// BENCH_INVOICE_ROUNDS=0 skips the invoice from 50 packages; BENCH_INVOICE_CASES picks list cases by title; BENCH_PORT.
// Run: `BENCH=invoices npm run bench` or `npx tsx tests/bench/invoices.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db';
import { grow } from './packages';
import { login, percentile, root, start, stop } from './server';

const INVOICES = Number(process.env.BENCH_INVOICES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const INVOICE_ROUNDS = Number(process.env.BENCH_INVOICE_ROUNDS ?? 20);
/** Only the list's cases whose title matches (BENCH_INVOICE_CASES='q=' for the searches). */
const CASES = process.env.BENCH_INVOICE_CASES ? new RegExp(process.env.BENCH_INVOICE_CASES) : undefined;
/** Customers whose packages stay unbilled, 100 each: two 50-package invoices a customer. */
const FRESH_CUSTOMERS = Math.max(1, Math.ceil(INVOICE_ROUNDS / 2));
/** Their bench_users rank range (rank 100 up: every such customer has all 100 of their packages). */
const FRESH_FROM = 100;
const FRESH_TO = FRESH_FROM + FRESH_CUSTOMERS - 1;

type Rows<T> = { rows: T[] };

/**
 * Synthetic invoices, one per package of the other customers (so the list has tracking numbers to show), in every
 * status: 10 % drafts, 40 % issued, 10 % partly paid, 25 % paid, 10 % overdue, 5 % cancelled; two lines each.
 */
async function fill(dataDir: string, databaseUrl: string | undefined): Promise<{ fresh: string[] }> {
  const database = await openDatabase({ databaseUrl, dataDir });
  const { db } = database;
  const rows = (await db.execute(
    sql`SELECT u.id, u.company_id FROM bench_users b JOIN users u ON u.id = b.id WHERE b.rn BETWEEN ${FRESH_FROM} AND ${FRESH_TO} ORDER BY b.rn`,
  )) as unknown as Rows<{ id: string; company_id: string }>;
  const fresh = rows.rows.map((r) => r.id);
  const companyId = rows.rows[0]?.company_id;
  if (!companyId) throw new Error('no bench customers');
  const [{ n } = { n: 0 }] = (
    (await db.execute(
      sql`SELECT count(*)::int AS n FROM invoices WHERE notes LIKE 'bench:%'`,
    )) as unknown as Rows<{
      n: number;
    }>
  ).rows;
  if (n < INVOICES) {
    const started = performance.now();
    for (let lo = n + 1; lo <= INVOICES; lo += 50_000) {
      const hi = Math.min(INVOICES, lo + 49_999);
      await db.execute(sql`
        WITH src AS (
          SELECT g, (g % 20) AS k,
                 COALESCE(CASE WHEN b.rn NOT BETWEEN ${FRESH_FROM} AND ${FRESH_TO} THEN p.user_id END,
                          (SELECT id FROM bench_users WHERE rn = 200 + g % 800)) AS user_id
          FROM generate_series(${lo}::int, ${hi}::int) g
          LEFT JOIN packages p ON p.company_id = ${companyId} AND p.tracking_number = 'BENCH' || lpad(g::text, 9, '0')
          LEFT JOIN bench_users b ON b.id = p.user_id
        )
        INSERT INTO invoices (company_id, user_id, number, status, currency, subtotal_cents, tax_cents, total_cents,
                              amount_paid_cents, notes, issue_date, issued_at, due_at, paid_at, cancelled_at,
                              created_at, updated_at)
        SELECT ${companyId}, s.user_id,
               -- Numbered in a year of their own, apart from the seed's and the new issues' sequence.
               CASE WHEN s.k < 2 THEN NULL ELSE 'INV-2024-' || lpad(g::text, 6, '0') END,
               CASE WHEN s.k < 2 THEN 'draft' WHEN s.k < 10 THEN 'issued' WHEN s.k < 12 THEN 'partially_paid'
                    WHEN s.k < 17 THEN 'paid' WHEN s.k < 19 THEN 'overdue' ELSE 'cancelled' END,
               'JMD', 100000 + (g % 500) * 100, 0, 100000 + (g % 500) * 100,
               CASE WHEN s.k BETWEEN 10 AND 11 THEN 40000 WHEN s.k BETWEEN 12 AND 16 THEN 100000 + (g % 500) * 100
                    ELSE 0 END,
               'bench:' || g,
               CASE WHEN s.k < 2 THEN NULL ELSE (now() - (g || ' minutes')::interval)::date END,
               CASE WHEN s.k < 2 THEN NULL ELSE now() - (g || ' minutes')::interval END,
               CASE WHEN s.k < 2 THEN NULL WHEN s.k BETWEEN 17 AND 18 THEN current_date - 3
                    ELSE current_date + 14 END,
               CASE WHEN s.k BETWEEN 12 AND 16 THEN now() - (g || ' minutes')::interval END,
               CASE WHEN s.k = 19 THEN now() - (g || ' minutes')::interval END,
               now() - (g || ' minutes')::interval, now()
        FROM src s`);
      await db.execute(sql`
        INSERT INTO invoice_lines (invoice_id, company_id, position, type, description, quantity, unit_price_cents,
                                   line_total_cents, package_id)
        SELECT i.id, i.company_id, 1, 'shipping', 'Air freight: Bench parcel ' || substr(i.notes, 7), 1,
               i.total_cents - 35000, i.total_cents - 35000,
               (SELECT p.id FROM packages p JOIN bench_users b ON b.id = p.user_id
                 WHERE p.company_id = i.company_id AND b.rn NOT BETWEEN ${FRESH_FROM} AND ${FRESH_TO}
                   AND p.tracking_number = 'BENCH' || lpad(substr(i.notes, 7), 9, '0'))
        FROM invoices i
        WHERE i.notes LIKE 'bench:%' AND substr(i.notes, 7)::int BETWEEN ${lo} AND ${hi}`);
      await db.execute(sql`
        INSERT INTO invoice_lines (invoice_id, company_id, position, type, description, quantity, unit_price_cents,
                                   line_total_cents)
        SELECT i.id, i.company_id, 2, 'handling', 'Handling', 1, 35000, 35000
        FROM invoices i
        WHERE i.notes LIKE 'bench:%' AND substr(i.notes, 7)::int BETWEEN ${lo} AND ${hi}`);
    }
    await db.execute(sql`ANALYZE invoices`);
    await db.execute(sql`ANALYZE invoice_lines`);
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`${INVOICES.toLocaleString('en')} invoices in the database (added in ${secs} s)`);
  }
  await database.close();
  return { fresh };
}

function report(title: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (p: number) => percentile(sorted, p).toFixed(1).padStart(7);
  console.log(
    `${title.padEnd(58)} p50 ${f(50)} ms   p95 ${f(95)} ms   max ${f(100)} ms   (n=${times.length})`,
  );
}

async function call(method: string, url: string, token: string, body?: unknown) {
  const t0 = performance.now();
  const res = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { data?: unknown; message?: string };
  const ms = performance.now() - t0;
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${json.message ?? ''}`);
  return { ms, data: json.data };
}

async function measure(title: string, url: string, token: string) {
  if (CASES && !CASES.test(title)) return;
  const times: number[] = [];
  let found = '?';
  for (let i = 0; i < ROUNDS + 5; i++) {
    const { ms, data } = await call('GET', url, token);
    if (i === 0) {
      const d = data as { total?: number; invoices?: number };
      found = String(d.total ?? d.invoices ?? '?');
    }
    if (i >= 5) times.push(ms); // the first few warm the caches
  }
  report(`${title} (${found} found)`, times);
}

type Unbilled = { id: string; lines: { package_id?: string | null }[] }[];

export async function benchInvoices() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-inv-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const env = {
    PORT: process.env.BENCH_PORT ?? '18744',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIR: join(dataDir, 'none'),
    DATABASE_URL: databaseUrl ?? '',
    SMTP_URL: '',
  };
  const base = `http://127.0.0.1:${env.PORT}`;
  console.log(`\nInvoices on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, requests one at a time`);
  try {
    // 100 packages a customer at least: two 50-package invoices for each fresh one.
    await grow(dataDir, Math.max(INVOICES, 100_000), databaseUrl);
    const { fresh } = await fill(dataDir, databaseUrl);
    const api = await start(
      [join(root, 'src/server/main.ts')],
      env,
      async (u) => (await fetch(`${u}/v1/companies/me`)).ok,
    );
    try {
      const admin = await login(base, 'admin@demo.test', 'demo-admin-1');

      // An invoice from 50 packages: what the add screen does (unbilled, preview as lines change, save, issue).
      const times = {
        unbilled: [] as number[],
        preview: [] as number[],
        create: [] as number[],
        issue: [] as number[],
      };
      for (let r = 0; r < INVOICE_ROUNDS; r++) {
        const customer = fresh[r % fresh.length];
        if (!customer) break;
        const u = await call('GET', `${base}/v1/admin/invoices/unbilled?customer_id=${customer}`, admin);
        times.unbilled.push(u.ms);
        const pkgs = (u.data as Unbilled).slice(0, 50);
        if (pkgs.length < 50) throw new Error(`only ${pkgs.length} unbilled packages`);
        const lines = pkgs.flatMap((p) => p.lines);
        times.preview.push(
          (await call('POST', `${base}/v1/admin/invoices/preview`, admin, { customer_id: customer, lines }))
            .ms,
        );
        const created = await call('POST', `${base}/v1/invoices`, admin, { customer_id: customer, lines });
        times.create.push(created.ms);
        const id = (created.data as { id: string }).id;
        times.issue.push((await call('POST', `${base}/v1/invoices/${id}/issue`, admin)).ms);
      }
      if (INVOICE_ROUNDS > 0) {
        console.log('Invoice from 50 packages:');
        report('  unbilled packages of the customer (100 packages)', times.unbilled);
        report('  preview (50 packages’ lines)', times.preview);
        report('  create the draft', times.create);
        report('  issue (numbered in the same transaction)', times.issue);
      }

      console.log(`Staff invoice list at ${INVOICES.toLocaleString('en')} invoices, 25 a page:`);
      const list = `${base}/v1/invoices?pageSize=25`;
      const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
      await measure('  no filter, newest', list, admin);
      await measure('  status=overdue', `${list}&status=overdue`, admin);
      await measure('  status=draft', `${list}&status=draft`, admin);
      await measure(
        '  status=partially_paid&sort=balance',
        `${list}&status=partially_paid&sort=balance`,
        admin,
      );
      await measure('  sort=due', `${list}&sort=due`, admin);
      await measure('  sort=customer', `${list}&sort=customer`, admin);
      await measure(`  from=to=${day} (one day)`, `${list}&from=${day}&to=${day}`, admin);
      await measure('  q=<mailbox> (IEX-B17)', `${list}&q=IEX-B17`, admin);
      await measure('  q=<number> (INV-2024-004242)', `${list}&q=INV-2024-004242`, admin);
      await measure('  q=<email> (bench42@bench.test)', `${list}&q=bench42%40bench.test`, admin);
      await measure('  customer_id=<one customer>', `${list}&customer_id=${fresh[0]}`, admin);
      await measure('  stats, no filter', `${base}/v1/admin/invoices/stats`, admin);
      await measure('  stats, status=overdue', `${base}/v1/admin/invoices/stats?status=overdue`, admin);
      await measure('  stats, q=<mailbox>', `${base}/v1/admin/invoices/stats?q=IEX-B17`, admin);
    } finally {
      await stop(api);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchInvoices();
