// A fresh `npm start`: `node scripts/start.mjs` (what the npm script runs, without npm's own launch) on a data
// folder that does not exist yet, the PWA already built, timed from the spawn to the server's "Portal ready" line.
// Three starts per case, each on a new folder, the cases in turn, min/median/max with the load average: with the
// data-folder template (the default) and without it (PGLITE_TEMPLATE_DIR=off: PGlite's initdb, as before it). A first start
// comes before them, untimed: it builds the PWA if it is missing or stale and makes the template if there is none.
// Run: BENCH=start npm run bench (BENCH_START_RUNS for more or fewer starts per case).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 4720);
const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);

type Start = { ms: number; line: string };

/** One start on a new data folder: the time to the ready line, then a clean stop and the folder removed. */
function startOnce(env: Record<string, string>): Promise<Start> {
  const parent = mkdtempSync(join(tmpdir(), 'portal-bench-start-'));
  const dataDir = join(parent, 'data'); // not there yet, as after a fresh clone
  const began = performance.now();
  const child = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise<Start>((resolve, reject) => {
    let out = '';
    let errors = '';
    let result: Start | null = null;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      errors += chunk;
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.includes('Portal ready'));
      if (line && !result) {
        result = { ms: performance.now() - began, line: line.trim() };
        child.kill('SIGTERM');
      }
    });
    child.on('exit', (code) => {
      rmSync(parent, { recursive: true, force: true });
      if (result) resolve(result);
      else reject(new Error(`npm start exited (${code}) before it was ready:\n${out}\n${errors}`));
    });
  });
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN;
  const sec = (ms: number) => (ms / 1000).toFixed(2);
  return `${sec(s[0] ?? Number.NaN)}/${sec(at(0.5))}/${sec(s[s.length - 1] ?? Number.NaN)} s`;
};

export async function benchStart() {
  console.log(
    '\nStart bench: a fresh `npm start` (new data folder, PWA built) to "Portal ready", min/median/max',
  );
  const first = await startOnce({});
  console.log(`  first start (PWA and template made if missing): ${(first.ms / 1000).toFixed(2)} s`);
  const cases: { title: string; env: Record<string, string>; runs: Start[] }[] = [
    { title: 'with the template', env: {}, runs: [] },
    {
      title: 'without (PGLITE_TEMPLATE_DIR=off, initdb)',
      env: { PGLITE_TEMPLATE_DIR: 'off' },
      runs: [],
    },
  ];
  // Taken in turn, so a change in the machine's load falls on both cases alike.
  for (let i = 0; i < RUNS; i++) for (const c of cases) c.runs.push(await startOnce(c.env));
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(`  load average ${load}`);
  for (const c of cases) {
    console.log(`  ${c.title.padEnd(42)} ${stats(c.runs.map((r) => r.ms))}`);
    for (const r of c.runs) console.log(`    ${r.line.replace(/^Portal ready in /, 'server: ')}`);
  }
  console.log('  goal: ≤ 5 s with the template');
}
