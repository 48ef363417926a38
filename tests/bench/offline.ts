// Offline bench: what the offline features cost, in Chromium against the built PWA and a real server.
// 1. Replay of 20 queued pre-alerts × 2 MB under a CDP-throttled upload link, against the link's ideal time.
// 2. Offline cold start (browser closed and relaunched offline) to the first package row, for a user with 1,000
//    packages, with what the persisted query cache holds after ordinary visits.
// 3. Bytes the shell fetches from the network on a repeat visit once the service worker controls the page.
// Prints figures; not part of pass/fail. Run: BENCH=offline npm run bench. Knobs: BENCH_OFFLINE_RUNS (cold starts
// per variant, 5), BENCH_OFFLINE_REPLAY_RUNS (3), BENCH_OFFLINE_UPLOAD_MIBPS (4), BENCH_OFFLINE_LATENCY_MS (20),
// BENCH_OFFLINE_VISITS (6), BENCH_OFFLINE_REUSE_BUILD=1 (keep dist/bench-offline from an earlier run),
// BENCH_OFFLINE_ONLY=replay,cold,shell (a subset), BENCH_OFFLINE_TRACE=1 (resources before the first row).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import { hashPassword } from '../../src/server/auth/passwords';
import { nextMailboxNumber } from '../../src/server/companies/mailbox-numbers';
import { openDatabase } from '../../src/server/db';
import { companies, users } from '../../src/server/db/schema';
import { seed } from '../../src/server/seeds/seed';
import { seedDemoPackages } from '../../src/server/seeds/seed-packages';
import { apiLogin, applyTokens, CHROMIUM_ARGS, chromiumPath, controlled, type Tokens } from './browser';
import { buildPwa, root, start, stop } from './server';

const SERVER_PORT = 18761;
const PROXY_PORT = 18762;
const MIB = 1024 * 1024;
const VIEWPORT = { width: 1280, height: 800 };

const COLD_RUNS = Math.max(1, Number(process.env.BENCH_OFFLINE_RUNS ?? 5));
const REPLAY_RUNS = Math.max(1, Number(process.env.BENCH_OFFLINE_REPLAY_RUNS ?? 3));
const UPLOAD_BPS = Math.round(Number(process.env.BENCH_OFFLINE_UPLOAD_MIBPS ?? 4) * MIB);
const LATENCY_MS = Number(process.env.BENCH_OFFLINE_LATENCY_MS ?? 20);
const VISITS = Math.max(2, Number(process.env.BENCH_OFFLINE_VISITS ?? 6));
const QUEUED = 20;
const FILE_BYTES = 2 * MIB;

const CUSTOMER = { email: 'customer@demo.test', password: 'demo-customer-1' };
const BULK = { email: 'bulk-offline@bench.test', password: 'bench-password-1', packages: 1000 };

/** The history table's rows (desktop viewport) and the dashboard's recent packages. */
const HISTORY_ROW = 'table[aria-label="Packages"] tbody tr';
const RECENT_ROW = 'ul[aria-label="Recent packages"] > li';

/**
 * tsx (esbuild, keepNames) wraps named functions in `__name(...)`; functions handed to page.evaluate run in the page,
 * where that helper does not exist. This gives the page a no-op one.
 */
const NAME_SHIM = 'globalThis.__name = globalThis.__name || ((f) => f);';

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return Number.NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};
const min = (xs: number[]) => Math.min(...xs);
const max = (xs: number[]) => Math.max(...xs);
const ms = (x: number) => `${Math.round(x)} ms`;
const secs = (x: number) => `${(x / 1000).toFixed(2)} s`;
const bytes = (n: number) =>
  n >= MIB ? `${(n / MIB).toFixed(1)} MiB` : n >= 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${n} B`;
const spread = (xs: number[], fmt: (x: number) => string) =>
  xs.length > 1 ? `${fmt(min(xs))} – ${fmt(max(xs))}` : fmt(xs[0] ?? Number.NaN);
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

type CacheStats = { bytes: number; lists: string[]; packages: number; queries: number };

/** What the persisted query cache (IndexedDB portal-query-cache / clients) of this origin holds now. */
function persistedCache(page: Page): Promise<CacheStats> {
  return page.evaluate(
    () =>
      new Promise<CacheStats>((done) => {
        const empty: CacheStats = { bytes: 0, lists: [], packages: 0, queries: 0 };
        const open = indexedDB.open('portal-query-cache');
        open.onerror = () => done(empty);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('clients')) {
            db.close();
            done(empty);
            return;
          }
          const all = db.transaction('clients').objectStore('clients').getAll();
          all.onerror = () => {
            db.close();
            done(empty);
          };
          all.onsuccess = () => {
            db.close();
            const stats: CacheStats = { bytes: 0, lists: [], packages: 0, queries: 0 };
            const ids = new Set<string>();
            type Q = { queryKey: unknown[]; state: { data?: { items?: { id: string }[] } } };
            for (const raw of all.result as string[]) {
              stats.bytes += raw.length;
              const queries = (JSON.parse(raw) as { clientState: { queries: Q[] } }).clientState.queries;
              stats.queries += queries.length;
              for (const q of queries) {
                if (q.queryKey[0] !== 'packages' || q.queryKey[1] !== 'list') continue;
                stats.lists.push(JSON.stringify(q.queryKey[2]));
                for (const item of q.state.data?.items ?? []) ids.add(item.id);
              }
            }
            stats.packages = ids.size;
            done(stats);
          };
        };
      }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Set-up: a user with 1,000 packages, the production build, the server, a counting proxy

/** A verified customer of Island Express with `count` packages from the demo seeder (before the server starts). */
async function seedBulkUser(dataDir: string) {
  const started = performance.now();
  const database = await openDatabase({ dataDir });
  try {
    const { db } = database;
    await seed(db, { scryptLogN: 10 });
    const [company] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.slug, 'island-express'));
    if (!company) throw new Error('no island-express company');
    await db
      .insert(users)
      .values({
        companyId: company.id,
        email: BULK.email,
        passwordHash: await hashPassword(BULK.password, 10),
        firstName: 'Bulk',
        lastName: 'Customer',
        mailboxNumber: await nextMailboxNumber(db, company.id),
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing();
    await seedDemoPackages(db, [
      { company: 'island-express', email: BULK.email, count: BULK.packages, seed: 7 },
    ]);
  } finally {
    await database.close();
  }
  console.log(
    `seeded ${BULK.email} with ${BULK.packages} packages (demo seeder) in ${secs(performance.now() - started)}`,
  );
}

type ManifestChunk = { file: string; name?: string; src?: string };
const outDir = join(root, 'dist/bench-offline');

function buildWeb(): Record<string, ManifestChunk> {
  const manifestFile = join(outDir, '.vite/manifest.json');
  if (!(process.env.BENCH_OFFLINE_REUSE_BUILD && existsSync(manifestFile))) {
    buildPwa(outDir);
  }
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
}

type ProxyHit = { method: string; path: string; status: number; bytes: number };

/**
 * A pass-through HTTP proxy in front of the server that counts what it relays (status line + headers + body as
 * sent, compressed or not). Whatever reaches it went to the network, whoever asked: the page, the service worker,
 * or the browser itself (the worker's update check).
 */
function startProxy(port: number, target: number) {
  const hits: ProxyHit[] = [];
  const agent = new Agent({ keepAlive: true });
  const headerBytes = (m: IncomingMessage) =>
    `HTTP/1.1 ${m.statusCode} ${m.statusMessage}\r\n`.length +
    m.rawHeaders.reduce((sum, h) => sum + h.length + 2, 0) + // "name: value\r\n"
    2;
  const server = createServer((req, res) => {
    const up = httpRequest(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers, agent },
      (ur) => {
        const hit: ProxyHit = {
          method: req.method ?? 'GET',
          path: req.url ?? '/',
          status: ur.statusCode ?? 0,
          bytes: headerBytes(ur),
        };
        hits.push(hit);
        res.writeHead(ur.statusCode ?? 502, ur.statusMessage, ur.rawHeaders);
        ur.on('data', (chunk: Buffer) => {
          hit.bytes += chunk.length;
        });
        ur.pipe(res);
      },
    );
    up.on('error', () => {
      res.statusCode = 502;
      res.end();
    });
    req.pipe(up);
  });
  return new Promise<{ hits: ProxyHit[]; close: () => Promise<void> }>((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        hits,
        close: () =>
          new Promise<void>((done) => {
            agent.destroy();
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}

// ---------------------------------------------------------------------------------------------------------------
// 1. Replay of the outbox under a throttled upload link

type BenchOutbox = {
  enqueue(input: {
    kind: 'prealert';
    url: string;
    label: string;
    fields: Record<string, string>;
    files: File[];
  }): Promise<unknown>;
  getSnapshot(): { records: { state: string }[]; flushing: boolean };
  subscribe(listener: () => void): () => void;
};
type BenchWindow = Window & {
  __benchOutbox?: BenchOutbox;
  __benchOnlineAt?: number;
  __benchDone?: Promise<{ at: number; left: number }>;
};

type Upload = {
  id: string;
  url: string;
  start: number;
  bodyBytes: number;
  sendStart?: number;
  sendEnd?: number;
  headersEnd?: number;
  end?: number;
  status?: number;
};

type ReplayRun = {
  enqueueMs: number;
  offlineNotifications: number;
  offlineBusy: number;
  elapsed: number;
  totalBytes: number;
  ideal: number;
  ratio: number;
  created: number;
  duplicates: number;
  uploads: Upload[];
  gets: string[];
  leftInOutbox: number;
  /** The same uploads as plain XHRs from the page, one at a time and two at a time: elapsed and rows created. */
  serial: { ms: number; created: number };
  pair: { ms: number; created: number };
  /** Reading one stored file of that size back from IndexedDB in this page (median of 5), as sendOne does. */
  idbReadMs: number;
};

/** In the page: the median time to read a `size`-byte ArrayBuffer back from a scratch IndexedDB database. */
async function idbReadCost(size: number) {
  const req = <T>(r: IDBRequest<T>) =>
    new Promise<T>((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
  const open = indexedDB.open('bench-idb-read', 1);
  open.onupgradeneeded = () => open.result.createObjectStore('files');
  const db = await req(open);
  const buffer = new Uint8Array(size).fill(7).buffer;
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction('files', 'readwrite');
    tx.objectStore('files').put({ name: 'f.pdf', type: 'application/pdf', buffer }, 'k');
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    await req(db.transaction('files').objectStore('files').get('k'));
    times.push(performance.now() - t0);
  }
  db.close();
  indexedDB.deleteDatabase('bench-idb-read');
  return times.sort((a, b) => a - b)[2] ?? Number.NaN;
}

/**
 * In the page: `count` pre-alerts with one `size`-byte file each, POSTed with XHR straight to the API (no outbox, no
 * IndexedDB), `concurrency` at a time. Bodies are built before the clock starts. Resolves with the elapsed ms.
 */
async function directUploads(a: { count: number; size: number; prefix: string; concurrency: number }) {
  const cookie = document.cookie.split('; ').find((c) => c.startsWith('accessToken=')) ?? '';
  const token = decodeURIComponent(cookie.slice('accessToken='.length));
  const bodies: FormData[] = [];
  for (let i = 0; i < a.count; i++) {
    const data = new Uint8Array(a.size);
    for (let o = 0; o < a.size; o += 65536) crypto.getRandomValues(data.subarray(o, o + 65536));
    data.set(new TextEncoder().encode('%PDF-1.4\n'));
    const fd = new FormData();
    const tn = `${a.prefix}${String(i).padStart(2, '0')}`;
    for (const [k, v] of Object.entries({
      tracking_number: tn,
      seller_name: 'Bench',
      description: 'Offline bench parcel',
      weight: '1',
      value: '10',
      package_type: 'parcel',
    }))
      fd.append(k, v);
    fd.append('files', new Blob([data], { type: 'application/pdf' }), `invoice-${i}.pdf`);
    bodies.push(fd);
  }
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: a.concurrency }, async () => {
      while (next < bodies.length) {
        const body = bodies[next];
        next += 1;
        await new Promise<void>((resolve, reject) => {
          const xhr = new XMLHttpRequest();
          xhr.open('POST', '/v1/peralert');
          xhr.setRequestHeader('Accept', 'application/json');
          xhr.setRequestHeader('Authorization', `Bearer ${token}`);
          xhr.setRequestHeader('Idempotency-Key', crypto.randomUUID());
          xhr.onload = () => (xhr.status === 201 ? resolve() : reject(new Error(`upload: ${xhr.status}`)));
          xhr.onerror = () => reject(new Error('upload: no reply'));
          xhr.send(body ?? null);
        });
      }
    }),
  );
  return performance.now() - t0;
}

/** Records the timeline of the page's requests from CDP (monotonic seconds). */
function watchUploads(cdp: CDPSession) {
  const uploads = new Map<string, Upload>();
  const gets: string[] = [];
  // The extra info (the headers as sent, Content-Length included) may arrive before or after requestWillBeSent.
  const lengths = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => {
    const path = new URL(e.request.url).pathname;
    if (e.request.method === 'POST' && path === '/v1/peralert') {
      const bodyBytes = lengths.get(e.requestId) ?? 0;
      uploads.set(e.requestId, { id: e.requestId, url: e.request.url, start: e.timestamp, bodyBytes });
    } else if (path.startsWith('/v1/')) {
      gets.push(`${e.request.method} ${path}${new URL(e.request.url).search}`);
    }
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    const length = Object.entries(e.headers).find(([k]) => k.toLowerCase() === 'content-length')?.[1];
    if (!length) return;
    lengths.set(e.requestId, Number(length));
    const u = uploads.get(e.requestId);
    if (u) u.bodyBytes = Number(length);
  });
  cdp.on('Network.responseReceived', (e) => {
    const u = uploads.get(e.requestId);
    const t = e.response.timing;
    if (!u) return;
    u.status = e.response.status;
    if (t) {
      u.sendStart = t.requestTime + t.sendStart / 1000;
      u.sendEnd = t.requestTime + t.sendEnd / 1000;
      u.headersEnd = t.requestTime + t.receiveHeadersEnd / 1000;
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    const u = uploads.get(e.requestId);
    if (u) u.end = e.timestamp;
  });
  cdp.on('Network.loadingFailed', (e) => {
    const u = uploads.get(e.requestId);
    if (u) {
      u.end = e.timestamp;
      u.status = 0;
    }
  });
  return { uploads, gets };
}

type PrealertList = { data: { items: { tracking_number: string }[]; total: number } };
async function prealertsWith(token: string, prefix: string): Promise<{ matching: string[]; total: number }> {
  const res = await fetch(`http://127.0.0.1:${SERVER_PORT}/v1/peralert?pageSize=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as PrealertList;
  return {
    matching: body.data.items.map((p) => p.tracking_number).filter((t) => t.startsWith(prefix)),
    total: body.data.total,
  };
}

async function replayOnce(
  browser: Browser,
  origin: string,
  tokens: Tokens,
  outboxModule: string,
  run: number,
): Promise<ReplayRun> {
  const context = await browser.newContext({ baseURL: origin, viewport: VIEWPORT });
  await context.addInitScript({ content: NAME_SHIM });
  await applyTokens(context, tokens, origin);
  const page = await context.newPage();
  try {
    await page.goto('/user/packages/pre-alert');
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
    await controlled(page);
    await sleep(1000); // let the first requests and the precache settle

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Performance.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.waitForFunction(() => navigator.onLine === false);

    // Enqueue through the app's own outbox (the module instance the app uses: same chunk URL in the same page).
    const prefix = `OFB${Date.now().toString(36).toUpperCase()}R${run}N`;
    const before = await prealertsWith(tokens.access_token, prefix);
    const enqueueMs = await page.evaluate(
      async ({ moduleUrl, count, size, prefix }) => {
        const w = window as BenchWindow;
        const mod = (await import(moduleUrl)) as Record<string, unknown>;
        const box = Object.values(mod).find(
          (v): v is BenchOutbox =>
            typeof v === 'object' && v !== null && 'enqueue' in v && 'syncNow' in v && 'getSnapshot' in v,
        );
        if (!box) throw new Error(`no outbox object exported by ${moduleUrl}`);
        w.__benchOutbox = box;
        const cookie = document.cookie.split('; ').find((c) => c.startsWith('accessToken=')) ?? '';
        const token = decodeURIComponent(cookie.slice('accessToken='.length));
        const payload = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
        const claims = JSON.parse(atob(payload.padEnd(Math.ceil(payload.length / 4) * 4, '='))) as {
          sub: string;
          cid: string;
        };
        const t0 = performance.now();
        for (let i = 0; i < count; i++) {
          const data = new Uint8Array(size);
          for (let o = 0; o < size; o += 65536) crypto.getRandomValues(data.subarray(o, o + 65536));
          data.set(new TextEncoder().encode('%PDF-1.4\n'));
          const tn = `${prefix}${String(i).padStart(2, '0')}`;
          await box.enqueue({
            kind: 'prealert',
            url: '/v1/peralert',
            label: tn,
            fields: {
              tracking_number: tn,
              seller_name: 'Bench',
              description: 'Offline bench parcel',
              weight: '1',
              value: '10',
              package_type: 'parcel',
              height: '0',
              length: '0',
              width: '0',
              user_id: claims.sub,
              company_id: claims.cid,
            },
            files: [new File([data], `invoice-${i}.pdf`, { type: 'application/pdf' })],
          });
        }
        return performance.now() - t0;
      },
      { moduleUrl: `/${outboxModule}`, count: QUEUED, size: FILE_BYTES, prefix },
    );
    await page.getByRole('button', { name: `Outbox, ${QUEUED} unsent` }).waitFor({ timeout: 10_000 });

    // Offline with 20 items waiting: how often the outbox re-reads and notifies, and how busy the main thread is.
    const metric = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    const busy0 = await metric();
    const offlineNotifications = await page.evaluate(
      () =>
        new Promise<number>((done) => {
          let n = 0;
          const box = (window as BenchWindow).__benchOutbox;
          const off = box?.subscribe(() => {
            n += 1;
          });
          setTimeout(() => {
            off?.();
            done(n);
          }, 2000);
        }),
    );
    const offlineBusy = ((await metric()) - busy0) / 2;

    await page.evaluate(() => {
      const w = window as BenchWindow;
      const box = w.__benchOutbox;
      if (!box) throw new Error('outbox not found');
      window.addEventListener(
        'online',
        () => {
          w.__benchOnlineAt = performance.now();
        },
        { once: true },
      );
      w.__benchDone = new Promise((resolve) => {
        const off = box.subscribe(() => {
          const s = box.getSnapshot();
          if (!s.flushing && s.records.every((r) => r.state === 'attention')) {
            off();
            resolve({ at: performance.now(), left: s.records.length });
          }
        });
      });
    });
    const { uploads, gets } = watchUploads(cdp);

    // Online, on a throttled upload link: the app flushes the outbox by itself on the `online` event.
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LATENCY_MS,
      downloadThroughput: -1,
      uploadThroughput: UPLOAD_BPS,
    });
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([
      page.evaluate(() => (window as BenchWindow).__benchDone),
      new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), 300_000);
      }),
    ]).finally(() => clearTimeout(timer));
    const onlineAt = await page.evaluate(() => (window as BenchWindow).__benchOnlineAt ?? Number.NaN);
    if (!done) throw new Error('the outbox did not empty within 5 minutes');
    await page.getByRole('button', { name: /^Outbox, \d+ unsent$/ }).waitFor({ state: 'detached' });
    const after = await prealertsWith(tokens.access_token, prefix);
    const list = [...uploads.values()].sort((a, b) => a.start - b.start); // the outbox's uploads only
    const apiReads = [...gets];

    // Baselines on the same throttled link, same bodies, no outbox: plain XHR uploads one at a time, and two at a time.
    const baseline = async (concurrency: number) => {
      const tag = `${prefix}C${concurrency}N`;
      const took = await page.evaluate(directUploads, {
        count: QUEUED,
        size: FILE_BYTES,
        prefix: tag,
        concurrency,
      });
      const made = await prealertsWith(tokens.access_token, tag);
      return { ms: took, created: made.matching.length };
    };
    const serial = await baseline(1);
    const pair = await baseline(2);
    const idbReadMs = await page.evaluate(idbReadCost, FILE_BYTES);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const totalBytes = list.filter((u) => u.status === 201).reduce((s, u) => s + u.bodyBytes, 0);
    const elapsed = done.at - onlineAt;
    const ideal = (totalBytes / UPLOAD_BPS) * 1000;
    return {
      enqueueMs,
      offlineNotifications,
      offlineBusy,
      elapsed,
      totalBytes,
      ideal,
      ratio: ideal / elapsed,
      created: after.matching.length - before.matching.length,
      duplicates: after.matching.length - new Set(after.matching).size,
      uploads: list,
      gets: apiReads,
      leftInOutbox: done.left,
      serial,
      pair,
      idbReadMs,
    };
  } finally {
    await context.close();
  }
}

function describeTimeline(r: ReplayRun) {
  const u = r.uploads.filter((x) => x.end !== undefined);
  const per = (f: (x: Upload) => number | undefined) =>
    u.map(f).filter((x): x is number => x !== undefined && Number.isFinite(x));
  const startToSend = per((x) => (x.sendStart === undefined ? undefined : (x.sendStart - x.start) * 1000));
  const send = per((x) =>
    x.sendEnd === undefined || x.sendStart === undefined ? undefined : (x.sendEnd - x.sendStart) * 1000,
  );
  const wait = per((x) =>
    x.headersEnd === undefined || x.sendEnd === undefined ? undefined : (x.headersEnd - x.sendEnd) * 1000,
  );
  const gaps: number[] = [];
  for (let i = 1; i < u.length; i++) {
    const prev = u[i - 1];
    const cur = u[i];
    if (prev?.end !== undefined && cur) gaps.push((cur.start - prev.end) * 1000);
  }
  const first = u[0];
  const last = u.at(-1);
  const span = first && last?.end !== undefined ? (last.end - first.start) * 1000 : Number.NaN;
  const overlap = u.some((x, i) => i > 0 && x.start < (u[i - 1]?.end ?? 0));
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  return { startToSend, send, wait, gaps, span, overlap, sum, count: u.length };
}

async function benchReplay(browser: Browser, origin: string, outboxModule: string) {
  console.log(
    `\n1. Outbox replay: ${QUEUED} queued pre-alerts × ${bytes(FILE_BYTES)} (random bytes), upload throttled by CDP to ` +
      `${bytes(UPLOAD_BPS)}/s, latency ${LATENCY_MS} ms, download unthrottled; ${REPLAY_RUNS} runs`,
  );
  console.log(
    '   queued offline through the app outbox module (outbox.enqueue in the page, as sendOrQueue does offline);',
  );
  console.log('   timed from the page `online` event (the app flushes by itself) until the outbox is empty');
  const tokens = await apiLogin(SERVER_PORT, CUSTOMER);
  const runs: ReplayRun[] = [];
  for (let i = 0; i < REPLAY_RUNS; i++) {
    const r = await replayOnce(browser, origin, tokens, outboxModule, i + 1);
    runs.push(r);
    const t = describeTimeline(r);
    const avg = (xs: number[]) => (xs.length ? t.sum(xs) / xs.length : Number.NaN);
    console.log(
      `   run ${i + 1}: elapsed ${secs(r.elapsed)}, ${bytes(r.totalBytes)} sent, ideal ${secs(r.ideal)}, ratio ${r.ratio.toFixed(2)}; ` +
        `server: ${r.created} created (${r.duplicates} duplicates), ${r.leftInOutbox} left needing attention`,
    );
    console.log(
      `          ${t.count} uploads, ${t.overlap ? 'some overlapping' : 'strictly one after another'}; per upload: ` +
        `request→body starts ${ms(avg(t.startToSend))}, body ${ms(avg(t.send))} (${bytes(Math.round(r.totalBytes / Math.max(1, t.sum(t.send) / 1000)))}/s), ` +
        `body sent→reply ${ms(avg(t.wait))}, gap to the next upload ${ms(avg(t.gaps))} (max ${ms(t.gaps.length ? max(t.gaps) : 0)})`,
    );
    console.log(
      `          first upload→last reply ${secs(t.span)}; outside it (before the first, after the last) ${ms(r.elapsed - t.span)}; ` +
        `link busy sending bodies ${Math.round((t.sum(t.send) / r.elapsed) * 100)} % of the elapsed time; ` +
        `${r.gets.length} API reads during the replay${r.gets.length ? ` (${[...new Set(r.gets)].slice(0, 4).join(', ')}${new Set(r.gets).size > 4 ? ', …' : ''})` : ''}`,
    );
    const ratioOf = (x: number) => (r.ideal / x).toFixed(2);
    console.log(
      `          same uploads without the outbox (plain XHR, same link): one at a time ${secs(r.serial.ms)} (ratio ${ratioOf(r.serial.ms)}, ${r.serial.created} created), ` +
        `two at a time ${secs(r.pair.ms)} (ratio ${ratioOf(r.pair.ms)}, ${r.pair.created} created)`,
    );
    console.log(
      `          reading one ${bytes(FILE_BYTES)} file back from IndexedDB in this page: ${ms(r.idbReadMs)}; enqueue of ${QUEUED} took ${secs(r.enqueueMs)}; offline with ${QUEUED} waiting: ${Math.round(r.offlineNotifications / 2)} outbox notifications/s, main thread busy ${Math.round(r.offlineBusy * 100)} %`,
    );
  }
  return runs;
}

// ---------------------------------------------------------------------------------------------------------------
// 2. Offline cold start to the first package row

type ColdWindow = Window & { __heading?: number; __firstRowDom?: number; __firstRow?: number };

type ColdRun = {
  firstRow: number;
  firstRowDom: number;
  heading: number;
  responseEnd: number;
  dcl: number;
  lastChunk: number;
  warmFirstRow: number;
};

type Profile = { name: string; visits: { url: string; row: string }[]; lists: number };
type Variant = { name: string; profile: Profile; target: string; row: string };

/** A profile that visited the variant's screens online, the worker in control and their data persisted. */
async function prepareProfile(origin: string, tokens: Tokens, v: Profile) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-offline-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    viewport: VIEWPORT,
    baseURL: origin,
  });
  try {
    await context.addInitScript({ content: NAME_SHIM });
    await applyTokens(context, tokens, origin);
    const page = context.pages()[0] ?? (await context.newPage());
    let stats: CacheStats = { bytes: 0, lists: [], packages: 0, queries: 0 };
    for (const [i, visit] of v.visits.entries()) {
      await page.goto(visit.url);
      await page.locator(visit.row).first().waitFor({ timeout: 30_000 });
      // The cache reaches IndexedDB through a 1-second throttle; a full page load before that loses the write, so
      // each visit's list is seen on disk before the next (what the offline e2e journeys do too).
      const deadline = Date.now() + 20_000;
      do {
        await sleep(250);
        stats = await persistedCache(page);
      } while (stats.lists.length < i + 1 && Date.now() < deadline);
    }
    await controlled(page);
    if (stats.lists.length < v.lists)
      throw new Error(`${v.name}: ${stats.lists.length} of ${v.lists} list queries persisted`);
    return { dir, stats };
  } finally {
    await context.close();
  }
}

async function coldStartOnce(dir: string, origin: string, v: Variant): Promise<ColdRun> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    viewport: VIEWPORT,
    baseURL: origin,
    offline: true,
  });
  try {
    await context.addInitScript({ content: NAME_SHIM });
    await context.addInitScript((selector: string) => {
      const w = window as ColdWindow;
      const obs = new MutationObserver(() => {
        // The screen itself (its heading) is on the page: shell, layout and route chunks are in.
        if (w.__heading === undefined && document.querySelector('main h1, h1'))
          w.__heading = performance.now();
        if (w.__firstRowDom !== undefined || !document.querySelector(selector)) return;
        w.__firstRowDom = performance.now();
        obs.disconnect();
        // The frame that paints it starts at the next animation frame; a task after that is after the paint.
        requestAnimationFrame(() =>
          setTimeout(() => {
            w.__firstRow = performance.now();
          }, 0),
        );
      });
      obs.observe(document, { childList: true, subtree: true });
    }, v.row);
    const measure = async (page: Page) => {
      await page.goto(v.target, { waitUntil: 'commit' });
      await page.waitForFunction(() => (window as ColdWindow).__firstRow !== undefined, undefined, {
        timeout: 60_000,
      });
      return page.evaluate(() => {
        const w = window as ColdWindow;
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        const resources = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
          (r) => ({ name: new URL(r.name).pathname, start: r.startTime, end: r.responseEnd }),
        );
        return {
          resources,
          firstRow: w.__firstRow ?? Number.NaN,
          firstRowDom: w.__firstRowDom ?? Number.NaN,
          heading: w.__heading ?? Number.NaN,
          responseEnd: nav?.responseEnd ?? Number.NaN,
          dcl: nav?.domContentLoadedEventEnd ?? Number.NaN,
          lastChunk: 0,
        };
      });
    };
    const page = context.pages()[0] ?? (await context.newPage());
    const { resources, ...measured } = await measure(page);
    // The last script or stylesheet (all from the worker's precache) that arrived before the row was rendered.
    const cold = {
      ...measured,
      lastChunk: max(
        resources
          .filter((r) => r.start < measured.firstRowDom && /\.(js|css)$/.test(r.name))
          .map((r) => r.end),
      ),
    };
    if (process.env.BENCH_OFFLINE_TRACE) {
      const before = resources.filter((r) => r.start < cold.firstRowDom);
      console.log(
        `      trace: ${before.length} resources before the first row: ${before
          .map((r) => `${r.name.replace(/^\/assets\//, '')} ${Math.round(r.start)}→${Math.round(r.end)}`)
          .join(', ')}`,
      );
    }
    if (!(await page.evaluate(() => navigator.onLine === false))) throw new Error('the page was not offline');
    // Warm: the same browser, worker running, a fresh tab.
    const second = await context.newPage();
    const { firstRow: warmFirstRow } = await measure(second);
    return { ...cold, warmFirstRow };
  } finally {
    await context.close();
  }
}

async function benchColdStart(origin: string) {
  const historyUrl = '/user/packages/history';
  const ordinary: Profile = {
    name: 'dashboard, then the history (default view)',
    visits: [
      { url: '/user', row: RECENT_ROW },
      { url: historyUrl, row: HISTORY_ROW },
    ],
    lists: 2,
  };
  const everything: Profile = {
    name: 'the history at 50 rows a page, pages 1–20',
    visits: Array.from({ length: BULK.packages / 50 }, (_, i) => ({
      url: `${historyUrl}?pageSize=50&page=${i + 1}`,
      row: HISTORY_ROW,
    })),
    lists: BULK.packages / 50,
  };
  const variants: Variant[] = [
    {
      name: 'history, default view (20 rows cached)',
      profile: ordinary,
      target: historyUrl,
      row: HISTORY_ROW,
    },
    { name: 'dashboard, recent packages (5 cached)', profile: ordinary, target: '/user', row: RECENT_ROW },
    {
      name: 'history ?pageSize=50, all 1,000 cached',
      profile: everything,
      target: `${historyUrl}?pageSize=50`,
      row: HISTORY_ROW,
    },
  ];
  console.log(
    `\n2. Offline cold start, ${BULK.email} (${BULK.packages} packages): browser closed, relaunched offline on the same ` +
      `profile, navigation start → first package row painted; ${COLD_RUNS} runs per variant`,
  );
  console.log(
    '   the history caches only the page it shows (20 rows by default; 10, 20 or 50 on offer); the dashboard its 5 newest',
  );
  const tokens = await apiLogin(SERVER_PORT, BULK);
  const results: ColdResult[] = [];
  const profiles = new Map<Profile, { dir: string; stats: CacheStats }>();
  try {
    for (const v of variants) {
      let prepared = profiles.get(v.profile);
      if (!prepared) {
        prepared = await prepareProfile(origin, tokens, v.profile);
        profiles.set(v.profile, prepared);
      }
      const { dir, stats } = prepared;
      const runs: ColdRun[] = [];
      for (let i = 0; i < COLD_RUNS; i++) runs.push(await coldStartOnce(dir, origin, v));
      results.push({ v, stats, runs });
      const f = (k: keyof ColdRun) => runs.map((r) => r[k]);
      console.log(
        `   ${v.name}: persisted cache ${bytes(stats.bytes)} (JSON), ${stats.queries} queries, ${stats.packages} distinct packages in ${stats.lists.length} list queries`,
      );
      console.log(
        `      first row ${ms(median(f('firstRow')))} median (${spread(f('firstRow'), ms)}); index.html from the worker ${ms(median(f('responseEnd')))}, ` +
          `DOMContentLoaded ${ms(median(f('dcl')))}, heading ${ms(median(f('heading')))}, last script/style before the row ${ms(median(f('lastChunk')))}, row in the DOM ${ms(median(f('firstRowDom')))}; same browser, new tab: ${ms(median(f('warmFirstRow')))} (${spread(f('warmFirstRow'), ms)})`,
      );
    }
  } finally {
    for (const { dir } of profiles.values()) rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------------------
// 3. Bytes of the shell fetched from the network on a repeat visit

type NetRequest = {
  url: string;
  method: string;
  fromServiceWorker: boolean;
  fromCache: boolean;
  encoded: number;
  status: number;
};

function watchNetwork(cdp: CDPSession) {
  const reqs = new Map<string, NetRequest>();
  cdp.on('Network.requestWillBeSent', (e) => {
    reqs.set(e.requestId, {
      url: e.request.url,
      method: e.request.method,
      fromServiceWorker: false,
      fromCache: false,
      encoded: 0,
      status: 0,
    });
  });
  cdp.on('Network.requestServedFromCache', (e) => {
    const r = reqs.get(e.requestId);
    if (r) r.fromCache = true;
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = reqs.get(e.requestId);
    if (!r) return;
    r.status = e.response.status;
    r.fromServiceWorker = e.response.fromServiceWorker === true;
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) r.fromCache = true;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = reqs.get(e.requestId);
    if (r) r.encoded = e.encodedDataLength;
  });
  return reqs;
}

const isExcluded = (path: string) => path === '/build.json' || path.startsWith('/v1/') || path === '/v1';

type Visit = {
  mode: string;
  pageRequests: number;
  servedByWorker: number;
  network: { url: string; bytes: number }[];
  networkBytes: number;
  proxied: ProxyHit[];
  proxiedBytes: number;
  excludedAtProxy: number;
};

async function benchShellBytes(browser: Browser, proxyOrigin: string, proxy: { hits: ProxyHit[] }) {
  console.log(
    `\n3. Repeat visit, shell bytes from the network (excluding /build.json and /v1): ${VISITS} visits of ` +
      `/user/packages/history through a counting proxy (page requests from CDP; every request at the proxy)`,
  );
  const tokens = await apiLogin(SERVER_PORT, BULK);
  const context = await browser.newContext({ baseURL: proxyOrigin, viewport: VIEWPORT });
  const visits: Visit[] = [];
  try {
    await context.addInitScript({ content: NAME_SHIM });
    await applyTokens(context, tokens, proxyOrigin);
    const page = await context.newPage();
    const first = proxy.hits.length;
    await page.goto('/user/packages/history');
    await page.locator(HISTORY_ROW).first().waitFor({ timeout: 30_000 });
    await controlled(page);
    await sleep(3000);
    const firstVisit = proxy.hits
      .slice(first)
      .filter((h) => !isExcluded(new URL(h.path, proxyOrigin).pathname));
    console.log(
      `   first visit (installs the worker, precaches the app): ${firstVisit.length} requests, ` +
        `${bytes(firstVisit.reduce((s, h) => s + h.bytes, 0))} at the proxy`,
    );
    for (let i = 0; i < VISITS; i++) {
      const mode = i % 2 === 0 ? 'reload' : 'new tab';
      const target = mode === 'reload' ? page : await context.newPage();
      const cdp = await context.newCDPSession(target);
      await cdp.send('Network.enable');
      const reqs = watchNetwork(cdp);
      const mark = proxy.hits.length;
      if (mode === 'reload') await target.reload();
      else await target.goto('/user/packages/history');
      await target.locator(HISTORY_ROW).first().waitFor({ timeout: 30_000 });
      await sleep(4000); // late requests: revalidations, the worker's update check
      await cdp.detach();
      const all = [...reqs.values()].filter((r) => /^https?:/.test(r.url));
      const network = all
        .filter((r) => !r.fromServiceWorker && !r.fromCache && !isExcluded(new URL(r.url).pathname))
        .map((r) => ({ url: new URL(r.url).pathname, bytes: r.encoded }));
      const hits = proxy.hits.slice(mark);
      const proxied = hits.filter((h) => !isExcluded(new URL(h.path, proxyOrigin).pathname));
      visits.push({
        mode,
        pageRequests: all.length,
        servedByWorker: all.filter((r) => r.fromServiceWorker).length,
        network,
        networkBytes: network.reduce((s, r) => s + r.bytes, 0),
        proxied,
        proxiedBytes: proxied.reduce((s, h) => s + h.bytes, 0),
        excludedAtProxy: hits.length - proxied.length,
      });
      if (target !== page) await target.close();
    }
  } finally {
    await context.close();
  }
  for (const [i, v] of visits.entries()) {
    const list = (xs: { url: string; bytes: number }[]) =>
      xs.length ? xs.map((x) => `${x.url} ${bytes(x.bytes)}`).join(', ') : 'none';
    console.log(
      `   visit ${i + 1} (${v.mode}): page made ${v.pageRequests} requests, ${v.servedByWorker} answered by the worker; ` +
        `page→network ${bytes(v.networkBytes)} [${list(v.network)}]; at the proxy ${bytes(v.proxiedBytes)} ` +
        `[${list(v.proxied.map((h) => ({ url: `${h.method} ${h.path} ${h.status}`, bytes: h.bytes })))}] ` +
        `(+${v.excludedAtProxy} build.json//v1 requests)`,
    );
  }
  return visits;
}

// ---------------------------------------------------------------------------------------------------------------

type ColdResult = { v: Variant; stats: CacheStats; runs: ColdRun[] };

function printSummary(replay: ReplayRun[], cold: ColdResult[], shell: Visit[]) {
  const rows: [string, string, string, string][] = [];
  if (replay.length) {
    const ratio = replay.map((r) => r.ratio);
    const elapsed = replay.map((r) => r.elapsed);
    rows.push([
      `replay ${QUEUED}×${bytes(FILE_BYTES)} @ ${bytes(UPLOAD_BPS)}/s: ideal ÷ elapsed`,
      median(ratio).toFixed(2),
      spread(ratio, (x) => x.toFixed(2)),
      '≥ 0.90',
    ]);
    rows.push([
      `replay elapsed (ideal ${secs(median(replay.map((r) => r.ideal)))})`,
      secs(median(elapsed)),
      spread(elapsed, secs),
      '',
    ]);
    rows.push([
      'replay: pre-alerts created on the server per run',
      replay.map((r) => r.created).join(', '),
      `duplicates ${replay.reduce((sum, r) => sum + r.duplicates, 0)}`,
      `${QUEUED}`,
    ]);
    for (const [label, pick] of [
      ['plain XHR one at a time', (r: ReplayRun) => r.serial.ms],
      ['plain XHR two at a time', (r: ReplayRun) => r.pair.ms],
    ] as const) {
      const xs = replay.map((r) => r.ideal / pick(r));
      rows.push([
        `  same bytes, no outbox, ${label}: ratio`,
        median(xs).toFixed(2),
        spread(xs, (x) => x.toFixed(2)),
        '',
      ]);
    }
    const busy = replay.map((r) => r.offlineBusy * 100);
    rows.push([
      `offline, ${QUEUED} queued, idle: main thread busy`,
      `${Math.round(median(busy))} %`,
      spread(busy, (x) => `${Math.round(x)} %`),
      '~0 %',
    ]);
  }
  for (const c of cold) {
    const f = c.runs.map((r) => r.firstRow);
    rows.push([`offline cold start → first row: ${c.v.name}`, ms(median(f)), spread(f, ms), '']);
  }
  if (shell.length) {
    const net = shell.map((v) => v.networkBytes);
    const prox = shell.map((v) => v.proxiedBytes);
    rows.push(['repeat visit: page → network (CDP)', bytes(median(net)), spread(net, bytes), '0']);
    rows.push(['repeat visit: shell bytes at the proxy', bytes(median(prox)), spread(prox, bytes), '0']);
  }
  console.log('\nOffline bench summary');
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(`${'figure'.padEnd(w)}  ${'median'.padStart(10)}  ${'range'.padEnd(20)}  goal`);
  for (const [name, med, range, goal] of rows)
    console.log(`${name.padEnd(w)}  ${med.padStart(10)}  ${range.padEnd(20)}  ${goal}`);
  if (shell.length) {
    const urls = [
      ...new Set(
        shell.flatMap((v) => [
          ...v.network.map((n) => n.url),
          ...v.proxied.map((h) => `${h.method} ${h.path} ${h.status}`),
        ]),
      ),
    ];
    console.log(
      `shell URLs fetched from the network on repeat visits: ${urls.length ? urls.join(', ') : 'none'}`,
    );
  }
}

export async function benchOffline() {
  console.log(
    '\nOffline bench (Chromium headless, production build, embedded PGlite; 2-core machine, shared)',
  );
  const manifest = buildWeb();
  const outboxChunk = Object.values(manifest).find((c) => c.name === 'outbox-app')?.file;
  if (!outboxChunk) throw new Error('no outbox-app chunk in the build manifest');
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-offline-'));
  await seedBulkUser(dataDir);
  const serverStarted = performance.now();
  const server = await start(
    [join(root, 'src/server/main.ts')],
    {
      PORT: String(SERVER_PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIR: outDir,
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    async (u) => (await fetch(`${u}/v1/companies/me`)).ok,
  );
  console.log(`server up in ${secs(performance.now() - serverStarted)}`);
  const proxy = await startProxy(PROXY_PORT, SERVER_PORT);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const origin = `http://localhost:${SERVER_PORT}`;
  try {
    const only = (process.env.BENCH_OFFLINE_ONLY ?? 'replay,cold,shell').split(',');
    const section = async <T>(name: string, run: () => Promise<T[]>): Promise<T[]> => {
      if (!only.includes(name)) return [];
      const t0 = performance.now();
      const out = await run();
      console.log(`   (${name}: ${secs(performance.now() - t0)})`);
      return out;
    };
    const replay = await section('replay', () => benchReplay(browser, origin, outboxChunk));
    const cold = await section('cold', () => benchColdStart(origin));
    const shell = await section('shell', () =>
      benchShellBytes(browser, `http://localhost:${PROXY_PORT}`, proxy),
    );

    printSummary(replay, cold, shell);
    return { replay, cold, shell };
  } finally {
    await browser.close();
    await proxy.close();
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
