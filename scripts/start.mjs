#!/usr/bin/env node
// `npm start`: build the PWA if it is missing or older than its sources, then run the API + static server.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onPinnedNode } from './pinned-node.mjs';

onPinnedNode();

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webDir = resolve(root, process.env.WEB_DIR || 'dist/web');
const stamp = join(webDir, 'index.html');

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const e of readdirSync(path)) max = Math.max(max, newest(join(path, e)));
  return max;
}

const sources = [
  'src/web',
  'src/contract',
  'src/server/pwa/route-preload.ts',
  'public',
  'index.html',
  'vite.config.ts',
  'manifest.webmanifest',
];
const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const stale = sources.some((s) => newest(join(root, s)) > built);

/** Runs a child on this Node; resolves with its exit code. */
function run(args, stdio) {
  return new Promise((resolve) => {
    spawn(process.execPath, args, { cwd: root, stdio }).on('exit', (code) => resolve(code ?? 1));
  });
}

if (!process.env.WEB_DIR && (built === 0 || stale)) {
  console.log(
    built === 0
      ? 'Building the web app (first start)…'
      : 'Sources changed since the last build: rebuilding the web app…',
  );
  // Meanwhile, the embedded database's template (a new data folder is a copy of it, not an initdb): the server
  // makes it if this fails, so its exit code does not matter.
  const template = process.env.DATABASE_URL
    ? Promise.resolve(0)
    : run(['--import', 'tsx', join(root, 'scripts/db-template.ts')], ['ignore', 'ignore', 'inherit']);
  const status = await run(
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    'inherit',
  );
  if (status !== 0) process.exit(status);
  await template;
}

const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
