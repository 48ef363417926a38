// Web bench: what the PWA costs a phone. Gzip sizes of the production build against the budgets, the number of JS
// chunks; then, per page (/login, /user, the history, a package of the demo customer) served by the real server:
// a cold load in headless Chromium (bytes and requests on the wire, the page's apart from the service worker's), and
// Lighthouse (mobile preset: emulated Moto G, simulated slow 4G, 4x CPU slowdown), each figure beside its goal.
// Prints figures; not part of pass/fail. Run: BENCH=web npm run bench. BENCH_LH_RUNS (3), BENCH_WIRE_RUNS (3),
// BENCH_WEB_PAGES=login,user,history,package picks pages, BENCH_WEB_SKIP_BUILD=1 reuses the last build.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { buildPwa, root, startWithPwa, stop } from './server';
import {
  type BenchPage,
  CHROME,
  lighthouseRuns,
  loadavg,
  mark,
  median,
  printLighthouse,
  signIn,
} from './web-lighthouse';

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
  buildPwa(outDir);
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

/**
 * The chunks index.html loads (its module scripts): the build's entry, which rolldown may have put into a group
 * (then no chunk is marked `isEntry`).
 */
function entryChunks(manifest: Manifest): string[] {
  const marked = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  if (marked.length > 0) return marked;
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<script type="module"[^>]*src="\/([^"]+)"/g)].map((m) => m[1]);
  return Object.keys(manifest).filter((k) => files.includes(manifest[k]?.file));
}

export function measureBundle(manifest: Manifest) {
  const entries = entryChunks(manifest);
  if (entries.length === 0) throw new Error('no entry chunk in the manifest');
  const entryKeys = new Set<string>();
  for (const key of entries) staticClosure(manifest, key, entryKeys);
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

/** The demo customer's first package: the detail page the bench opens. */
async function firstPackageId(base: string): Promise<string> {
  const { accessToken } = await signIn(base);
  const res = await fetch(`${base}/v1/packages?page=1&per_page=1`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const body = (await res.json()) as { data: unknown };
  const rows = Array.isArray(body.data)
    ? body.data
    : ((body.data as { data?: unknown[]; items?: unknown[] } | null)?.data ??
      (body.data as { items?: unknown[] } | null)?.items ??
      []);
  const id = (rows[0] as { id?: string } | undefined)?.id;
  if (!id) throw new Error('the demo customer has no package');
  return id;
}

/** Cold-load goals on the wire (page requests, before the service worker's precache). */
const WIRE_GOALS: Record<string, { bytes: number; requests: number }> = {
  login: { bytes: 190 * KB, requests: 25 },
  user: { bytes: 250 * KB, requests: 35 },
};

type WireRow = {
  page: { requests: number; bytes: number; headers: number };
  /** Requests of the page itself after it went idle (what it defers until idle, e.g. notifications). */
  pageLater: { requests: number; bytes: number };
  precacheBefore: { requests: number; bytes: number };
  precacheAfter: { requests: number; bytes: number };
  interactiveMs: number;
  landedOn: string;
};

/**
 * A cold load in plain headless Chromium (no throttling): every request and its bytes on the wire (response
 * headers + encoded body). "The page" is what it fetched up to network idle (Playwright's `networkidle`: no
 * request for 500 ms); the page is interactive when the last of those ended. Requests the service worker makes
 * (its precache) are counted apart: those started before that moment, and the rest (waited for until the worker
 * is quiet for 2 s, at most 30 s).
 */
async function wireLoad(base: string, page: BenchPage): Promise<WireRow> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    if (page.auth) {
      const session = await signIn(base);
      await context.addCookies(session.cookies.map((c) => ({ ...c, url: base })));
    }
    type Seen = { url: string; sw: boolean; start: number; end: number; bytes: number; headers: number };
    const seen: Seen[] = [];
    let lastSw = Date.now();
    const pending: Promise<void>[] = [];
    context.on('requestfinished', (request) => {
      const sw = request.serviceWorker() !== null;
      if (sw) lastSw = Date.now();
      const timing = request.timing();
      const end = Date.now();
      pending.push(
        request
          .sizes()
          .then((s) => {
            seen.push({
              url: request.url(),
              sw,
              start: timing.startTime > 0 ? timing.startTime : end,
              end,
              bytes: s.responseBodySize + s.responseHeadersSize,
              headers: s.responseHeadersSize,
            });
          })
          .catch(() => undefined),
      );
    });
    const tab = await context.newPage();
    const t0 = Date.now();
    await tab.goto(`${base}${page.path}`, { waitUntil: 'networkidle' });
    const idleAt = Date.now();
    const landedOn = new URL(tab.url()).pathname;
    // Let the worker register and precache (it waits for an idle page), until it is quiet.
    const deadline = Date.now() + 30_000;
    lastSw = Date.now();
    while (Date.now() < deadline && Date.now() - lastSw < 2_000) await new Promise((r) => setTimeout(r, 200));
    await Promise.all(pending.splice(0));
    const sum = (xs: Seen[]) => ({ requests: xs.length, bytes: xs.reduce((a, x) => a + x.bytes, 0) });
    const pageRows = seen.filter((x) => !x.sw && x.end <= idleAt);
    // BENCH_WEB_LIST=1 names each request of the page with its bytes (what to cut first).
    if (process.env.BENCH_WEB_LIST)
      for (const x of [...pageRows].sort((a, b) => a.start - b.start))
        console.log(`    ${(x.bytes / KB).toFixed(1).padStart(6)} KiB  ${new URL(x.url).pathname}`);
    const interactiveAt = Math.max(t0, ...pageRows.map((x) => x.end));
    const worker = seen.filter((x) => x.sw);
    return {
      page: { ...sum(pageRows), headers: pageRows.reduce((a, x) => a + x.headers, 0) },
      pageLater: sum(seen.filter((x) => !x.sw && x.end > idleAt)),
      precacheBefore: sum(worker.filter((x) => x.start < interactiveAt)),
      precacheAfter: sum(worker.filter((x) => x.start >= interactiveAt)),
      interactiveMs: interactiveAt - t0,
      landedOn,
    };
  } finally {
    await browser.close();
  }
}

function printWire(page: BenchPage, rows: WireRow[]) {
  const med = (f: (r: WireRow) => number) => median(rows.map(f));
  const range = (f: (r: WireRow) => number, fmt: (n: number) => string) => {
    const xs = rows.map(f).sort((a, b) => a - b);
    return `${fmt(xs[0] ?? Number.NaN)}/${fmt(median(xs))}/${fmt(xs[xs.length - 1] ?? Number.NaN)}`;
  };
  const k = (n: number) => (n / KB).toFixed(1);
  const goal = WIRE_GOALS[page.name];
  console.log(
    `\nCold load on the wire, ${page.name}, headless Chromium unthrottled, ${rows.length} runs (min/median/max), load average ${loadavg()}`,
  );
  console.log(
    `  page: ${range((r) => r.page.bytes, k)} KiB (of it headers ${range((r) => r.page.headers, k)} KiB), ` +
      `${range((r) => r.page.requests, String)} requests, interactive (last request of the page ended) at ${range((r) => r.interactiveMs, String)} ms`,
  );
  if (goal)
    console.log(
      `    goal ≤ ${goal.bytes / KB} KiB: ${mark(med((r) => r.page.bytes) <= goal.bytes)}   ≤ ${goal.requests} requests: ${mark(med((r) => r.page.requests) <= goal.requests)}`,
    );
  const later = rows[Math.floor(rows.length / 2)]?.pageLater;
  if (later?.requests)
    console.log(`  the page later (after idle): ${later.requests} requests, ${k(later.bytes)} KiB`);
  const landed = rows.map((r) => r.landedOn).filter((p) => p !== page.path);
  if (landed.length)
    console.log(`  NOTE: the page landed on ${[...new Set(landed)].join(', ')}, not ${page.path}`);
  console.log(
    `  service worker before the page is interactive: ${range((r) => r.precacheBefore.requests, String)} requests, ${range((r) => r.precacheBefore.bytes, k)} KiB   goal 0: ${mark(med((r) => r.precacheBefore.requests) === 0)}`,
  );
  console.log(
    `  service worker after (its precache): ${range((r) => r.precacheAfter.requests, String)} requests, ${range((r) => r.precacheAfter.bytes, k)} KiB`,
  );
}

/** The build's JS chunks and how many are under 1 KiB compressed (brotli 11, as served). */
function chunkCounts() {
  const dir = join(outDir, 'assets');
  const js = readdirSync(dir).filter((f) => f.endsWith('.js'));
  const sizes = js.map((f) => {
    const br = join(dir, `${f}.br`);
    return existsSync(br)
      ? statSync(br).size
      : brotliCompressSync(readFileSync(join(dir, f)), {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 },
        }).length;
  });
  return { chunks: js.length, tiny: sizes.filter((s) => s < KB).length };
}

/** A free TCP port on the loopback (BENCH_WEB_PORT overrides it), so benches in other checkouts never collide. */
async function freePort(): Promise<number> {
  if (process.env.BENCH_WEB_PORT) return Number(process.env.BENCH_WEB_PORT);
  const { createServer } = await import('node:net');
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => res(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/** The pages measured; BENCH_WEB_PAGES=login,user picks some. */
function pagesFor(packageId: string | null): BenchPage[] {
  const all: BenchPage[] = [
    { name: 'login', path: '/login', auth: false },
    { name: 'user', path: '/user', auth: true },
    { name: 'history', path: '/user/packages/history', auth: true },
    { name: 'package', path: packageId ? `/user/packages/${packageId}` : '', auth: true },
  ];
  const pick = (process.env.BENCH_WEB_PAGES ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  return all.filter((p) => pick.length === 0 || pick.includes(p.name));
}

export async function benchWeb() {
  const skipBuild =
    process.env.BENCH_WEB_SKIP_BUILD === '1' && existsSync(join(outDir, '.vite/manifest.json'));
  console.log(
    `\nWeb bench: production build (gzip -9) against the budgets${skipBuild ? ' (the last build, BENCH_WEB_SKIP_BUILD=1)' : ''}`,
  );
  const manifest = skipBuild
    ? (JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest)
    : build();
  const m = measureBundle(manifest);
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
    const over = m.routes.filter((r) => r.own > WEB_BUDGETS.routeChunk);
    console.log(
      `  ${m.routes.length} route chunks, ${over.length} over budget${over.length ? `: ${over.map((r) => r.route).join(', ')}` : ''}`,
    );
  }
  const biggestShared = m.shared[0];
  if (biggestShared)
    console.log(
      `largest shared chunk (${biggestShared.file})`.padEnd(48) + kb(biggestShared.size).padStart(9),
    );
  const biggestLazy = m.lazy[0];
  if (biggestLazy)
    console.log(
      `largest other lazy chunk (${biggestLazy.file})`.padEnd(48) + kb(biggestLazy.size).padStart(9),
    );
  const chunks = chunkCounts();
  console.log(
    `JS chunks in the build: ${chunks.chunks}, ${chunks.tiny} of them under 1 KiB compressed (brotli 11)`,
  );

  // BENCH_LH_RUNS=0: the wire only (bytes and requests), quick while trying a change.
  const runs = Math.max(0, Number(process.env.BENCH_LH_RUNS ?? 3));
  const wireRuns = Math.max(1, Number(process.env.BENCH_WIRE_RUNS ?? 3));
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-web-'));
  const port = String(await freePort());
  const server = await startWithPwa(outDir, port, dataDir);
  // `localhost` is a host of the demo company (the seed's); 127.0.0.1 would be too, but a browser treats it apart.
  const base = `http://localhost:${port}`;
  const results: Record<string, unknown> = {};
  try {
    const wantsPackage = pagesFor('x').some((p) => p.name === 'package');
    const pages = pagesFor(wantsPackage ? await firstPackageId(base) : null);
    for (const page of pages) {
      const wire: WireRow[] = [];
      for (let i = 0; i < wireRuns; i++) wire.push(await wireLoad(base, page));
      printWire(page, wire);
      const rows = runs > 0 ? await lighthouseRuns(base, page, runs) : [];
      const lh = runs > 0 ? printLighthouse(page, `${base}${page.path}`, rows) : null;
      results[page.name] = { lighthouse: lh, wire };
    }
    return { bundle: m, chunks, pages: results };
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
