#!/usr/bin/env node
// `npm run dev`: the API on :8080 and Vite's dev server (hot reload) in front of it with a proxy.
import { spawn } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onPinnedNode } from './pinned-node.mjs';

onPinnedNode();

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WEB_DIR: join(root, 'dist/no-web') },
  }),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js')], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
