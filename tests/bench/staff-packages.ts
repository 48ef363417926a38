// Staff package list bench: GET /v1/admin/packages with each filter the screen offers, at the sizes of
// BENCH_PACKAGES (default 1M; the issue asks p95 ≤ 50 ms at 1M on PostgreSQL: set BENCH_DATABASE_URL). Requests go
// one at a time (the latency a clerk sees, not a throughput test); p50/p95/p99 over BENCH_ROUNDS each.
// Run: `npx tsx tests/bench/staff-packages.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/server/db';
import { grow } from './packages';
import { login, percentile, root, start, stop } from './server';

const SIZES = (process.env.BENCH_PACKAGES ?? '1000000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

/** Some of the synthetic packages made Unassigned, held, in a shipment: the filters must have something to find. */
async function shape(dataDir: string, databaseUrl: string | undefined): Promise<string> {
  const database = await openDatabase({ databaseUrl, dataDir });
  const { db } = database;
  await db.execute(sql`UPDATE packages SET user_id = NULL, consignee_hint = 'LABEL ' || tracking_number
    WHERE tracking_number LIKE 'BENCH%' AND right(tracking_number, 3) = '777' AND user_id IS NOT NULL`);
  await db.execute(sql`UPDATE packages SET customs_hold = true
    WHERE tracking_number LIKE 'BENCH%' AND right(tracking_number, 3) = '555'`);
  await db.execute(sql`INSERT INTO shipments (company_id, reference, mode)
    SELECT company_id, 'BENCH-MAWB', 'air' FROM packages WHERE tracking_number LIKE 'BENCH%' LIMIT 1
    ON CONFLICT DO NOTHING`);
  const rows = await db.execute(sql`SELECT id FROM shipments WHERE reference = 'BENCH-MAWB' LIMIT 1`);
  const shipmentId = String((rows as unknown as { rows: { id: string }[] }).rows[0]?.id ?? '');
  await db.execute(sql`UPDATE packages SET shipment_id = ${shipmentId}
    WHERE tracking_number LIKE 'BENCH%' AND right(tracking_number, 4) = '0042'`);
  await db.execute(sql`ANALYZE packages`);
  await database.close();
  return shipmentId;
}

async function measure(title: string, url: string, token: string) {
  const times: number[] = [];
  for (let i = 0; i < ROUNDS + 10; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data?: { total?: number } };
    if (res.status !== 200) throw new Error(`${title}: ${res.status} ${JSON.stringify(body)}`);
    if (i >= 10) times.push(performance.now() - t0); // the first few warm the caches
    if (i === 0) title = `${title} (${body.data?.total ?? '?'} found)`;
  }
  times.sort((a, b) => a - b);
  const f = (p: number) => percentile(times, p).toFixed(1).padStart(6);
  console.log(`${title.padEnd(58)} p50 ${f(50)} ms   p95 ${f(95)} ms   p99 ${f(99)} ms`);
}

export async function benchStaffPackages() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-staff-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const env = {
    PORT: '18743',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIR: join(dataDir, 'none'),
    DATABASE_URL: databaseUrl ?? '',
    SMTP_URL: '',
  };
  const base = `http://127.0.0.1:${env.PORT}/v1/admin/packages?pageSize=50`;
  console.log(
    `\nStaff package list on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}, ${ROUNDS} requests each, one at a time`,
  );
  try {
    for (const size of SIZES) {
      await grow(dataDir, size, databaseUrl);
      const shipmentId = await shape(dataDir, databaseUrl);
      const api = await start(
        [join(root, 'src/server/main.ts')],
        env,
        async (u) => (await fetch(`${u}/v1/companies/me`)).ok,
      );
      try {
        const admin = await login(`http://127.0.0.1:${env.PORT}`, 'admin@demo.test', 'demo-admin-1');
        const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
        await measure('no filter, newest', base, admin);
        await measure('status=in_transit', `${base}&status=in_transit`, admin);
        await measure('unassigned=1', `${base}&unassigned=1`, admin);
        await measure('hold=1', `${base}&hold=1`, admin);
        await measure('prealert=no', `${base}&prealert=no`, admin);
        await measure('prealert=yes', `${base}&prealert=yes`, admin);
        await measure('shipment=<id>', `${base}&shipment=${shipmentId}`, admin);
        await measure('shipment=none&status=received_us', `${base}&shipment=none&status=received_us`, admin);
        await measure(`from=to=${day} (one day)`, `${base}&from=${day}&to=${day}`, admin);
        await measure('q=<mailbox> (IEX-B17)', `${base}&q=IEX-B17`, admin);
        await measure('q=<tracking> (BENCH000123456)', `${base}&q=BENCH000123456`, admin);
        await measure('q=<email> (bench42@bench.test)', `${base}&q=bench42%40bench.test`, admin);
        await measure(
          'status=on_hold&sort=weight&page=3',
          `${base}&status=on_hold&sort=weight&page=3`,
          admin,
        );
      } finally {
        await stop(api);
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStaffPackages();
