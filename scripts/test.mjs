#!/usr/bin/env node
// `npm test`: format + lint, typecheck, then the vitest projects (API on PGlite and PWA units, then browser journeys
// in Chromium), and the API suite again on a real PostgreSQL when TEST_DATABASE_URL is set. Ends with one
// "N passed, N failed" line over all of it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);
let passed = 0;
let failed = 0;
let broken = false;

function step(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.log(`✖ ${title} failed (exit ${r.status ?? r.signal})`);
    broken = true;
  }
  return r.status === 0;
}

function vitest(title, file, args, env) {
  const json = join(out, file);
  step(
    title,
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`, ...args],
    env,
  );
  if (existsSync(json)) {
    const r = JSON.parse(readFileSync(json, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
  } else {
    failed += 1; // the runner itself died: count it, never report green
  }
}

if (step('biome: format + lint', bin('biome'), ['check', '.'])) passed += 1;
else failed += 1;
if (step('typescript: strict typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])) passed += 1;
else failed += 1;
// The browser journeys run on their own, after the API suite and the units: on two cores, sharing the CPU with the
// API suite's crash and fuzz tests made their timing-sensitive steps (a new build taking over a second tab) flaky,
// and the whole took longer than the two runs one after the other.
// Two workers on two cores: vitest's default (cores - 1) runs the API and unit files one at a time here, though each
// file's database is its own (PGlite in the worker, or a clone on the PostgreSQL server) and one worker leaves a
// core idle. Measured on this 2-core machine: 443 s with one worker, 316 s with two.
const workers = ['--maxWorkers=2'];
vitest('vitest: server (PGlite), web units', 'vitest.json', [
  '--project',
  'server',
  '--project',
  'web',
  ...workers,
]);
vitest('vitest: browser journeys (Chromium)', 'vitest-e2e.json', ['--project', 'e2e']);
if (process.env.TEST_DATABASE_URL) {
  vitest(
    'vitest: server suite on PostgreSQL (TEST_DATABASE_URL)',
    'vitest-postgres.json',
    ['--project', 'server', ...workers],
    {
      TEST_DB: 'postgres',
    },
  );
} else {
  console.log('\n(TEST_DATABASE_URL is not set: the API suite ran on embedded PGlite only)');
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
