import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
/*
 * What Ctrl+K finds besides the menu, for a customer: their packages (tracking number or description), pre-alerts
 * (tracking number, description or seller) and invoices (number). Online it asks the list endpoints with their `q`;
 * offline, or while the answer is on its way, it looks through the query cache (persisted to IndexedDB), so what was
 * seen on this device is found without a connection.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { INVOICE_STATUS_LABELS } from '../../../contract/constants';
import type { InvoiceSummary } from '../../../contract/invoices';
import { invoiceCalls } from '../../../contract/invoices.calls';
import type { PackageSummary, Prealert } from '../../../contract/packages';
import { packageCalls, prealertCalls } from '../../../contract/packages.calls';
import { api } from '../../lib/api';

export type EntityGroup = 'Packages' | 'Pre-alerts' | 'Invoices';
export const ENTITY_GROUPS: readonly EntityGroup[] = ['Packages', 'Pre-alerts', 'Invoices'];

export interface EntityHit {
  id: string;
  group: EntityGroup;
  label: string;
  description: string;
  /** Where choosing it goes (an app path with its search). */
  href: string;
}

export type EntityHits = Record<EntityGroup, EntityHit[]>;

/** At most this many of each kind in the panel. */
export const PER_GROUP = 5;
/** Fewer characters than this find nothing but menu items (one letter would match half the parcels). */
export const MIN_QUERY = 2;

const fold = (s: string) => s.toLowerCase();
/** Tracking numbers are typed with or without their spaces and dashes ("1Z 999-AA1" finds "1Z999AA1…"). */
const compact = (s: string) => s.toLowerCase().replace(/[\s-]+/g, '');

/** True when every word of the query is in one of the fields (case-insensitive), or the query, without spaces and
 * dashes, is in one of them without theirs. */
export function matches(query: string, fields: (string | null | undefined)[]): boolean {
  const q = query.trim();
  if (q.length < MIN_QUERY) return false;
  const present = fields.filter((f): f is string => Boolean(f));
  const joined = fold(present.join(' \u0000 '));
  const words = fold(q).split(/\s+/).filter(Boolean);
  if (words.every((w) => joined.includes(w))) return true;
  const squeezed = compact(q);
  return squeezed.length >= MIN_QUERY && present.some((f) => compact(f).includes(squeezed));
}

export const packageHit = (p: PackageSummary): EntityHit => ({
  id: `package-${p.id}`,
  group: 'Packages',
  label: p.tracking_number,
  // The kind first: the group's title is drawn by CSS, which screen readers do not read.
  description: [t`Package`, p.description, p.status_name].filter(Boolean).join(' · '),
  href: `/user/packages/${p.id}`,
});

export const prealertHit = (p: Prealert): EntityHit => ({
  id: `prealert-${p.id}`,
  group: 'Pre-alerts',
  label: p.tracking_number,
  description: [t`Pre-alert`, p.description, p.seller_name, i18n._(PREALERT_STATE[p.status])]
    .filter(Boolean)
    .join(' · '),
  // The list under the form, narrowed to this pre-alert.
  href: `/user/packages/pre-alert?q=${encodeURIComponent(p.tracking_number)}`,
});

const PREALERT_STATE: Record<Prealert['status'], MessageDescriptor> = {
  pending: msg`Pending`,
  matched: msg`Matched`,
  cancelled: msg`Cancelled`,
};

/** As the customer reads them ("Unpaid" for issued), the words of the invoice screens. */
const invoiceState = (status: InvoiceSummary['status']): string =>
  status === 'issued' ? t`Unpaid` : (INVOICE_STATUS_LABELS[status] ?? status);

export const invoiceHit = (i: InvoiceSummary): EntityHit => ({
  id: `invoice-${i.id}`,
  group: 'Invoices',
  label: (i.number ? t`Invoice ${i.number}` : t`Invoice`).trim(),
  description: invoiceState(i.status),
  href: `/user/invoices/${i.id}`,
});

export const emptyHits = (): EntityHits => ({ Packages: [], 'Pre-alerts': [], Invoices: [] });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isPackage = (v: unknown): v is PackageSummary =>
  isObject(v) && typeof v.id === 'string' && typeof v.tracking_number === 'string' && 'status_name' in v;
const isPrealert = (v: unknown): v is Prealert =>
  isObject(v) && typeof v.id === 'string' && typeof v.tracking_number === 'string' && 'seller_name' in v;
const isInvoice = (v: unknown): v is InvoiceSummary =>
  isObject(v) && typeof v.id === 'string' && typeof v.number === 'string' && 'total_cents' in v;

/** The rows of a cached answer: a page's items, or the one record of a detail query. */
function rowsOf(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (isObject(data) && Array.isArray(data.items)) return data.items;
  return isObject(data) ? [data] : [];
}

/** Adds a hit unless its id is there already or the group is full. */
function add(into: EntityHits, hit: EntityHit) {
  const list = into[hit.group];
  if (list.length < PER_GROUP && !list.some((h) => h.id === hit.id)) list.push(hit);
}

/** What the cached queries (packages, pre-alerts, invoices: lists and details) hold that matches. */
export function searchCache(client: QueryClient, query: string): EntityHits {
  const out = emptyHits();
  if (query.trim().length < MIN_QUERY) return out;
  const cached = (root: string) =>
    client
      .getQueryCache()
      .findAll({ queryKey: [root] })
      .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
      .flatMap((q) => rowsOf(q.state.data));
  for (const p of cached('packages'))
    if (isPackage(p) && matches(query, [p.tracking_number, p.description])) add(out, packageHit(p));
  for (const p of cached('prealerts'))
    if (isPrealert(p) && matches(query, [p.tracking_number, p.description, p.seller_name]))
      add(out, prealertHit(p));
  for (const i of cached('invoices')) if (isInvoice(i) && matches(query, [i.number])) add(out, invoiceHit(i));
  return out;
}

/**
 * Asks the three list endpoints (a page of PER_GROUP each). A kind whose call fails is left empty: the cache's hits
 * stand in for it (see mergeHits). Null when offline.
 */
export async function searchOnline(query: string): Promise<Partial<EntityHits> | null> {
  const q = query.trim();
  if (q.length < MIN_QUERY || !onlineManager.isOnline()) return null;
  const pageSize = PER_GROUP;
  const [pkgs, pre, inv] = await Promise.allSettled([
    api.call(packageCalls.list, { query: { q, page: 1, pageSize } }),
    api.call(prealertCalls.list, { query: { q, page: 1, pageSize } }),
    // By number alone on the server (case, spaces and dashes aside), so an old invoice is found among hundreds.
    api.call(invoiceCalls.list, { query: { number: q, page: 1, pageSize } }),
  ]);
  const out: Partial<EntityHits> = {};
  if (pkgs.status === 'fulfilled') out.Packages = pkgs.value.items.map(packageHit);
  if (pre.status === 'fulfilled') out['Pre-alerts'] = pre.value.items.map(prealertHit);
  // Invoices by number only (as the panel says), so a tracking number does not list every invoice it appears on.
  if (inv.status === 'fulfilled') out.Invoices = inv.value.items.map(invoiceHit);
  return out;
}

/** The server's answer first, then what the cache adds (offline, or rows the answer has not reached yet). */
export function mergeHits(online: Partial<EntityHits> | null, cached: EntityHits): EntityHits {
  const out = emptyHits();
  for (const group of ENTITY_GROUPS) {
    for (const hit of online?.[group] ?? []) add(out, hit);
    // With the server's answer for a kind, that answer is the truth (a cancelled pre-alert, a changed status):
    // the cache only fills in kinds the server did not answer for.
    if (!online?.[group]) for (const hit of cached[group]) add(out, hit);
  }
  return out;
}

export const hitCount = (hits: EntityHits) => ENTITY_GROUPS.reduce((n, g) => n + hits[g].length, 0);
