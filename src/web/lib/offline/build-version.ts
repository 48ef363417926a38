/**
 * Newer-build detection and the reload onto it (portal spec §4: a newer build published on the server triggers
 * a full page reload on the next navigation, with a 10-second guard against reload loops).
 *
 * The flow: `build.json?t=<timestamp>` is polled (start, window focus, tab visible, back online, every 5 minutes).
 * When it names a newer build, `registration.update()` fetches the new service worker, which installs and waits.
 * On the next in-app navigation the page asks it to `SKIP_WAITING`; on `controllerchange` the page reloads once.
 * Never while a form has unsaved input or an upload runs (see busy.ts): then a later navigation does it.
 *
 * The decisions are pure functions (unit-tested); `createBuildWatcher` wires them to the browser.
 */

import type { BuildInfo } from './build-info';

export const RELOAD_GUARD_MS = 10_000;
export const POLL_INTERVAL_MS = 5 * 60_000;
/** sessionStorage key: when this tab last reloaded itself onto a new build. */
export const RELOAD_AT_KEY = 'pwa:build-reload-at';
export const BUILD_INFO_PATH = '/build.json';

/** `build.json` as published, or null when it is not one. */
export function parseBuildInfo(value: unknown): BuildInfo | null {
  if (typeof value !== 'object' || value === null) return null;
  const { buildId, builtAt } = value as Record<string, unknown>;
  if (typeof buildId !== 'string' || buildId === '') return null;
  return { buildId, builtAt: typeof builtAt === 'string' ? builtAt : '' };
}

/**
 * True when `latest` is another build made after the running one. A different id whose time cannot be compared
 * counts as newer (a build is only ever replaced by a later one); an older time (a rollback being served by a
 * lagging cache, say) does not, so two servers answering differently cannot make the page bounce between them.
 */
export function isNewerBuild(current: BuildInfo, latest: BuildInfo | null): boolean {
  if (!latest || latest.buildId === current.buildId) return false;
  const now = Date.parse(current.builtAt);
  const next = Date.parse(latest.builtAt);
  if (Number.isNaN(now) || Number.isNaN(next)) return true;
  return next > now;
}

/** True when the last self-reload is at least `guardMs` ago (or never happened, or the clock went back). */
export function guardElapsed(lastReloadAt: number | null, now: number, guardMs = RELOAD_GUARD_MS): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  if (now < lastReloadAt) return true;
  return now - lastReloadAt >= guardMs;
}

export type NavigationAction = 'none' | 'wait' | 'skip-waiting' | 'reload';

/**
 * What to do on an in-app navigation.
 * - `waitingWorker`: a new service worker is installed and waiting.
 * - `reloadPending`: the page runs an old build with nothing to activate (another tab activated the new worker,
 *   or there is no service worker and build.json names a newer build).
 */
export function decideOnNavigation(state: {
  waitingWorker: boolean;
  reloadPending: boolean;
  busy: boolean;
  guardElapsed: boolean;
}): NavigationAction {
  if (!state.waitingWorker && !state.reloadPending) return 'none';
  if (state.busy || !state.guardElapsed) return 'wait';
  return state.waitingWorker ? 'skip-waiting' : 'reload';
}

export type ControllerChangeAction = 'none' | 'reload' | 'defer';

/**
 * What to do when the page's controlling worker changes.
 * - The first worker taking control of a page that had none (first visit) changes nothing for the page.
 * - The worker this page asked to activate: reload now (unless work became busy meanwhile, or the guard forbids).
 * - A worker another tab activated: the page's code is now older than its worker: reload on the next navigation.
 */
export function decideOnControllerChange(state: {
  hadController: boolean;
  requestedByUs: boolean;
  busy: boolean;
  guardElapsed: boolean;
}): ControllerChangeAction {
  if (!state.hadController) return 'none';
  if (state.requestedByUs && !state.busy && state.guardElapsed) return 'reload';
  return 'defer';
}

/** The service-worker side of an update, absent when no worker is registered (dev, unsupported browser). */
export interface UpdatePort {
  hasController(): boolean;
  hasWaiting(): boolean;
  /** registration.update(): fetches the worker script; a changed one installs and then waits. */
  update(): Promise<void>;
  /** Posts SKIP_WAITING to the waiting worker. */
  skipWaiting(): void;
  onControllerChange(listener: () => void): () => void;
}

export interface BuildWatcherDeps {
  current: BuildInfo;
  fetchLatest: () => Promise<BuildInfo | null>;
  sw: UpdatePort | null;
  isBusy: () => boolean;
  reload: () => void;
  now: () => number;
  /** sessionStorage (the guard is per tab); null when unavailable. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export interface BuildWatcher {
  /** Polls build.json; a newer build starts the worker update (or marks a reload without a worker). */
  check(): Promise<void>;
  /** Call on every in-app navigation (not the first load). */
  onNavigation(): void;
  /** A code chunk failed to load (the server has a newer build): reload now if allowed; true when reloading. */
  recoverFromStaleChunk(): boolean;
  state(): { latest: BuildInfo | null; reloadPending: boolean; skipRequested: boolean };
  stop(): void;
}

export function createBuildWatcher(deps: BuildWatcherDeps): BuildWatcher {
  let latest: BuildInfo | null = null;
  let reloadPending = false;
  let skipRequested = false;
  let hadController = deps.sw?.hasController() ?? false;
  let checking: Promise<void> | null = null;

  const lastReloadAt = (): number | null => {
    try {
      const raw = deps.storage?.getItem(RELOAD_AT_KEY);
      return raw ? Number(raw) : null;
    } catch {
      return null;
    }
  };
  const guardOk = () => guardElapsed(lastReloadAt(), deps.now());

  function reload() {
    try {
      deps.storage?.setItem(RELOAD_AT_KEY, String(deps.now()));
    } catch {
      /* without storage the guard cannot hold; the decisions above still avoid loops */
    }
    deps.reload();
  }

  const stopControllerWatch = deps.sw?.onControllerChange(() => {
    const action = decideOnControllerChange({
      hadController,
      requestedByUs: skipRequested,
      busy: deps.isBusy(),
      guardElapsed: guardOk(),
    });
    hadController = true;
    skipRequested = false;
    if (action === 'reload') reload();
    else if (action === 'defer') reloadPending = true;
  });

  async function runCheck() {
    let found: BuildInfo | null = null;
    try {
      found = await deps.fetchLatest();
    } catch {
      return; // offline or a server hiccup: the next trigger checks again
    }
    if (!isNewerBuild(deps.current, found)) return;
    latest = found;
    if (deps.sw) {
      try {
        await deps.sw.update();
      } catch {
        /* fetching the worker failed: the next check retries */
      }
    } else {
      reloadPending = true;
    }
  }

  return {
    check() {
      if (!checking) {
        checking = runCheck().finally(() => {
          checking = null;
        });
      }
      return checking;
    },
    onNavigation() {
      const action = decideOnNavigation({
        waitingWorker: deps.sw?.hasWaiting() ?? false,
        reloadPending,
        busy: deps.isBusy(),
        guardElapsed: guardOk(),
      });
      if (action === 'skip-waiting' && deps.sw) {
        skipRequested = true;
        deps.sw.skipWaiting();
      } else if (action === 'reload') {
        reload();
      }
    },
    recoverFromStaleChunk() {
      const action = decideOnNavigation({
        waitingWorker: false,
        reloadPending: true,
        busy: deps.isBusy(),
        guardElapsed: guardOk(),
      });
      if (action !== 'reload') return false;
      reload();
      return true;
    },
    state: () => ({ latest, reloadPending, skipRequested }),
    stop() {
      stopControllerWatch?.();
    },
  };
}

/** Fetches `/build.json?t=<timestamp>` past every HTTP cache (the service worker answers offline). */
export async function fetchLatestBuild(fetchImpl: typeof fetch = fetch): Promise<BuildInfo | null> {
  const res = await fetchImpl(`${BUILD_INFO_PATH}?t=${Date.now()}`, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!res.ok) return null;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return null;
  return parseBuildInfo(await res.json());
}
