#!/usr/bin/env node
// `npm run test:e2e`: the browser journeys only. Builds the PWA, starts the real server on a fresh database, drives
// Debian's Chromium; screenshots land in test-results/e2e. Extra arguments go to vitest (e.g. a file name).
// E2E_PORT=<port> reuses a server already running with WEB_DIR set to a fresh build (see support/global-setup.ts).
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const r = spawnSync(
  process.execPath,
  [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'e2e', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
process.exit(r.status ?? 1);
