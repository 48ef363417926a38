// API bench: requests/s and latency of hot reads beside a bare Fastify route, and login latency.
// Prints figures; not part of pass/fail. Run: npm run bench
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load, percentile, root, start, stop } from './server';

export async function benchApi() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const apiPort = '18731';
  const barePort = '18732';
  const api = await start(
    [join(root, 'src/server/main.ts')],
    {
      PORT: apiPort,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIR: join(dataDir, 'none'),
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    async (u) => (await fetch(`${u}/v1/companies/me`)).ok,
  );
  const bare = await start(
    [join(root, 'tests/bench/bare-server.ts')],
    { PORT: barePort },
    async (u) => (await fetch(`${u}/bare`)).ok,
  );
  try {
    const base = `http://127.0.0.1:${apiPort}`;
    // Login latency: dominated by scrypt (N=2^15, r=8: 32 MiB per hash), measured one at a time.
    const times: number[] = [];
    let token = '';
    // 9 logins: the login rate limit is 10 per minute per client and host.
    for (let i = 0; i < 9; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'customer@demo.test', password: 'demo-customer-1' }),
      });
      times.push(performance.now() - t0);
      const body = (await res.json()) as { data: { access_token: string } };
      token = body.data.access_token;
    }
    times.sort((a, b) => a - b);
    console.log(
      '\nAPI bench (16 connections, 8 s each; the server and the load generator share this 2-core machine)',
    );
    console.log(
      `login (scrypt 2^15)                 p50 ${percentile(times, 50).toFixed(0)} ms   max ${times.at(-1)?.toFixed(0)} ms   (${times.length} sequential logins)`,
    );
    const bareRow = await load('bare Fastify route', `http://127.0.0.1:${barePort}/bare`);
    const company = await load('GET /v1/companies/me', `${base}/v1/companies/me`);
    const me = await load('GET /v1/auth/me (JWT + user row)', `${base}/v1/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    console.log(
      `ratio to the bare route: companies/me ${(company.rps / bareRow.rps).toFixed(2)}, auth/me ${(me.rps / bareRow.rps).toFixed(2)}`,
    );
    return { bare: bareRow, company, me, loginP50: percentile(times, 50) };
  } finally {
    await stop(api);
    await stop(bare);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
