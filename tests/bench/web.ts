// Web bench: what the PWA costs a phone. Gzip sizes of the production build against the budgets, then for /login,
// /user, the package history and a package detail (signed in as the demo customer): Lighthouse (mobile preset:
// emulated Moto G, simulated slow 4G, 4x CPU slowdown; a fresh browser per run), and a cold visit's bytes and
// requests split between the page and the service worker's precache. Prints figures; not part of pass/fail.
// Run: BENCH=web npm run bench. Knobs: BENCH_LH_RUNS (3), BENCH_WEB_PAGES=login,user,history,package,
// BENCH_WEB_SKIP_BUILD=1 (reuse the last build in dist/bench-web).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, start, stop } from './server';

const KB = 1024;
export const WEB_BUDGETS = { entryJs: 160 * KB, css: 30 * KB, routeChunk: 25 * KB };

type ManifestChunk = {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const outDir = join(root, 'dist/bench-web');

function build(): Manifest {
  const r = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--manifest',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('vite build failed');
  return JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

const gz = (file: string) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;
const verdict = (bytes: number, budget: number) =>
  `${kb(bytes).padStart(9)}  (budget ${kb(budget)}: ${bytes <= budget ? 'ok' : `OVER by ${kb(bytes - budget)}`})`;

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

export function measureBundle(manifest: Manifest) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('no entry chunk in the manifest');
  const entryKeys = staticClosure(manifest, entryKey);
  const entryFiles = [...entryKeys].map((k) => manifest[k]?.file ?? '');
  const entryJs = entryFiles.reduce((sum, f) => sum + gz(f), 0);

  // CSS: what index.html links (the entry's CSS), and every stylesheet of the build.
  const entryCss = [...entryKeys].flatMap((k) => manifest[k]?.css ?? []);
  const allCss = [...new Set(Object.values(manifest).flatMap((c) => c.css ?? []))];
  const entryCssBytes = [...new Set(entryCss)].reduce((sum, f) => sum + gz(f), 0);
  const allCssBytes = allCss.reduce((sum, f) => sum + gz(f), 0);

  // Route chunks: the lazily loaded pieces of src/web/routes (the router's automatic code splitting).
  const routes = Object.entries(manifest)
    .filter(([, c]) => c.isDynamicEntry && c.src?.includes('src/web/routes/'))
    .map(([key, c]) => {
      const own = gz(c.file);
      // What opening the route fetches on top of the entry: its chunk and the static imports not loaded yet.
      const extra = [...staticClosure(manifest, key)].filter((k) => !entryKeys.has(k));
      const withDeps = extra.reduce((sum, k) => sum + gz(manifest[k]?.file ?? ''), 0);
      return {
        route: (c.src ?? key).replace(/^.*src\/web\/routes\//, '').replace(/\?.*$/, ''),
        own,
        withDeps,
      };
    })
    .sort((a, b) => b.own - a.own);
  // Shared chunks: imported by other chunks, neither the entry's closure nor a page of its own.
  const shared = Object.entries(manifest)
    .filter(([key, c]) => !entryKeys.has(key) && !c.isEntry && !c.isDynamicEntry && c.file.endsWith('.js'))
    .map(([key, c]) => ({ key, file: c.file, size: gz(c.file) }))
    .sort((a, b) => b.size - a.size);
  const lazy = Object.entries(manifest)
    .filter(([key, c]) => c.isDynamicEntry && !c.src?.includes('src/web/routes/') && !entryKeys.has(key))
    .map(([, c]) => ({ file: c.file, size: gz(c.file) }))
    .sort((a, b) => b.size - a.size);

  return { entryFiles, entryJs, entryCssBytes, allCssBytes, routes, shared, lazy };
}

type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { score: number | null; title: string; displayValue?: string; numericValue?: number }
  >;
};

type Page = { name: string; path: string; auth: boolean };
/** The four pages of issue 14's goals. The package detail is the demo customer's first package. */
const PAGES: Page[] = [
  { name: 'login', path: '/login', auth: false },
  { name: 'user', path: '/user', auth: true },
  { name: 'history', path: '/user/packages/history', auth: true },
  { name: 'package', path: '/user/packages/:first', auth: true },
];
const GOALS = { perf: 95, a11y: 100, bp: 100, lcpMs: 2000, tbtMs: 150 };
const WIRE_GOALS: Record<string, { kib: number; requests: number }> = {
  login: { kib: 190, requests: 25 },
  user: { kib: 250, requests: 35 },
};
const CUSTOMER = { email: 'customer@demo.test', password: 'demo-customer-1' };

type Session = { access: string; refresh: string; firstPackage: string };

async function signIn(base: string): Promise<Session> {
  const res = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CUSTOMER),
  });
  const { data } = (await res.json()) as { data: { access_token: string; refresh_token: string } };
  const list = await fetch(`${base}/v1/packages?page=1&pageSize=1`, {
    headers: { authorization: `Bearer ${data.access_token}` },
  });
  const first = ((await list.json()) as { data: { items: { id: string }[] } }).data.items[0]?.id ?? '';
  return { access: data.access_token, refresh: data.refresh_token, firstPackage: first };
}

/** The session as the PWA keeps it (src/web/lib/session/session.ts): four cookies on the host. */
const sessionCookies = (s: Session, domain: string) =>
  [
    ['accessToken', s.access],
    ['refreshToken', s.refresh],
    ['isAuthenticated', 'true'],
    ['idVerified', 'true'],
  ].map(([name, value]) => ({ name: name as string, value: value as string, domain, path: '/' }));

type LhRow = { perf: number; a11y: number; bp: number; lhr: Lhr };

async function lighthouseRuns(url: string, runs: number, session: Session | null): Promise<LhRow[]> {
  const { launch } = await import('chrome-launcher');
  const puppeteer = (await import('puppeteer-core')).default;
  const lighthouse = (await import('lighthouse')).default as unknown as (
    url: string,
    flags: Record<string, unknown>,
  ) => Promise<{ lhr: Lhr } | undefined>;
  const rows: LhRow[] = [];
  for (let i = 0; i < runs; i++) {
    // A fresh browser per run: no cache, no service worker, no warm JIT from the previous run.
    const chrome = await launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    try {
      if (session) {
        // Signed in without visiting the site first (a visit would warm the HTTP cache): cookies set over CDP,
        // and Lighthouse told not to clear storage (the browser is new, so there is nothing else to clear).
        const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
        await browser.setCookie(...sessionCookies(session, new URL(url).hostname));
        await browser.disconnect();
      }
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        ...(session ? { disableStorageReset: true } : {}),
      });
      if (!result) throw new Error('lighthouse returned nothing');
      const failure = (result.lhr as { runtimeError?: { code?: string; message?: string } }).runtimeError;
      if (failure)
        console.log(`  run ${i + 1}: Lighthouse could not measure: ${failure.code} ${failure.message ?? ''}`);
      const score = (id: string) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100);
      rows.push({
        perf: score('performance'),
        a11y: score('accessibility'),
        bp: score('best-practices'),
        lhr: result.lhr,
      });
    } finally {
      chrome.kill();
    }
  }
  return rows;
}

/**
 * A cold visit in plain headless Chromium: what the page itself fetches until the network is idle, and what the
 * service worker fetches (its precache), with when the worker's first request left relative to the page's load.
 */
async function wire(url: string, session: Session | null) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    if (session) await context.addCookies(sessionCookies(session, new URL(url).hostname));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const sizes = new Map<string, number>();
    cdp.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
    const started = Date.now();
    let pageRequests = 0;
    cdp.on('Network.requestWillBeSent', () => {
      pageRequests++;
    });
    let swRequests = 0;
    let firstSwAt: number | null = null;
    context.on('request', (r) => {
      if (!r.serviceWorker()) return;
      swRequests++;
      firstSwAt ??= Date.now() - started;
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const loadEnd = await page.evaluate(
      () =>
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
          ?.loadEventEnd ?? 0,
    );
    const bytes = [...sizes.values()].reduce((a, b) => a + b, 0);
    return { requests: pageRequests, kib: bytes / KB, swRequests, firstSwAt, loadEnd };
  } finally {
    await browser.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const spread = (xs: number[], unit = '') => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[0]}${unit} / ${median(s)}${unit} / ${s[s.length - 1]}${unit}`;
};
const loadAverage = () => {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a';
  }
};

export async function benchWeb() {
  const skipBuild =
    process.env.BENCH_WEB_SKIP_BUILD === '1' && existsSync(join(outDir, '.vite/manifest.json'));
  console.log(
    `\nWeb bench: production build (gzip -9) against the budgets${skipBuild ? ' (last build reused)' : ''}`,
  );
  const manifest = skipBuild
    ? (JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest)
    : build();
  const m = measureBundle(manifest);
  const jsFiles = [...new Set(Object.values(manifest).map((c) => c.file))].filter((f) => f.endsWith('.js'));
  const tiny = jsFiles.filter((f) => gz(f) < KB).length;
  console.log(`JS chunks in the build: ${jsFiles.length}, ${tiny} of them under 1 KiB compressed`);
  console.log(
    `entry JS (index.html + static imports, ${m.entryFiles.length} files) ${verdict(m.entryJs, WEB_BUDGETS.entryJs)}`,
  );
  console.log(`CSS linked by index.html                        ${verdict(m.entryCssBytes, WEB_BUDGETS.css)}`);
  if (m.allCssBytes !== m.entryCssBytes)
    console.log(`CSS, every stylesheet of the build               ${kb(m.allCssBytes).padStart(9)}`);
  const top = m.routes[0];
  if (top) {
    console.log(`largest route chunk (${top.route})`.padEnd(48) + verdict(top.own, WEB_BUDGETS.routeChunk));
    const heaviest = [...m.routes].sort((a, b) => b.withDeps - a.withDeps)[0];
    if (heaviest)
      console.log(
        `  most fetched when opening a route: ${heaviest.route}, ${kb(heaviest.withDeps)} with its shared chunks`,
      );
  }
  const biggestShared = m.shared[0];
  if (biggestShared)
    console.log(
      `largest shared chunk (${biggestShared.file})`.padEnd(48) + kb(biggestShared.size).padStart(9),
    );

  const runs = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
  const only = (process.env.BENCH_WEB_PAGES ?? '').split(',').filter(Boolean);
  const pages = PAGES.filter((p) => only.length === 0 || only.includes(p.name));
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-web-'));
  const port = '18751';
  const server = await start(
    [join(root, 'src/server/main.ts')],
    { PORT: port, DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIR: outDir, DATABASE_URL: '', SMTP_URL: '' },
    async (u) => (await fetch(`${u}/v1/companies/me`)).ok,
  );
  const results: Record<string, unknown> = {};
  try {
    const base = `http://localhost:${port}`;
    const session = await signIn(base);
    console.log(
      `\nLighthouse 12.8.2, mobile preset (Moto G, simulated slow 4G, 4x CPU), median of ${runs}; load average ${loadAverage()}`,
    );
    for (const p of pages) {
      const url = `${base}${p.path.replace(':first', session.firstPackage)}`;
      const rows = await lighthouseRuns(url, runs, p.auth ? session : null);
      const perf = median(rows.map((r) => r.perf));
      const lhr = rows.find((r) => r.perf === perf)?.lhr ?? rows[0]?.lhr;
      const num = (r: LhRow, id: string) => Math.round(r.lhr.audits[id]?.numericValue ?? Number.NaN);
      const lcp = rows.map((r) => num(r, 'largest-contentful-paint'));
      const tbt = rows.map((r) => num(r, 'total-blocking-time'));
      const ok = (good: boolean) => (good ? 'ok' : 'MISSED');
      console.log(`\n${p.path}  (${url.replace(base, '')})`);
      console.log(
        `  performance min/median/max ${spread(rows.map((r) => r.perf))}  (goal ≥ ${GOALS.perf}: ${ok(perf >= GOALS.perf)})`,
      );
      console.log(
        `  accessibility ${median(rows.map((r) => r.a11y))}, best practices ${median(rows.map((r) => r.bp))}  (goal 100: ${ok(median(rows.map((r) => r.a11y)) === 100 && median(rows.map((r) => r.bp)) === 100)})`,
      );
      console.log(
        `  LCP ${spread(lcp, ' ms')}  (goal ≤ ${GOALS.lcpMs} ms: ${ok(median(lcp) <= GOALS.lcpMs)})`,
      );
      console.log(
        `  TBT ${spread(tbt, ' ms')}  (goal ≤ ${GOALS.tbtMs} ms: ${ok(median(tbt) <= GOALS.tbtMs)})`,
      );
      if (lhr) {
        const metric = (id: string) => lhr.audits[id]?.displayValue ?? '-';
        console.log(
          `  median run: FCP ${metric('first-contentful-paint')}, SI ${metric('speed-index')}, CLS ${metric('cumulative-layout-shift')}`,
        );
        const lcpEl = (
          lhr.audits['largest-contentful-paint-element'] as unknown as {
            details?: { items?: { items?: { node?: { snippet?: string } }[] }[] };
          }
        )?.details?.items?.[0]?.items?.[0]?.node?.snippet;
        if (lcpEl) console.log(`  LCP element: ${lcpEl.slice(0, 110)}`);
        const long = (
          lhr.audits['long-tasks'] as unknown as {
            details?: { items?: { url?: string; duration?: number }[] };
          }
        )?.details?.items?.filter((t) => (t.duration ?? 0) > 50);
        if (long?.length)
          console.log(
            `  long tasks: ${long.map((t) => `${Math.round(t.duration ?? 0)} ms ${String(t.url).replace(base, '')}`).join('; ')}`,
          );
        const failing = Object.entries(lhr.audits)
          .filter(([, a]) => a.score !== null && a.score < 0.9)
          .map(([id, a]) => `${id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        if (failing.length) console.log(`  audits below 0.9: ${failing.join(', ')}`);
      }
      const w = await wire(url, p.auth ? session : null);
      const goal = WIRE_GOALS[p.name];
      console.log(
        `  cold visit: ${w.requests} requests, ${w.kib.toFixed(1)} KiB on the wire by the page${goal ? ` (goal ≤ ${goal.kib} KiB, ≤ ${goal.requests} requests: ${ok(w.kib <= goal.kib && w.requests <= goal.requests)})` : ''}`,
      );
      console.log(
        `  service worker precache: ${w.swRequests} requests, the first ${w.firstSwAt === null ? 'never (not registered yet)' : `${w.firstSwAt} ms after navigation start; the page's load event ended at ${Math.round(w.loadEnd)} ms`}`,
      );
      results[p.name] = { perf, lcp: median(lcp), tbt: median(tbt), wire: w };
    }
    return { bundle: m, pages: results };
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
