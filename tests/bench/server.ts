// Shared by the benches: start a server (or any script) as a child process and wait until it answers.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';

export const root = resolve(import.meta.dirname, '../..');

export function start(
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
    const deadline = Date.now() + 120_000;
    const tick = async () => {
      if (child.exitCode !== null) return rej(new Error(`${args[0]} exited`));
      if (await ready(url).catch(() => false)) return res(child);
      if (Date.now() > deadline) return rej(new Error(`${args[0]} did not start`));
      setTimeout(tick, 200);
    };
    void tick();
  });
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((res) => {
    child.once('exit', () => res());
    child.kill('SIGTERM');
  });
}

/** The value below which `p` (0–100) percent of the sorted samples fall. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export type LoadRow = { title: string; rps: number; p50: number; p99: number; non2xx: number };

export async function load(
  title: string,
  url: string,
  opts: { headers?: Record<string, string>; connections?: number; seconds?: number } = {},
): Promise<LoadRow> {
  const r = await autocannon({
    url,
    connections: opts.connections ?? 16,
    duration: opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 8),
    headers: opts.headers ?? {},
  });
  const row = {
    title,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
  };
  console.log(
    `${title.padEnd(44)} ${String(row.rps).padStart(7)} req/s   p50 ${String(row.p50).padStart(4)} ms   p99 ${String(row.p99).padStart(5)} ms   non-2xx ${row.non2xx}`,
  );
  return row;
}

export async function login(base: string, email: string, password: string, host?: string): Promise<string> {
  const res = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(host ? { host } : {}) },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { data: { access_token: string } };
  return body.data.access_token;
}

/** A production build of the PWA into `outDir`, with Vite's manifest (`.vite/manifest.json`). */
export function buildPwa(outDir: string): void {
  const r = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('vite build failed');
}

/** The real server on a fresh embedded database, serving the PWA built in `webDir` (ready once it answers). */
export function startWithPwa(webDir: string, port: number | string, dataDir: string): Promise<ChildProcess> {
  return start(
    [join(root, 'src/server/main.ts')],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIR: webDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      // Each measured run signs in afresh from this one address: the sign-in limit is the API suite's to prove.
      AUTH_RATE_LIMIT: '1000',
    },
    async (u) => (await fetch(`${u}/v1/companies/me`)).ok,
  );
}
