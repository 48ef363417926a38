/** The counter's URL: plain code, no zod (validateSearch runs in the router, in the entry bundle). */
import { normalizePassCode, passTokenIn } from '../../../contract/pickup-pass-code';
import { searchOneOf, searchText } from '../../lib/search-params';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A mailbox number: an optional letter prefix, then at most 8 digits (IEX-10234, 10234). */
const MAILBOX = /^([A-Za-z]{1,6}[-\s]?)?\d{1,8}$/;

export const COUNTER_TABS = ['counter', 'closeout'] as const;
export type CounterTab = (typeof COUNTER_TABS)[number];

export interface CounterSearch {
  /** A mailbox number as typed (IEX-10234 or 10234). */
  mailbox: string | undefined;
  /** A scanned package label. */
  tracking: string | undefined;
  /** A pickup pass: its code as typed, or its scanned QR code (the pass's link). */
  pass: string | undefined;
  tab: CounterTab;
  /** The close-out's day (today when absent). */
  date: string | undefined;
}
export type CounterSearchInput = Partial<Record<keyof CounterSearch, unknown>>;

export const COUNTER_DEFAULTS = { tab: 'counter' } as const;

export function parseCounterSearch(raw: CounterSearchInput): CounterSearch {
  const mailbox = searchText(raw.mailbox);
  const tracking = mailbox ? undefined : searchText(raw.tracking);
  return {
    mailbox,
    // One customer at a time: a mailbox wins over a tracking number, and both over a pass.
    tracking,
    pass: mailbox || tracking ? undefined : searchText(raw.pass),
    tab: searchOneOf(COUNTER_TABS, raw.tab) ?? COUNTER_DEFAULTS.tab,
    date: typeof raw.date === 'string' && DAY.test(raw.date) ? raw.date : undefined,
  };
}

/** Only what differs from the defaults goes in the URL. */
export function toCounterUrl(s: Partial<CounterSearch>): Partial<CounterSearch> {
  const out: Partial<CounterSearch> = {};
  if (s.mailbox) out.mailbox = s.mailbox;
  else if (s.tracking) out.tracking = s.tracking;
  else if (s.pass) out.pass = s.pass;
  if (s.tab && s.tab !== COUNTER_DEFAULTS.tab) out.tab = s.tab;
  if (s.date) out.date = s.date;
  return out;
}

/**
 * What the lookup field holds, as the URL keeps it: a mailbox number (an optional letter prefix, then at most 8
 * digits: IEX-10234, 10234) or else a scanned tracking number.
 */
export function classifyLookup(value: string): { mailbox?: string; tracking?: string; pass?: string } {
  const v = value.trim();
  if (!v) return {};
  // A pass's QR code (its link), or its code as typed. A code that could be a mailbox number is looked up as one
  // first, and as a pass when no mailbox matches; one that could be a tracking number likewise (see api.ts).
  if (passTokenIn(v)) return { pass: v };
  if (MAILBOX.test(v)) return { mailbox: v };
  return normalizePassCode(v) ? { pass: v } : { tracking: v };
}
