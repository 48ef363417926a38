// Web bench: what the PWA costs a phone. Gzip sizes of the production build against the budgets, then Lighthouse
// (mobile preset: emulated Moto G, simulated slow 4G, 4x CPU slowdown) on /login served by the real server.
// Prints figures; not part of pass/fail. Run: BENCH=web npm run bench (BENCH_LH_RUNS=3 by default).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

async function lighthouseLogin(url: string, runs: number) {
  const { launch } = await import('chrome-launcher');
  const lighthouse = (await import('lighthouse')).default as unknown as (
    url: string,
    flags: Record<string, unknown>,
  ) => Promise<{ lhr: Lhr } | undefined>;
  const rows: { perf: number; a11y: number; bp: number; lhr: Lhr }[] = [];
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
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error('lighthouse returned nothing');
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export async function benchWeb() {
  console.log('\nWeb bench: production build (gzip -9) against the budgets');
  const manifest = build();
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

  const runs = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-web-'));
  const port = '18751';
  const server = await start(
    [join(root, 'src/server/main.ts')],
    { PORT: port, DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIR: outDir, DATABASE_URL: '', SMTP_URL: '' },
    async (u) => (await fetch(`${u}/v1/companies/me`)).ok,
  );
  try {
    const url = `http://localhost:${port}/login`;
    const rows = await lighthouseLogin(url, runs);
    const perf = median(rows.map((r) => r.perf));
    const a11y = median(rows.map((r) => r.a11y));
    const bp = median(rows.map((r) => r.bp));
    console.log(
      `\nLighthouse 12.8.2 mobile, ${url}, median of ${rows.length} (each run: ${rows.map((r) => `${r.perf}/${r.a11y}/${r.bp}`).join(', ')})`,
    );
    console.log(`performance ${perf}   accessibility ${a11y}   best practices ${bp}`);
    const lhr = rows.find((r) => r.perf === perf)?.lhr ?? rows[0]?.lhr;
    if (lhr) {
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? '-';
      console.log(
        `FCP ${metric('first-contentful-paint')}   LCP ${metric('largest-contentful-paint')}   TBT ${metric('total-blocking-time')}   CLS ${metric('cumulative-layout-shift')}   SI ${metric('speed-index')}`,
      );
      const failing = Object.entries(lhr.audits)
        .filter(([, a]) => a.score !== null && a.score < 0.9)
        .map(([id, a]) => `  ${id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      if (failing.length) console.log(`audits below 0.9:\n${failing.join('\n')}`);
    }
    return {
      bundle: m,
      lighthouse: { perf, a11y, bp, runs: rows.map(({ perf, a11y, bp }) => ({ perf, a11y, bp })) },
    };
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
