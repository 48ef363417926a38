/**
 * "Can't reach the server" as a state of the app (ARCHITECTURE.md, Reachability). `navigator.onLine === false` is
 * trusted; `true` is not: on "lie-fi" (a captive portal, one bar of signal, a dead Wi-Fi uplink) the browser says
 * online while requests get no answer. Every request reports how it ended: any HTTP reply proves the server is
 * there; a request that failed at the network level, or got no answer in time, makes us ask a cheap endpoint. When
 * that probe gets no answer either, the app is unreachable (it behaves as offline: banner, paused queries, writes to
 * the outbox) and keeps probing with backoff until the server answers again.
 *
 * The engine is pure of the browser (timers, probe and the browser's flag are injected) so its rules are unit-tested.
 */

/** The probe's own deadline: a health check answers in milliseconds when the server is there. */
export const PROBE_TIMEOUT_MS = 3_000;
/** Backoff between probes while unreachable: 3 s, then ×1.5, at most 8 s (so a returning server is seen quickly). */
export const PROBE_FIRST_MS = 3_000;
export const PROBE_FACTOR = 1.5;
export const PROBE_CAP_MS = 8_000;

type Timer = unknown;

export interface ReachabilityDeps {
  /** Resolves true when the server answered at all (any status), false or rejects when not. */
  probe: (signal: AbortSignal) => Promise<boolean>;
  /** The browser's own flag; while it says offline, nothing is probed and the state is left alone. */
  browserOnline: () => boolean;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => Timer;
  clearTimer?: (handle: Timer) => void;
}

export interface Reachability {
  isReachable(): boolean;
  /** When the server stopped answering (null while reachable). */
  unreachableSince(): number | null;
  /** A request got an HTTP reply: the server is there. */
  answered(): void;
  /** A request failed at the network level while the browser says online: ask the server whether it is there. */
  noAnswer(): void;
  /** Probes now (one probe at a time is shared by every caller): true when the server answered. */
  check(): Promise<boolean>;
  subscribe(listener: (reachable: boolean) => void): () => void;
  stop(): void;
}

export function createReachability(deps: ReachabilityDeps): Reachability {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h: Timer) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let reachable = true;
  let since: number | null = null;
  let probing: Promise<boolean> | null = null;
  let timer: Timer | undefined;
  let delay = PROBE_FIRST_MS;
  const listeners = new Set<(reachable: boolean) => void>();

  function cancelTimer() {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
  }

  /** While unreachable, the next probe after the current backoff step (then the step grows). */
  function scheduleProbe() {
    cancelTimer();
    timer = setTimer(() => {
      timer = undefined;
      void check().then((ok) => {
        if (ok || timer !== undefined) return;
        delay = Math.min(PROBE_CAP_MS, Math.round(delay * PROBE_FACTOR));
        scheduleProbe();
      });
    }, delay);
  }

  function set(next: boolean) {
    if (next === reachable) return;
    reachable = next;
    since = next ? null : now();
    delay = PROBE_FIRST_MS;
    if (next) cancelTimer();
    else scheduleProbe();
    for (const l of listeners) l(next);
  }

  async function runProbe(): Promise<boolean> {
    const controller = new AbortController();
    const deadline = setTimer(() => controller.abort(), PROBE_TIMEOUT_MS);
    let ok = false;
    try {
      ok = await deps.probe(controller.signal);
    } catch {
      ok = false;
    } finally {
      clearTimer(deadline);
    }
    // The browser going offline meanwhile explains the failure by itself: its own flag rules then.
    if (deps.browserOnline()) set(ok);
    return ok;
  }

  function check(): Promise<boolean> {
    if (!deps.browserOnline()) return Promise.resolve(false);
    if (!probing) {
      probing = runProbe().finally(() => {
        probing = null;
      });
    }
    return probing;
  }

  return {
    isReachable: () => reachable,
    unreachableSince: () => since,
    answered: () => set(true),
    noAnswer: () => {
      if (deps.browserOnline()) void check();
    },
    check,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    stop: cancelTimer,
  };
}

/**
 * Watches a request for signs of life (the reply's headers, upload progress) and gives up when there are none:
 * each time `quietMs` pass without one, the server is asked (`check`); a server that answers is only slow, and the
 * request keeps waiting, up to `maxQuietMs` without a sign; one that does not answer ends the request (`onGiveUp`).
 * So a slow report or a slow upload that moves is never cut off, and a black hole is left within
 * quietMs + the probe's deadline.
 */
export function watchdog(opts: {
  quietMs: number;
  maxQuietMs: number;
  check: () => Promise<boolean>;
  onGiveUp: () => void;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => Timer;
  clearTimer?: (handle: Timer) => void;
}): { poke(): void; stop(): void } {
  const now = opts.now ?? Date.now;
  const setTimer = opts.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((h: Timer) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let lastSign = now();
  let stopped = false;
  let timer: Timer = setTimer(fire, opts.quietMs);

  async function fire() {
    if (stopped) return;
    const quiet = now() - lastSign;
    if (quiet < opts.quietMs) {
      timer = setTimer(fire, opts.quietMs - quiet);
      return;
    }
    const alive = quiet < opts.maxQuietMs && (await opts.check());
    if (stopped) return;
    if (alive) {
      timer = setTimer(fire, opts.quietMs);
      return;
    }
    stopped = true;
    opts.onGiveUp();
  }

  return {
    poke: () => {
      lastSign = now();
    },
    stop: () => {
      stopped = true;
      clearTimer(timer);
    },
  };
}
