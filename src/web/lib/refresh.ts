/*
 * What a change must refresh. A mutation says what it changed ("a package", "a payment"); this table says which
 * screens show that, by query root. It is the one place to update when a screen starts showing something new: a
 * parcel received at /admin/receive then moves "Today" (/admin) at once, not a minute later when its timer fires.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AuditEntity } from '../../contract/audit';
import { auditKey, type QueryRoot, queryRoots as r } from './query-keys';

/** The kinds of record a change touches. */
export type Changed =
  | 'package'
  | 'prealert'
  | 'shipment'
  | 'invoice'
  | 'payment'
  | 'customer'
  | 'authorized-person'
  | 'purchase-request'
  | 'menu'
  | 'settings'
  | 'profile'
  | 'staff'
  | 'platform-company'
  | 'rates'
  | 'push-subscription';

/** Where an invoice shows: its lists and pages, what is owed (figures, "Today", the counter), its packages'. */
const INVOICE_SHOWN_IN = [
  r.invoices,
  r.adminInvoices,
  r.account,
  r.adminDashboard,
  r.counter,
  r.customers,
  r.staffPackages,
  r.packages,
] as const;

/** Every query root whose screens show a kind of record. */
export const SHOWN_IN: Record<Changed, readonly QueryRoot[]> = {
  // Received, undone, edited, assigned, moved on, released, put in a shipment.
  package: [
    r.packages,
    r.prealerts, // the customer's "pre-alerted, not received yet" list loses a parcel that arrived
    r.staffPackages,
    r.intake,
    r.adminDashboard,
    r.counter,
    r.shipments,
    r.matching,
    r.customers,
    r.adminInvoices, // the invoice form's unbilled packages
  ],
  prealert: [r.prealerts, r.packages, r.staffPackages, r.intake, r.adminDashboard, r.matching, r.customers],
  shipment: [r.shipments, r.staffPackages],
  invoice: INVOICE_SHOWN_IN,
  // A payment changes its invoice, and earns (or spends) points.
  payment: [...INVOICE_SHOWN_IN, r.points],
  customer: [r.customers, r.staffPackages, r.counter, r.adminInvoices],
  'authorized-person': [r.authorizedPersons, r.counter, r.customers],
  'purchase-request': [r.purchaseRequests],
  menu: [r.menus],
  settings: [r.settings, r.company, r.fees],
  // A rate version or a duty category: every price a screen shows.
  rates: [r.rates, r.fees, r.dutyCategories, r.adminInvoices],
  profile: [r.profile, r.me],
  // A staff member's role or activity, an invitation; staff are accounts, shown on the customer records too.
  staff: [r.staff, r.customers],
  // A company made, switched off or on, or re-hosted in the platform console.
  'platform-company': [r.platform],
  // A device subscribed to push, or removed.
  'push-subscription': [r.pushSubscriptions],
};

/** The history of a record a change wrote to (staff changes are audited). */
export type AuditRef = readonly [entity: AuditEntity, id: string];

/** The query roots a change refreshes, each once. */
export function rootsFor(changed: readonly Changed[]): QueryRoot[] {
  return [...new Set(changed.flatMap((c) => SHOWN_IN[c]))];
}

/**
 * Marks every query that shows what changed as stale: the ones on screen refetch now, the others when they are next
 * shown. Resolves once the ones on screen have their new data.
 */
export async function refreshAfter(
  client: QueryClient,
  changed: readonly Changed[],
  audit: readonly AuditRef[] = [],
): Promise<void> {
  await Promise.all([
    ...rootsFor(changed).map((root) => client.invalidateQueries({ queryKey: [root] })),
    ...audit.map(([entity, id]) => client.invalidateQueries({ queryKey: auditKey(entity, id) })),
  ]);
}
