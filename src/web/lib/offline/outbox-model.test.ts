import { describe, expect, it } from 'vitest';
import {
  afterFailure,
  BACKOFF_CAP_MS,
  backoffDelay,
  classify,
  edited,
  isDue,
  nextWake,
  type OutboxRecord,
  statusText,
} from './outbox-model';

const rec = (over: Partial<OutboxRecord> = {}): OutboxRecord => ({
  id: 'r1',
  kind: 'prealert',
  userId: 'u1',
  url: '/v1/peralert',
  label: '1Z999',
  fields: { tracking_number: '1Z999' },
  files: [],
  idempotencyKey: 'key-1',
  state: 'pending',
  attempts: 0,
  nextAttemptAt: 1_000,
  lastError: null,
  createdAt: 1_000,
  updatedAt: 1_000,
  ...over,
});
const err = (status: number, fieldErrors: Record<string, string[]> = {}) => ({
  status,
  message: `status ${status}`,
  fieldErrors,
});

describe('outbox rules', () => {
  it('backs off exponentially with full jitter, at least 1 s, capped at 5 minutes', () => {
    expect(backoffDelay(1, () => 1)).toBe(2_000);
    expect(backoffDelay(2, () => 1)).toBe(4_000);
    expect(backoffDelay(5, () => 1)).toBe(32_000);
    expect(backoffDelay(30, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(3, () => 0.5)).toBe(4_000);
    expect(backoffDelay(3, () => 0)).toBe(1_000);
  });

  it('retries network failures, timeouts, rate limits, server errors and "still running"; a refusal needs the user', () => {
    for (const s of [0, 401, 408, 425, 429, 500, 502, 503, 504]) expect(classify(err(s))).toBe('retry');
    expect(classify(err(409))).toBe('retry');
    expect(classify(err(409, { tracking_number: ['You already pre-alerted this tracking number'] }))).toBe(
      'attention',
    );
    for (const s of [400, 403, 404, 413, 415, 422]) expect(classify(err(s))).toBe('attention');
  });

  it('a retryable failure schedules the next try; a refusal stops the item with the server’s message', () => {
    const retried = afterFailure(rec({ attempts: 1 }), err(503), 10_000, () => 1);
    expect(retried).toMatchObject({ state: 'retrying', attempts: 2, nextAttemptAt: 14_000 });
    const refused = afterFailure(rec(), err(400, { weight: ['Enter the weight'] }), 10_000);
    expect(refused).toMatchObject({
      state: 'attention',
      attempts: 1,
      lastError: { status: 400, fieldErrors: { weight: ['Enter the weight'] } },
    });
    expect(isDue(refused, Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('an upload over the quota waits as long as the server says (429 Retry-After), not the short backoff', () => {
    const limited = afterFailure(rec({ attempts: 0 }), { ...err(429), retryAfter: 1800 }, 10_000, () => 1);
    expect(limited).toMatchObject({ state: 'retrying', attempts: 1, nextAttemptAt: 10_000 + 1_800_000 });
    // A storage quota that is full needs the user (or the company): the item stops with the server's words.
    const full = afterFailure(rec(), err(413, { files: ["The company's file storage is full"] }), 10_000);
    expect(full).toMatchObject({ state: 'attention', lastError: { status: 413 } });
  });

  it('is due when its time has come; a record left "uploading" by a closed tab is due again', () => {
    expect(isDue(rec({ nextAttemptAt: 5 }), 5)).toBe(true);
    expect(isDue(rec({ nextAttemptAt: 6 }), 5)).toBe(false);
    expect(isDue(rec({ state: 'uploading', nextAttemptAt: 1 }), 5)).toBe(true);
    expect(
      nextWake([
        rec({ nextAttemptAt: 9 }),
        rec({ nextAttemptAt: 7 }),
        rec({ state: 'attention', nextAttemptAt: 1 }),
      ]),
    ).toBe(7);
    expect(nextWake([rec({ state: 'attention' })])).toBeNull();
  });

  it('an edited item is a new request: new key, pending, attempts reset', () => {
    const e = edited(
      rec({ state: 'attention', attempts: 3, lastError: err(400) }),
      { fields: { tracking_number: 'NEW' } },
      'key-2',
      50,
    );
    expect(e).toMatchObject({
      state: 'pending',
      attempts: 0,
      lastError: null,
      idempotencyKey: 'key-2',
      nextAttemptAt: 50,
    });
  });

  it('describes each state for the drawer', () => {
    expect(statusText(rec(), { online: false, now: 0 }).text).toBe('Waiting for network');
    expect(statusText(rec({ state: 'uploading' }), { online: true, progress: 42, now: 0 }).text).toBe(
      'Uploading 42 %',
    );
    expect(
      statusText(rec({ state: 'retrying', nextAttemptAt: 60_000 }), { online: true, now: 0 }).text,
    ).toMatch(/^Will retry at /);
    expect(statusText(rec({ state: 'attention', lastError: err(409) }), { online: true, now: 0 }).text).toBe(
      'Needs attention: status 409',
    );
  });
});
