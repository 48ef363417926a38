// Intake bench: one parcel's intake (scan → saved → notified: POST /v1/admin/packages/receive with a photo, for a
// customer found by mailbox number) timed one after another at 100k packages, p50/p95/p99; and the preview of a CSV
// of 5,000 rows. `BENCH=intake npm run bench`; BENCH_DATABASE_URL for PostgreSQL, else embedded PGlite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { grow } from './packages';
import { login, percentile, root, start, stop } from './server';

const SIZE = Number(process.env.BENCH_INTAKE_PACKAGES ?? 100_000);
const PARCELS = Number(process.env.BENCH_INTAKE_PARCELS ?? 200);
/** A small PNG (a phone photo is bigger; the bytes' path is the same). */
const PHOTO = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(40_000, 7),
]);

export async function benchIntake() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-intake-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const env = {
    PORT: process.env.BENCH_PORT ?? '18743',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIR: join(dataDir, 'none'),
    DATABASE_URL: databaseUrl ?? '',
    SMTP_URL: '',
  };
  const base = `http://127.0.0.1:${env.PORT}`;
  console.log(`\nIntake bench on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}`);
  try {
    await grow(dataDir, SIZE, databaseUrl);
    const api = await start(
      [join(root, 'src/server/main.ts')],
      env,
      async (u) => (await fetch(`${u}/v1/companies/me`)).ok,
    );
    try {
      const token = await login(base, 'clerk@demo.test', 'demo-clerk-1');
      const run = Date.now().toString(36).toUpperCase();
      const times: number[] = [];
      for (let i = 0; i < PARCELS + 10; i++) {
        const fd = new FormData();
        for (const [k, v] of Object.entries({
          tracking_number: `INB${run}${i}`,
          weight: '2.5',
          mailbox_number: `IEX-B${1 + (i % 1000)}`,
          description: 'Bench parcel',
          declared_value: '25',
        }))
          fd.append(k, v);
        fd.append('photo', new Blob([PHOTO], { type: 'image/png' }), 'parcel.png');
        const t0 = performance.now();
        const res = await fetch(`${base}/v1/admin/packages/receive`, {
          method: 'POST',
          body: fd,
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': `bench-${run}-${i}` },
        });
        const ms = performance.now() - t0;
        if (res.status !== 201) throw new Error(`receive ${res.status} ${await res.text()}`);
        // The first few warm the server up.
        if (i >= 10) times.push(ms);
      }
      times.sort((a, b) => a - b);
      const f = (p: number) => percentile(times, p).toFixed(1);
      console.log(
        `one parcel's intake at ${SIZE.toLocaleString('en')} packages (${PARCELS} in a row, with a photo): p50 ${f(50)} ms   p95 ${f(95)} ms   p99 ${f(99)} ms`,
      );
      const lines = ['Tracking Number,Mailbox,Weight,Description,Value'];
      for (let i = 0; i < 5000; i++) lines.push(`CSVB${run}${i},IEX-B${1 + (i % 1000)},1.5,Item ${i},10`);
      const t0 = performance.now();
      const res = await fetch(`${base}/v1/admin/intake/import/preview`, {
        method: 'POST',
        body: JSON.stringify({ csv: lines.join('\n') }),
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      });
      if (res.status !== 200) throw new Error(`preview ${res.status} ${await res.text()}`);
      console.log(`preview of a CSV of 5,000 rows: ${Math.round(performance.now() - t0)} ms`);
    } finally {
      await stop(api);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
