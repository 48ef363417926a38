/**
 * The outbox's rules, as pure functions: what a record is, when it is due, what a failure does to it, and how long
 * to wait before the next try. The engine (outbox.ts) applies them; the tests check them without IndexedDB or XHR.
 */
import { t } from '@lingui/core/macro';
import { displayTimeZone } from '../../../contract/format';
import { activeLocale } from '../../../contract/i18n';
import { intlLocale } from '../../../contract/locales';

/** What a queued submission is: a customer's pre-alert or receipt upload, or a clerk's parcel intake. */
export type OutboxKind = 'prealert' | 'receipt' | 'intake';

/**
 * pending: waiting to be sent (for the network, or for its turn); uploading: being sent now; retrying: failed on
 * the network or with 5xx/408/429, tries again at `nextAttemptAt`; attention: the server refused it (4xx) — the
 * user edits and resends it, or discards it.
 */
export type OutboxState = 'pending' | 'uploading' | 'retrying' | 'attention';

export type OutboxFileMeta = { id: string; name: string; type: string; size: number };

export type OutboxError = {
  status: number;
  message: string;
  fieldErrors: Record<string, string[]>;
  /** Seconds the server asked to wait (Retry-After on 429/503), when it said. */
  retryAfter?: number | null;
};

export type OutboxRecord = {
  id: string;
  kind: OutboxKind;
  /** Only this user's session sends it; another user logging in on the device never does. */
  userId: string;
  url: string;
  /** What the user recognises it by, e.g. the tracking number. */
  label: string;
  fields: Record<string, string>;
  files: OutboxFileMeta[];
  /** Sent as Idempotency-Key on every attempt: a replay after a lost reply creates nothing twice. */
  idempotencyKey: string;
  state: OutboxState;
  attempts: number;
  nextAttemptAt: number;
  lastError: OutboxError | null;
  createdAt: number;
  updatedAt: number;
};

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

/**
 * Exponential backoff with "full jitter": a random wait up to base × 2^(attempts−1), capped, never under a second.
 * Jitter keeps many devices coming back online at once from retrying in lockstep.
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.max(1_000, Math.round(random() * ceiling));
}

/**
 * Worth retrying as is, or needs the user? No reply (0), timeouts, rate limits and server errors are retried.
 * A 409 is retried only when it is the server saying "the first copy of this request is still running" (it carries
 * no field errors); a 409 with field errors is a real conflict (e.g. a tracking number sent before).
 */
export function classify(err: OutboxError): 'retry' | 'attention' {
  const { status } = err;
  if (status === 0 || status === 401 || status === 408 || status === 425 || status === 429 || status >= 500) {
    return 'retry';
  }
  if (status === 409 && Object.keys(err.fieldErrors).length === 0) return 'retry';
  return 'attention';
}

export function afterFailure(
  rec: OutboxRecord,
  err: OutboxError,
  now: number,
  random: () => number = Math.random,
): OutboxRecord {
  const attempts = rec.attempts + 1;
  if (classify(err) === 'attention') {
    return { ...rec, attempts, state: 'attention', lastError: err, updatedAt: now };
  }
  // A server that says how long to wait (an upload quota can mean an hour) is believed over the backoff.
  const wait = Math.max(backoffDelay(attempts, random), (err.retryAfter ?? 0) * 1000);
  return {
    ...rec,
    attempts,
    state: 'retrying',
    lastError: err,
    nextAttemptAt: now + wait,
    updatedAt: now,
  };
}

/**
 * The connection is back: an item that failed only because no reply came is due at once, rather than at the end of
 * a backoff that grew while the network was gone. One the server asked to wait (Retry-After) or refused keeps its time.
 */
export function dueOnReconnect(rec: OutboxRecord, now: number): OutboxRecord {
  if (rec.state !== 'retrying' || rec.lastError?.status !== 0 || rec.nextAttemptAt <= now) return rec;
  return { ...rec, nextAttemptAt: now, updatedAt: now };
}

/** Due to be sent now: waiting or retrying, and its time has come. A record left "uploading" by a closed tab is due. */
export function isDue(rec: OutboxRecord, now: number): boolean {
  if (rec.state === 'attention') return false;
  return rec.nextAttemptAt <= now;
}

/** The earliest time any of these records will be due (for the backoff timer), or null. */
export function nextWake(records: OutboxRecord[]): number | null {
  const times = records.filter((r) => r.state !== 'attention').map((r) => r.nextAttemptAt);
  return times.length ? Math.min(...times) : null;
}

/** Edited by the user after the server refused it: a new request (new key), sent at once. */
export function edited(
  rec: OutboxRecord,
  changes: { fields: Record<string, string>; label?: string; files?: OutboxFileMeta[] },
  newKey: string,
  now: number,
): OutboxRecord {
  return {
    ...rec,
    fields: changes.fields,
    label: changes.label ?? rec.label,
    files: changes.files ?? rec.files,
    idempotencyKey: newKey,
    state: 'pending',
    attempts: 0,
    lastError: null,
    nextAttemptAt: now,
    updatedAt: now,
  };
}

export type OutboxStatusText = { tone: 'neutral' | 'progress' | 'warning' | 'danger'; text: string };

/** What the drawer says about an item. */
export function statusText(
  rec: OutboxRecord,
  opts: { online: boolean; reason?: 'offline' | 'unreachable'; progress?: number | undefined; now: number },
): OutboxStatusText {
  if (rec.state === 'attention') {
    const why = rec.lastError?.message ?? t`the server refused it`;
    return { tone: 'danger', text: t`Needs attention: ${why}` };
  }
  if (rec.state === 'uploading' && opts.progress !== undefined) {
    const percent = opts.progress;
    return { tone: 'progress', text: t`Uploading ${percent} %` };
  }
  if (!opts.online) {
    return {
      tone: 'neutral',
      text: opts.reason === 'unreachable' ? t`Waiting for the server` : t`Waiting for network`,
    };
  }
  if (rec.state === 'retrying' && rec.nextAttemptAt > opts.now) {
    const at = new Date(rec.nextAttemptAt).toLocaleTimeString(intlLocale(activeLocale()), {
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      timeZone: displayTimeZone(),
    });
    return { tone: 'warning', text: t`Will retry at ${at}` };
  }
  return { tone: 'neutral', text: t`Waiting to upload` };
}
