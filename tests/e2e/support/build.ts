// The PWA's production build, for the run (global-setup.ts) and for the journeys that publish a newer one
// (new-build.ts): vite into a folder of its own, a missing index.html counting as a failed build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

/**
 * A build for the journeys: `name` is what it is ("web", the one served; "next", a newer one a journey deploys). With
 * E2E_BUILD_CACHE set (`npm test` names a folder of its own results, emptied at each run), a build made once in the
 * run is reused by every step and file that asks for it: the browser journeys, then the same journeys against a
 * cluster, and each journey that deploys a newer build. Each build costs about a minute on two cores and the code
 * cannot change during one run. Without it, a fresh build in a temporary folder (the caller removes it).
 */
export function journeyBuild(
  name: string,
  env: Record<string, string> = {},
): { dir: string; cached: boolean } {
  const cache = process.env.E2E_BUILD_CACHE;
  if (!cache) {
    const dir = mkdtempSync(join(tmpdir(), `portal-e2e-${name}-build-`));
    viteBuild(dir, env);
    return { dir, cached: false };
  }
  const dir = join(resolve(cache), name);
  // A build cut short (a killed run) has no index.html: viteBuild empties the folder and builds again.
  if (!existsSync(join(dir, 'index.html')) || !existsSync(join(dir, 'build.json'))) viteBuild(dir, env);
  return { dir, cached: true };
}
