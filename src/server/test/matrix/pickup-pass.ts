import type { LightMyRequestResponse } from 'fastify';
import { type Expectations, mine, no, type Op, ok, onHost, staffOnly } from './expectations';
import { CALLERS } from './fixture-types';

/** Rows of the access matrix: the pickup pass (the customer's, its share link, and the counter finding it). */

/**
 * The victim's own pass, read off the owner's call (phase 2 runs it before the share link's and the counter's rows;
 * the table puts these rows before the counter's release, while the victim has a parcel ready). Refused callers run
 * first, with a link and a code no pass has.
 */
let victimPass: { token: string; code: string } | undefined;
const keepPass = (res: LightMyRequestResponse, _f: unknown, c: string) => {
  if (c !== 'owner' || res.statusCode !== 200 || victimPass) return undefined;
  const pass = (res.json() as { data?: { pass?: { code: string | null; share_url: string | null } } }).data
    ?.pass;
  const token = pass?.share_url?.split('/pass/')[1];
  if (!pass?.code || !token)
    return 'the victim has no pass: the share link and counter rows would prove nothing';
  victimPass = { token, code: pass.code };
  return undefined;
};

/** What the share link may answer: these keys and nothing else (no mailbox, e-mail, other passes, balances). */
const SHARED_KEYS = [
  'collected_at',
  'code',
  'company',
  'holder_name',
  'issued_at',
  'parcels',
  'qr_svg',
  'state',
].sort();
const onlyThePass = (res: LightMyRequestResponse, f: { victim: { email: string; mailbox: string } }) => {
  if (res.statusCode !== 200) return undefined;
  const data = (res.json() as { data?: Record<string, unknown> }).data ?? {};
  const keys = Object.keys(data).sort().join(',');
  if (keys !== SHARED_KEYS.join(',')) return `the pass link answers more than the pass: ${keys}`;
  const body = res.body.toLowerCase();
  const extra = [f.victim.email, f.victim.mailbox].filter((s) => body.includes(s.toLowerCase()));
  return extra.length ? `the pass link shows ${extra.join(', ')}` : undefined;
};

/** Anyone holding the link on the pass's host sees that one pass; on another company's host it does not exist. */
const LINK_HOLDERS = Object.fromEntries(CALLERS.map((k) => [k, onHost(k) ? ok() : no(404)])) as Expectations;

export const PICKUP_PASS_OPS: Record<string, Op> = {
  'GET /v1/pickup-pass': {
    rule: 'verified: the caller’s own pass and their authorized persons’; never anyone else’s',
    req: () => ({ url: '/v1/pickup-pass' }),
    expect: mine(false),
    shows: (f) => f.victim.firstName,
    check: keepPass,
  },
  'GET /v1/pickup-pass/shared/{token}': {
    rule: 'public with the link: the pass link shows one pass and nothing else (no mailbox, e-mail, other passes or balances); another company’s host: not found',
    req: () => ({ url: `/v1/pickup-pass/shared/${victimPass?.token ?? 'x'.repeat(32)}` }),
    expect: { ...LINK_HOLDERS, anonUnknown: no(404) },
    shows: (f) => f.victim.firstName,
    check: (res, f) => onlyThePass(res, f),
  },
  'GET /v1/admin/counter #pass': {
    rule: 'staff (verified) of the pass’s company: the victim found by their pickup pass code',
    req: () => ({ url: `/v1/admin/counter?pass=${encodeURIComponent(victimPass?.code ?? 'ZZZZ-ZZZZ')}` }),
    expect: staffOnly(),
    shows: (f) => f.victim.id,
  },
};
