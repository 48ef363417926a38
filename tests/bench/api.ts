// API bench: requests/s and latency of hot reads beside a bare Fastify route, and login latency.
// Prints figures; not part of pass/fail. Run: npm run bench
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

const root = resolve(import.meta.dirname, '../..');
const CONNECTIONS = 16;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);

function start(
  args: string[],
  env: Record<string, string>,
  ready: (url: string) => Promise<boolean>,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  return new Promise((res, rej) => {
    const deadline = Date.now() + 60_000;
    const tick = async () => {
      if (child.exitCode !== null) return rej(new Error(`${args[0]} exited`));
      if (await ready(url).catch(() => false)) return res(child);
      if (Date.now() > deadline) return rej(new Error(`${args[0]} did not start`));
      setTimeout(tick, 200);
    };
    void tick();
  });
}

async function load(title: string, url: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const row = {
    title,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
  console.log(
    `${title.padEnd(34)} ${String(row.rps).padStart(7)} req/s   p50 ${String(row.p50).padStart(4)} ms   p99 ${String(row.p99).padStart(4)} ms   non-2xx ${row.non2xx}`,
  );
  return row;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

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
      `\nAPI bench (${CONNECTIONS} connections, ${DURATION_S} s each, server and load on this 2-core machine)`,
    );
    console.log(
      `login (scrypt 2^15)                 p50 ${percentile(times, 50).toFixed(0)} ms   max ${times.at(-1)?.toFixed(0)} ms   (${times.length} sequential logins)`,
    );
    const bareRow = await load('bare Fastify route', `http://127.0.0.1:${barePort}/bare`);
    const company = await load('GET /v1/companies/me', `${base}/v1/companies/me`);
    const me = await load('GET /v1/auth/me (JWT + user row)', `${base}/v1/auth/me`, {
      authorization: `Bearer ${token}`,
    });
    console.log(
      `ratio to the bare route: companies/me ${(company.rps / bareRow.rps).toFixed(2)}, auth/me ${(me.rps / bareRow.rps).toFixed(2)}`,
    );
    return { bare: bareRow, company, me, loginP50: percentile(times, 50) };
  } finally {
    api.kill('SIGTERM');
    bare.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
