// A deploy while pages are open: the app is built again (another build id) and copied over the folder the server
// serves from; the server reads files from disk per request, so it serves the new build at once. The served folder
// is restored afterwards for the other test files.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { journeyBuild } from './build';
import { until } from './helpers';
import { e2eWebDir } from './server';

export type BuildInfo = { buildId: string; builtAt: string };

/**
 * Builds the next version before the tests of the enclosing describe (tagged `tag` in its build id) and puts the
 * served one back after them. Returns `deploy` (publishes the next build) and `next` (its build.json).
 */
export function setupNextBuild(
  tag: string,
  timeout = 240_000,
): { deploy: () => void; next: () => BuildInfo } {
  /** What the server serves (global-setup's build folder of this run; with E2E_PORT, E2E_WEB_DIR). */
  const webDir = e2eWebDir();
  let nextDir = '';
  let nextCached = false;
  let backupDir = '';
  let nextBuild: BuildInfo | undefined;

  beforeAll(() => {
    backupDir = mkdtempSync(join(tmpdir(), `portal-${tag}-served-build-`));
    cpSync(webDir, backupDir, { recursive: true });
    // Newer than the served build either way: built after it, with an id of its own.
    const next = journeyBuild('next', { BUILD_ID: `e2e-next-${tag}-${Date.now().toString(36)}` });
    nextDir = next.dir;
    nextCached = next.cached;
    nextBuild = JSON.parse(readFileSync(join(nextDir, 'build.json'), 'utf8'));
  }, timeout);

  afterAll(() => {
    if (backupDir && existsSync(join(backupDir, 'index.html'))) {
      rmSync(webDir, { recursive: true, force: true });
      cpSync(backupDir, webDir, { recursive: true });
    }
    for (const dir of [nextCached ? '' : nextDir, backupDir])
      if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Hashed assets first, then the pages and the worker, build.json last: what a careful deploy does. */
  function deploy() {
    cpSync(join(nextDir, 'assets'), join(webDir, 'assets'), { recursive: true });
    for (const name of readdirSync(nextDir)) {
      if (name !== 'assets' && name !== 'build.json') {
        cpSync(join(nextDir, name), join(webDir, name), { recursive: true });
      }
    }
    cpSync(join(nextDir, 'build.json'), join(webDir, 'build.json'));
  }

  return {
    deploy,
    next: () => {
      if (!nextBuild) throw new Error('the next build is made in beforeAll');
      return nextBuild;
    },
  };
}

/** The build id the page was loaded from. */
export const buildOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.build ?? null);

/**
 * Waits until the service worker of the next build is installed and waiting (after the page was told to look:
 * the app checks build.json on window focus, which a headless page never gains by itself).
 */
export async function nextWorkerWaiting(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await until(
    () =>
      page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null),
    { timeout: 30_000, message: 'the new service worker never got to waiting' },
  ).toBe('installed');
}
