// The Node.js the portal runs on: the LTS pinned in package.json (the `node` package puts its binary in
// node_modules/.bin, first on the PATH of every npm script). Run any other way (`node scripts/start.mjs` with the
// system's Node), a script re-runs itself on the pinned binary, so the product and its tests never run on an
// end-of-life Node by accident.
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pinned = join(root, 'node_modules', 'node', 'bin', 'node');

/** Re-runs this process's script on the pinned Node when another one runs it; returns when it is the pinned one. */
export function onPinnedNode() {
  if (!existsSync(pinned) || realpathSync(process.execPath) === realpathSync(pinned)) return;
  const r = spawnSync(pinned, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
