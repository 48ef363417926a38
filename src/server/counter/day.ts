/**
 * Calendar days in a time zone, for the close-out: a clerk's "today" runs from their local midnight, as the
 * dashboard's "received today" does. Done with Intl (the runtime's time zone data), so PGlite and PostgreSQL agree.
 */

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** How far `tz`'s wall clock is ahead of UTC at the instant `at`, in milliseconds. */
function offsetMs(tz: string, at: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(at));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The calendar date (YYYY-MM-DD) in `tz` at the instant `at`. */
export function dateIn(tz: string, at = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The day after a calendar date. */
export function nextDate(date: string): string {
  const t = Date.parse(`${date}T00:00:00Z`) + 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The instant `date` begins in `tz` (its local midnight); twice round, so a DST change that day is right. */
export function startOfDay(date: string, tz: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`);
  let t = wall - offsetMs(tz, wall);
  t = wall - offsetMs(tz, t);
  return new Date(t);
}
