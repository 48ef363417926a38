import { describe, expect, it, vi } from 'vitest';
import { type BuildInfo, currentBuild } from './build-info';
import {
  createBuildWatcher,
  decideOnControllerChange,
  decideOnNavigation,
  fetchLatestBuild,
  guardElapsed,
  isNewerBuild,
  parseBuildInfo,
  RELOAD_AT_KEY,
  RELOAD_GUARD_MS,
  type UpdatePort,
} from './build-version';

const OLD: BuildInfo = { buildId: 'aaa', builtAt: '2026-11-20T10:00:00.000Z' };
const NEW: BuildInfo = { buildId: 'bbb', builtAt: '2026-11-21T10:00:00.000Z' };

describe('the running build', () => {
  it('comes from the build (define), never empty', () => {
    expect(currentBuild.buildId).toMatch(/\S/);
    expect(currentBuild.buildId).toBe(import.meta.env.VITE_BUILD_ID);
  });
});

describe('parseBuildInfo', () => {
  it('accepts build.json and rejects anything else', () => {
    expect(parseBuildInfo({ buildId: 'x', builtAt: '2026-11-21T00:00:00Z' })).toEqual({
      buildId: 'x',
      builtAt: '2026-11-21T00:00:00Z',
    });
    expect(parseBuildInfo({ buildId: 'x' })).toEqual({ buildId: 'x', builtAt: '' });
    expect(parseBuildInfo(null)).toBeNull();
    expect(parseBuildInfo('<!doctype html>')).toBeNull();
    expect(parseBuildInfo({ buildId: '' })).toBeNull();
    expect(parseBuildInfo({ buildId: 42 })).toBeNull();
  });
});

describe('isNewerBuild', () => {
  it('is true for another build made later', () => {
    expect(isNewerBuild(OLD, NEW)).toBe(true);
  });
  it('is false for the same build, nothing, or an older build', () => {
    expect(isNewerBuild(OLD, OLD)).toBe(false);
    expect(isNewerBuild(OLD, { ...OLD, builtAt: NEW.builtAt })).toBe(false);
    expect(isNewerBuild(OLD, null)).toBe(false);
    expect(isNewerBuild(NEW, OLD)).toBe(false);
  });
  it('treats another id with an unreadable time as newer', () => {
    expect(isNewerBuild({ buildId: 'dev', builtAt: '' }, NEW)).toBe(true);
    expect(isNewerBuild(OLD, { buildId: 'ccc', builtAt: 'soon' })).toBe(true);
  });
});

describe('guardElapsed (10-second reload-loop guard)', () => {
  it('allows a reload when none happened yet', () => {
    expect(guardElapsed(null, 1_000)).toBe(true);
    expect(guardElapsed(Number.NaN, 1_000)).toBe(true);
  });
  it('forbids a second reload within 10 seconds', () => {
    expect(guardElapsed(100_000, 100_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(guardElapsed(100_000, 100_000)).toBe(false);
  });
  it('allows it again after 10 seconds', () => {
    expect(guardElapsed(100_000, 100_000 + RELOAD_GUARD_MS)).toBe(true);
  });
  it('does not lock the page when the clock went back', () => {
    expect(guardElapsed(200_000, 100_000)).toBe(true);
  });
});

describe('decideOnNavigation', () => {
  const base = { waitingWorker: false, reloadPending: false, busy: false, guardElapsed: true };
  it('does nothing without a newer build', () => {
    expect(decideOnNavigation(base)).toBe('none');
    expect(decideOnNavigation({ ...base, busy: true, guardElapsed: false })).toBe('none');
  });
  it('activates a waiting worker', () => {
    expect(decideOnNavigation({ ...base, waitingWorker: true })).toBe('skip-waiting');
    expect(decideOnNavigation({ ...base, waitingWorker: true, reloadPending: true })).toBe('skip-waiting');
  });
  it('reloads when the page is behind and there is nothing to activate', () => {
    expect(decideOnNavigation({ ...base, reloadPending: true })).toBe('reload');
  });
  it('waits while a form or an upload is busy', () => {
    expect(decideOnNavigation({ ...base, waitingWorker: true, busy: true })).toBe('wait');
    expect(decideOnNavigation({ ...base, reloadPending: true, busy: true })).toBe('wait');
  });
  it('waits inside the reload guard', () => {
    expect(decideOnNavigation({ ...base, waitingWorker: true, guardElapsed: false })).toBe('wait');
    expect(decideOnNavigation({ ...base, reloadPending: true, guardElapsed: false })).toBe('wait');
  });
});

describe('decideOnControllerChange', () => {
  const base = { hadController: true, requestedByUs: true, busy: false, guardElapsed: true };
  it('ignores the first worker taking control of a page', () => {
    expect(decideOnControllerChange({ ...base, hadController: false })).toBe('none');
    expect(decideOnControllerChange({ ...base, hadController: false, requestedByUs: false })).toBe('none');
  });
  it('reloads the page that asked for the new worker', () => {
    expect(decideOnControllerChange(base)).toBe('reload');
  });
  it('defers when another tab activated it, when busy, or inside the guard', () => {
    expect(decideOnControllerChange({ ...base, requestedByUs: false })).toBe('defer');
    expect(decideOnControllerChange({ ...base, busy: true })).toBe('defer');
    expect(decideOnControllerChange({ ...base, guardElapsed: false })).toBe('defer');
  });
});

/** A fake service worker registration driven by the test. */
function fakeWorker(opts: { controller?: boolean } = {}) {
  let controller = opts.controller ?? true;
  let waiting = false;
  const listeners = new Set<() => void>();
  const port: UpdatePort & { installNew(): void; activate(): void; skipped: number; updates: number } = {
    skipped: 0,
    updates: 0,
    hasController: () => controller,
    hasWaiting: () => waiting,
    update: async () => {
      port.updates += 1;
    },
    skipWaiting: () => {
      port.skipped += 1;
    },
    onControllerChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    installNew: () => {
      waiting = true;
    },
    activate: () => {
      waiting = false;
      controller = true;
      for (const l of listeners) l();
    },
  };
  return port;
}

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      map.set(k, v);
    },
  };
}

function setup(overrides: { sw?: UpdatePort | null; latest?: BuildInfo | null; busy?: boolean } = {}) {
  let now = 1_000_000;
  let busy = overrides.busy ?? false;
  const storage = memoryStorage();
  const reload = vi.fn();
  const sw = overrides.sw === undefined ? fakeWorker() : overrides.sw;
  const watcher = createBuildWatcher({
    current: OLD,
    fetchLatest: async () => (overrides.latest === undefined ? NEW : overrides.latest),
    sw,
    isBusy: () => busy,
    reload,
    now: () => now,
    storage,
  });
  return {
    watcher,
    reload,
    storage,
    sw,
    tick: (ms: number) => {
      now += ms;
    },
    setBusy: (b: boolean) => {
      busy = b;
    },
  };
}

describe('createBuildWatcher', () => {
  it('asks the worker to update when build.json names a newer build', async () => {
    const sw = fakeWorker();
    const t = setup({ sw });
    await t.watcher.check();
    expect(sw.updates).toBe(1);
    expect(t.watcher.state().latest).toEqual(NEW);
  });

  it('does not update for the same build or when build.json cannot be read', async () => {
    const sw = fakeWorker();
    await setup({ sw, latest: OLD }).watcher.check();
    await setup({ sw, latest: null }).watcher.check();
    const failing = createBuildWatcher({
      current: OLD,
      fetchLatest: () => Promise.reject(new TypeError('Failed to fetch')),
      sw,
      isBusy: () => false,
      reload: () => {},
      now: () => 0,
      storage: null,
    });
    await failing.check();
    expect(sw.updates).toBe(0);
  });

  it('activates the waiting worker on the next navigation and reloads once on controllerchange', async () => {
    const sw = fakeWorker();
    const t = setup({ sw });
    await t.watcher.check();
    t.watcher.onNavigation(); // the new worker is still installing
    expect(sw.skipped).toBe(0);
    sw.installNew();
    t.watcher.onNavigation();
    expect(sw.skipped).toBe(1);
    expect(t.reload).not.toHaveBeenCalled();
    sw.activate();
    expect(t.reload).toHaveBeenCalledTimes(1);
    expect(t.storage.map.get(RELOAD_AT_KEY)).toBe('1000000');
  });

  it('waits for a later navigation while busy', async () => {
    const sw = fakeWorker();
    const t = setup({ sw, busy: true });
    await t.watcher.check();
    sw.installNew();
    t.watcher.onNavigation();
    expect(sw.skipped).toBe(0);
    t.setBusy(false);
    t.watcher.onNavigation();
    expect(sw.skipped).toBe(1);
  });

  it('does not reload when work became busy between SKIP_WAITING and controllerchange; the next navigation does', async () => {
    const sw = fakeWorker();
    const t = setup({ sw });
    sw.installNew();
    t.watcher.onNavigation();
    t.setBusy(true);
    sw.activate();
    expect(t.reload).not.toHaveBeenCalled();
    expect(t.watcher.state().reloadPending).toBe(true);
    t.watcher.onNavigation();
    expect(t.reload).not.toHaveBeenCalled();
    t.setBusy(false);
    t.watcher.onNavigation();
    expect(t.reload).toHaveBeenCalledTimes(1);
  });

  it('respects the 10-second guard after a reload', async () => {
    const sw = fakeWorker();
    const t = setup({ sw });
    t.storage.setItem(RELOAD_AT_KEY, String(1_000_000 - 2_000)); // reloaded 2 s ago
    sw.installNew();
    t.watcher.onNavigation();
    expect(sw.skipped).toBe(0);
    t.tick(RELOAD_GUARD_MS);
    t.watcher.onNavigation();
    expect(sw.skipped).toBe(1);
  });

  it('ignores the first install taking control, and defers a worker activated by another tab', () => {
    const sw = fakeWorker({ controller: false });
    const t = setup({ sw });
    sw.activate(); // first install claims the page
    expect(t.reload).not.toHaveBeenCalled();
    expect(t.watcher.state().reloadPending).toBe(false);
    sw.activate(); // another tab activated a newer worker
    expect(t.reload).not.toHaveBeenCalled();
    expect(t.watcher.state().reloadPending).toBe(true);
    t.watcher.onNavigation();
    expect(t.reload).toHaveBeenCalledTimes(1);
  });

  it('without a service worker, reloads on the next navigation after a newer build is seen', async () => {
    const t = setup({ sw: null });
    t.watcher.onNavigation();
    expect(t.reload).not.toHaveBeenCalled();
    await t.watcher.check();
    t.watcher.onNavigation();
    expect(t.reload).toHaveBeenCalledTimes(1);
  });

  it('recovers from a stale chunk by reloading, unless busy or inside the guard', () => {
    const busy = setup({ sw: null, busy: true });
    expect(busy.watcher.recoverFromStaleChunk()).toBe(false);
    const t = setup({ sw: null });
    expect(t.watcher.recoverFromStaleChunk()).toBe(true);
    expect(t.reload).toHaveBeenCalledTimes(1);
    expect(t.watcher.recoverFromStaleChunk()).toBe(false); // guard: no second reload at once
  });
});

describe('fetchLatestBuild', () => {
  it('asks for build.json with a timestamp, past the HTTP cache', async () => {
    const fetchImpl = vi.fn(
      async () =>
        new Response(JSON.stringify(NEW), { headers: { 'content-type': 'application/json; charset=utf-8' } }),
    );
    expect(await fetchLatestBuild(fetchImpl as unknown as typeof fetch)).toEqual(NEW);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/^\/build\.json\?t=\d+$/);
    expect(init.cache).toBe('no-store');
  });
  it('returns null for an HTML fallback or an error status', async () => {
    const html = async () => new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } });
    expect(await fetchLatestBuild(html as unknown as typeof fetch)).toBeNull();
    const missing = async () => new Response('', { status: 404 });
    expect(await fetchLatestBuild(missing as unknown as typeof fetch)).toBeNull();
  });
});
