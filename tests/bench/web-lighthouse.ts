// The web bench's Lighthouse part (tests/bench/web.ts): the demo customer's session, the mobile preset on one page a
// few times, and what the runs found beside the issue's goals.
import { readFileSync } from 'node:fs';

export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The demo customer's session, as the PWA keeps it (src/web/lib/session/session.ts): four cookies on the origin. */
export type Session = { cookies: { name: string; value: string }[]; accessToken: string };

export async function signIn(base: string): Promise<Session> {
  const res = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'customer@demo.test', password: 'demo-customer-1' }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  const { data } = (await res.json()) as { data: { access_token: string; refresh_token: string } };
  const claims = JSON.parse(Buffer.from(data.access_token.split('.')[1] ?? '', 'base64url').toString()) as {
    ver?: boolean;
  };
  return {
    accessToken: data.access_token,
    cookies: [
      { name: 'accessToken', value: data.access_token },
      { name: 'refreshToken', value: data.refresh_token },
      { name: 'isAuthenticated', value: 'true' },
      { name: 'idVerified', value: claims.ver ? 'true' : 'false' },
    ],
  };
}

/** A page the bench opens; `auth` pages need the demo customer's session in the browser's cookies. */
export type BenchPage = { name: string; path: string; auth: boolean };

type Audit = {
  score: number | null;
  title: string;
  displayValue?: string;
  numericValue?: number;
  details?: { type?: string; items?: unknown[] };
};
type Lhr = {
  finalDisplayedUrl?: string;
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
};
export type LhRow = { perf: number; a11y: number; bp: number; lhr: Lhr };

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Lighthouse (mobile preset) on one page, `runs` times. Each run is a fresh browser with a fresh profile: no HTTP
 * cache, no service worker, no warm JIT. A signed-in page gets the session's cookies through the DevTools protocol
 * first (nothing is loaded to set them), and Lighthouse is told not to reset storage, which would delete them.
 */
export async function lighthouseRuns(base: string, page: BenchPage, runs: number): Promise<LhRow[]> {
  const { launch } = await import('chrome-launcher');
  const lighthouse = (await import('lighthouse')).default as unknown as (
    url: string,
    flags: Record<string, unknown>,
    config?: unknown,
    page?: unknown,
  ) => Promise<{ lhr: Lhr } | undefined>;
  // Lighthouse drives the browser with puppeteer-core (its own dependency): the same library sets the cookies.
  const puppeteer = (await import('puppeteer-core')).default;
  const rows: LhRow[] = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    try {
      const tab = await browser.newPage();
      if (page.auth) {
        const session = await signIn(base);
        const { hostname } = new URL(base);
        await browser.setCookie(
          ...session.cookies.map((c) => ({ ...c, domain: hostname, path: '/', sameSite: 'Lax' as const })),
        );
      }
      const result = await lighthouse(
        `${base}${page.path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          // The profile is new, so the run is cold anyway; a reset would also delete the session's cookies.
          disableStorageReset: page.auth,
        },
        undefined,
        tab,
      );
      if (!result) throw new Error('lighthouse returned nothing');
      // A run Lighthouse could not measure (a protocol timeout on a loaded machine, say) is said and left out of the
      // median, rather than counted as a score of 0.
      const failure = (result.lhr as { runtimeError?: { code?: string; message?: string } }).runtimeError;
      if (failure) {
        console.log(
          `  (a run Lighthouse could not measure, left out: ${failure.code} ${failure.message ?? ''})`,
        );
        continue;
      }
      const score = (id: string) => Math.round((result.lhr.categories[id]?.score ?? 0) * 100);
      rows.push({
        perf: score('performance'),
        a11y: score('accessibility'),
        bp: score('best-practices'),
        lhr: result.lhr,
      });
    } finally {
      await browser.disconnect();
      chrome.kill();
    }
  }
  return rows;
}

export const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
export const mark = (ok: boolean) => (ok ? 'ok' : 'MISSED');
export const loadavg = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** The LCP element of a run (Lighthouse 12: a list whose first table names the node). */
function lcpElement(lhr: Lhr): string {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  const tables = (details?.items ?? []) as { items?: { node?: { snippet?: string; selector?: string } }[] }[];
  const node = tables.flatMap((t) => t.items ?? []).find((it) => it.node)?.node;
  return node ? `${node.snippet ?? ''} (${node.selector ?? ''})` : '-';
}

export function printLighthouse(page: BenchPage, url: string, rows: LhRow[]) {
  const stat = (f: (r: LhRow) => number) => {
    const xs = rows.map(f).sort((a, b) => a - b);
    return { min: xs[0] ?? Number.NaN, med: median(xs), max: xs[xs.length - 1] ?? Number.NaN };
  };
  const metric = (id: string) => (r: LhRow) => r.lhr.audits[id]?.numericValue ?? Number.NaN;
  const perf = stat((r) => r.perf);
  const a11y = stat((r) => r.a11y);
  const bp = stat((r) => r.bp);
  const fcp = stat(metric('first-contentful-paint'));
  const lcp = stat(metric('largest-contentful-paint'));
  const tbt = stat(metric('total-blocking-time'));
  const cls = stat(metric('cumulative-layout-shift'));
  const s = (v: number) => (v / 1000).toFixed(2);
  console.log(
    `\nLighthouse 12.8.2 mobile, ${page.name} (${url}), ${rows.length} runs (min/median/max), load average ${loadavg()}`,
  );
  const line = (label: string, value: string, goal = '') =>
    console.log(`  ${label.padEnd(16)}${value.padEnd(24)}${goal}`);
  const mmm = (x: { min: number; med: number; max: number }, f: (n: number) => string) =>
    `${f(x.min)}/${f(x.med)}/${f(x.max)}`;
  line('performance', mmm(perf, String), `goal ≥ 95      ${mark(perf.med >= 95)}`);
  line('accessibility', mmm(a11y, String), `goal 100       ${mark(a11y.med >= 100)}`);
  line('best practices', mmm(bp, String), `goal 100       ${mark(bp.med >= 100)}`);
  line('FCP', `${mmm(fcp, s)} s`);
  line('LCP', `${mmm(lcp, s)} s`, `goal ≤ 2.0 s   ${mark(lcp.med <= 2000)}`);
  line('TBT', `${mmm(tbt, (n) => String(Math.round(n)))} ms`, `goal ≤ 150 ms  ${mark(tbt.med <= 150)}`);
  line(
    'CLS',
    mmm(cls, (n) => n.toFixed(3)),
  );
  // The median run by performance score (ties: the first such run).
  const lhr = rows.find((r) => r.perf === perf.med)?.lhr ?? rows[0]?.lhr;
  if (!lhr) return { perf: perf.med, a11y: a11y.med, bp: bp.med, lcp: lcp.med, tbt: tbt.med };
  const landed = rows
    .map((r) => new URL(r.lhr.finalDisplayedUrl ?? url).pathname)
    .filter((p) => p !== page.path);
  if (landed.length)
    console.log(`  NOTE: runs landed on ${[...new Set(landed)].join(', ')}, not ${page.path}`);
  console.log(`  median run: LCP element ${lcpElement(lhr)}`);
  const tasks = (
    (lhr.audits['long-tasks']?.details?.items ?? []) as {
      url?: string;
      duration?: number;
      startTime?: number;
    }[]
  ).filter((t) => (t.duration ?? 0) > 50);
  console.log(`  median run: ${tasks.length} long tasks over 50 ms (simulated)`);
  for (const t of tasks)
    console.log(
      `    ${String(Math.round(t.duration ?? 0)).padStart(5)} ms at ${String(Math.round(t.startTime ?? 0)).padStart(5)} ms  ${t.url ?? '-'}`,
    );
  const failing = Object.entries(lhr.audits)
    .filter(([, a]) => a.score !== null && a.score < 0.9)
    .map(([id, a]) => `    ${id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  console.log(`  median run: audits under 0.9: ${failing.length ? `\n${failing.join('\n')}` : 'none'}`);
  return { perf: perf.med, a11y: a11y.med, bp: bp.med, lcp: lcp.med, tbt: tbt.med };
}
