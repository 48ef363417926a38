// The PWA's production build, for the run (global-setup.ts) and for the journeys that publish a newer one
// (new-build.ts): vite into a folder of its own, a missing index.html counting as a failed build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository's root. */
export const root = resolve(import.meta.dirname, '../../..');

/** Builds the PWA into `outDir` (emptied first); `env` is added to the build's environment (e.g. BUILD_ID). */
export function viteBuild(outDir: string, env: Record<string, string> = {}) {
  const build = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
  );
  if (build.status !== 0) throw new Error(`vite build into ${outDir} failed`);
  if (!existsSync(join(outDir, 'index.html'))) throw new Error('vite build produced no index.html');
}
