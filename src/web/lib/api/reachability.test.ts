import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReachability, PROBE_CAP_MS, PROBE_FIRST_MS, PROBE_TIMEOUT_MS, watchdog } from './reachability';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A probe the test answers: `server` up or down; a down server never answers (the probe's deadline ends it). */
function rig(opts: { browserOnline?: boolean } = {}) {
  const state = { up: true, browserOnline: opts.browserOnline ?? true, probes: [] as number[] };
  const reach = createReachability({
    browserOnline: () => state.browserOnline,
    probe: (signal) => {
      state.probes.push(Date.now());
      if (state.up) return Promise.resolve(true);
      return new Promise<boolean>((_resolve, reject) => {
        signal.addEventListener('abort', () => reject(new Error('no answer')));
      });
    },
  });
  const changes: boolean[] = [];
  reach.subscribe((r) => changes.push(r));
  return { state, reach, changes };
}

describe('reachability', () => {
  it('stays reachable when a failed request is followed by a probe the server answers', async () => {
    const { reach, changes, state } = rig();
    reach.noAnswer();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.probes).toHaveLength(1);
    expect(reach.isReachable()).toBe(true);
    expect(changes).toEqual([]);
  });

  it('turns unreachable when the probe gets no answer within its deadline, and says since when', async () => {
    const { reach, changes, state } = rig();
    state.up = false;
    const t0 = Date.now();
    reach.noAnswer();
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS - 1);
    expect(reach.isReachable()).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(reach.isReachable()).toBe(false);
    expect(changes).toEqual([false]);
    expect(reach.unreachableSince()).toBe(t0 + PROBE_TIMEOUT_MS);
  });

  it('probes with backoff (3 s, ×1.5, at most 8 s) until the server answers, then stops', async () => {
    const { reach, changes, state } = rig();
    state.up = false;
    reach.noAnswer();
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS);
    const start = Date.now();
    state.probes.length = 0;
    // Each probe waits out its own deadline (the server is a black hole) before the next delay starts.
    await vi.advanceTimersByTimeAsync(60_000);
    const gaps = state.probes.map(
      (t, i) => t - (i === 0 ? start : (state.probes[i - 1] ?? 0) + PROBE_TIMEOUT_MS),
    );
    expect(gaps.slice(0, 5)).toEqual([PROBE_FIRST_MS, 4500, 6750, 8000, 8000]);

    state.up = true;
    await vi.advanceTimersByTimeAsync(PROBE_CAP_MS + PROBE_TIMEOUT_MS);
    expect(reach.isReachable()).toBe(true);
    expect(changes).toEqual([false, true]);
    const probes = state.probes.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.probes).toHaveLength(probes);
  });

  it('any reply makes it reachable at once, and the next outage starts the backoff from 3 s again', async () => {
    const { reach, state } = rig();
    state.up = false;
    reach.noAnswer();
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS + 30_000);
    reach.answered();
    expect(reach.isReachable()).toBe(true);
    expect(reach.unreachableSince()).toBeNull();
    reach.noAnswer();
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS);
    state.probes.length = 0;
    await vi.advanceTimersByTimeAsync(PROBE_FIRST_MS);
    expect(state.probes).toHaveLength(1);
  });

  it('shares one probe between callers', async () => {
    const { reach, state } = rig();
    const answers = await Promise.all([reach.check(), reach.check(), reach.check()]);
    expect(answers).toEqual([true, true, true]);
    expect(state.probes).toHaveLength(1);
  });

  it('leaves the state to the browser while it says offline: no probe, no change', async () => {
    const { reach, state, changes } = rig({ browserOnline: false });
    state.up = false;
    reach.noAnswer();
    expect(await reach.check()).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(state.probes).toHaveLength(0);
    expect(changes).toEqual([]);
  });
});

describe('watchdog', () => {
  it('gives up after the quiet time when the server does not answer', async () => {
    const onGiveUp = vi.fn();
    watchdog({ quietMs: 1000, maxQuietMs: 60_000, check: async () => false, onGiveUp });
    await vi.advanceTimersByTimeAsync(999);
    expect(onGiveUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
  });

  it('never asks while there is progress, however long the whole takes', async () => {
    const check = vi.fn(async () => false);
    const onGiveUp = vi.fn();
    const dog = watchdog({ quietMs: 1000, maxQuietMs: 60_000, check, onGiveUp });
    for (let i = 0; i < 100; i++) {
      await vi.advanceTimersByTimeAsync(500);
      dog.poke();
    }
    expect(check).not.toHaveBeenCalled();
    expect(onGiveUp).not.toHaveBeenCalled();
    dog.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it('keeps waiting while the server answers, up to the longest quiet time', async () => {
    const check = vi.fn(async () => true);
    const onGiveUp = vi.fn();
    watchdog({ quietMs: 1000, maxQuietMs: 5000, check, onGiveUp });
    await vi.advanceTimersByTimeAsync(4999);
    expect(check).toHaveBeenCalledTimes(4);
    expect(onGiveUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
  });
});
