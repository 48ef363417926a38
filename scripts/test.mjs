#!/usr/bin/env node
// `npm test`: format + lint, typecheck, then the vitest projects (API on PGlite and PWA units, then browser journeys
// in Chromium), and the API suite again on a real PostgreSQL when TEST_DATABASE_URL is set. Ends with one
// "N passed, N failed" line over all of it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onPinnedNode } from './pinned-node.mjs';

onPinnedNode();

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);
let passed = 0;
let failed = 0;
let broken = false;
const failures = [];
const retried = join(out, 'retried.txt');
// One PWA build (and one newer build for the deploy journeys) for the browser-journey step of this run: see
// tests/e2e/support/build.ts journeyBuild. Under test-results, emptied above, so a run never reuses an older build.
const e2eBuilds = join(out, 'e2e-builds');

function step(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.log(`✖ ${title} failed (exit ${r.status ?? r.signal})`);
    // Named in the tail too: a runner can exit non-zero with every test passed (an unhandled error between tests).
    failures.push(`${title}: exited ${r.status ?? r.signal}`);
    broken = true;
  }
  return r.status === 0;
}

function vitest(title, file, args, env) {
  const json = join(out, file);
  step(
    title,
    bin('vitest'),
    [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--reporter=${join(root, 'scripts', 'retried-reporter.ts')}`,
      `--outputFile.json=${json}`,
      ...args,
    ],
    { TEST_RETRIED_FILE: retried, ...env },
  );
  if (existsSync(json)) {
    const r = JSON.parse(readFileSync(json, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    for (const file of r.testResults) {
      for (const t of file.assertionResults) {
        if (t.status !== 'failed') continue;
        const why = (t.failureMessages[0] ?? '').split('\n')[0].slice(0, 300);
        failures.push(`${title}: ${file.name.replace(`${root}/`, '')} > ${t.fullName}\n    ${why}`);
      }
      // A file that failed to load has no assertions to name
      if (file.status === 'failed' && file.assertionResults.length === 0) {
        failures.push(
          `${title}: ${file.name.replace(`${root}/`, '')}\n    ${(file.message ?? '').split('\n')[0]}`,
        );
      }
    }
  } else {
    failed += 1; // the runner itself died: count it, never report green
    failures.push(`${title}: the runner wrote no report`);
  }
}

console.log(`Node.js ${process.version} (the LTS pinned in package.json)`);
if (step('biome: format + lint', bin('biome'), ['check', '.'])) passed += 1;
else failed += 1;
if (step('typescript: strict typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])) passed += 1;
else failed += 1;
// Languages: catalogs in sync with the code, every message translated, no English left in the PWA's JSX.
if (step('languages: catalogs complete, no hard-coded words', process.execPath, ['scripts/i18n-check.mjs']))
  passed += 1;
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
// Two files at a time, each against a server of its own: most of a journey's time is waiting (on a worker taking
// over, a debounce, a timeout), and the step was most of the CI's run one file at a time.
vitest('vitest: browser journeys (Chromium)', 'vitest-e2e.json', ['--project', 'e2e', ...workers], {
  E2E_BUILD_CACHE: e2eBuilds,
  E2E_SERVERS: '2',
});
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
// Several server processes on PostgreSQL, Redis and S3 behind a proxy: the scale-out test (it says why it skips
// where a service is missing), then the offline journeys once more against two instances.
vitest('vitest: scale-out (3 instances, PostgreSQL, Redis, S3)', 'vitest-cluster.json', [
  '--project',
  'cluster',
]);
const clusterReady =
  process.env.TEST_DATABASE_URL &&
  ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].some((p) => existsSync(p));
if (clusterReady) {
  vitest(
    'vitest: offline journeys against 2 instances behind a proxy',
    'vitest-e2e-cluster.json',
    [
      '--project',
      'e2e',
      'tests/e2e/offline-shell.e2e.ts',
      'tests/e2e/outbox-offline.e2e.ts',
      'tests/e2e/new-build-plain.e2e.ts',
    ],
    // The first step's builds again (the code cannot change during a run).
    { E2E_CLUSTER: '2', E2E_BUILD_CACHE: e2eBuilds },
  );
} else {
  console.log('\n(no TEST_DATABASE_URL or redis-server: the offline journeys ran against one instance only)');
}

// The names last, so that the tail of a CI log says what failed and what passed only on a retry.
if (existsSync(retried))
  console.log(`\nPassed or failed only after a retry:\n${readFileSync(retried, 'utf8')}`);
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(broken || failed > 0 ? 1 : 0);
