// First-screen bench: what the main thread does on a cold signed-in load of the dashboard, the package history and
// a package's page, in Chromium at 4x CPU slowdown (a phone's CPU): React's commits and component renders (counted
// through React's devtools hook, so they do not depend on the machine's load), the largest contentful paint, and the
// JavaScript time per script from a CPU profile. Prints figures, never pass/fail.
// Run: BENCH=first-screen npm run bench. BENCH_FIRST_RUNS (3); BENCH_WEB_SKIP_BUILD=1 reuses the last build.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { apiLogin, applyTokens, CHROMIUM_ARGS, chromiumPath } from './browser';
import { buildPwa, root, startWithPwa, stop } from './server';

const outDir = join(root, 'dist/bench-first-screen');
const RUNS = Math.max(1, Number(process.env.BENCH_FIRST_RUNS ?? 3));
const PORT = 4795;

/**
 * Installed before the app's scripts: a devtools hook that counts, at each commit, the components whose props or
 * state object changed since the last commit seen (a component React rendered again). A string, so no helper of
 * the bench's own transpiler ends up in the page.
 */
const RENDER_COUNTER = `(() => {
  const last = new WeakMap();
  const stats = { commits: [], names: {} };
  window.__firstScreen = stats;
  const components = new Set([0, 1, 11, 14, 15]);
  const nameOf = (type) => {
    const inner = type && (type.render || type.type || type);
    return (type && type.displayName) || (inner && (inner.displayName || inner.name)) || '(anonymous)';
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), isDisabled: false,
    inject() { return 1; }, checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      let rendered = 0;
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        if (!fiber) continue;
        if (components.has(fiber.tag)) {
          const key = fiber.alternate && last.has(fiber.alternate) ? fiber.alternate : fiber;
          const was = last.get(key);
          if (!was || was[0] !== fiber.memoizedProps || was[1] !== fiber.memoizedState) {
            rendered++;
            const name = nameOf(fiber.type);
            stats.names[name] = (stats.names[name] || 0) + 1;
          }
          last.set(key, [fiber.memoizedProps, fiber.memoizedState]);
        }
        stack.push(fiber.sibling, fiber.child);
      }
      stats.commits.push(rendered);
    },
  };
})();`;

type Stats = { commits: number[]; names: Record<string, number> };
type Row = {
  lcp: number;
  js: number;
  commits: number[];
  names: Record<string, number>;
  byScript: Map<string, number>;
};

async function firstPackagePath(port: number, token: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/v1/packages?page=1&per_page=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { data: { items: { id: string }[] } };
  const rows = body.data.items;
  if (!rows[0]) throw new Error('the demo customer has no package');
  return `/user/packages/${rows[0].id}`;
}

/** What each screen draws last (below a phone's fold): the run waits for it. */
const COMPLETE: Record<string, string> = {
  '/user': '[data-testid="warehouse-address"]',
};

async function load(context: BrowserContext, url: string): Promise<Row> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'networkidle' });
  // The screen drawn whole: its heading, nothing still loading, and what it draws after its first paint.
  await page.waitForFunction(
    (selector) =>
      document.querySelector('main h1') !== null &&
      document.querySelector('main [aria-busy="true"]') === null &&
      document.querySelector(selector) !== null,
    COMPLETE[new URL(url).pathname.split('/').slice(0, 4).join('/')] ?? 'main h1',
    { timeout: 20_000 },
  );
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(Number.NaN), 2_000);
      }),
  );
  const { profile } = await cdp.send('Profiler.stop');
  const stats = await page.evaluate(() => (window as unknown as { __firstScreen: Stats }).__firstScreen);
  const urlOf = new Map(profile.nodes.map((n) => [n.id, n.callFrame.url]));
  const byScript = new Map<string, number>();
  let js = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const script = urlOf.get(id);
    const ms = (profile.timeDeltas?.[i] ?? 0) / 1000;
    if (!script) return;
    js += ms;
    const name = new URL(script).pathname.replace(/-[\w-]{8}\.js$/, '.js');
    byScript.set(name, (byScript.get(name) ?? 0) + ms);
  });
  await page.close();
  return { lcp, js, commits: stats.commits, names: stats.names, byScript };
}

const spread = (xs: number[], digits = 0) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s[Math.floor(s.length / 2)] ?? Number.NaN;
  return `${(s[0] ?? Number.NaN).toFixed(digits)}/${mid.toFixed(digits)}/${(s[s.length - 1] ?? Number.NaN).toFixed(digits)}`;
};

export async function benchFirstScreen() {
  if (process.env.BENCH_WEB_SKIP_BUILD !== '1' || !existsSync(join(outDir, 'index.html'))) buildPwa(outDir);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-first-'));
  const server = await startWithPwa(outDir, PORT, dataDir);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const account = { email: 'customer@demo.test', password: 'demo-customer-1' };
    const tokens = await apiLogin(PORT, account);
    const pages = ['/user', '/user/packages/history', await firstPackagePath(PORT, tokens.access_token)];
    const base = `http://localhost:${PORT}`;
    console.log(
      `\nFirst screen, cold signed-in load in Chromium at 4x CPU slowdown, ${RUNS} runs (min/median/max), load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const path of pages) {
      const rows: Row[] = [];
      for (let i = 0; i < RUNS; i++) {
        // A fresh context each time: no HTTP cache, no worker, no saved queries (a first visit after signing in).
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          serviceWorkers: 'block',
        });
        await applyTokens(context, await apiLogin(PORT, account), base);
        await context.addInitScript(RENDER_COUNTER);
        rows.push(await load(context, `${base}${path}`));
        await context.close();
      }
      const label =
        path.startsWith('/user/packages/') && !path.endsWith('history') ? '/user/packages/:id' : path;
      console.log(`  ${label}`);
      console.log(
        `    commits ${spread(rows.map((r) => r.commits.length))}, component renders ${spread(rows.map((r) => r.commits.reduce((a, n) => a + n, 0)))}`,
      );
      console.log(`    per commit (last run): ${rows[rows.length - 1]?.commits.join(' ')}`);
      console.log(
        `    LCP ${spread(rows.map((r) => r.lcp))} ms, JavaScript ${spread(rows.map((r) => r.js))} ms`,
      );
      const last = rows[rows.length - 1];
      if (last) {
        const scripts = [...last.byScript].sort((a, b) => b[1] - a[1]).slice(0, 5);
        console.log(
          `    JavaScript by script (last run): ${scripts.map(([s, ms]) => `${s} ${ms.toFixed(0)} ms`).join(', ')}`,
        );
        const names = Object.entries(last.names)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 12);
        console.log(`    most rendered (last run): ${names.map(([n, c]) => `${n} ×${c}`).join(', ')}`);
      }
    }
  } finally {
    await browser.close();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
