import type { PackageStatusCode } from '../../contract/constants';
import type { PackageSummary } from '../../contract/packages';
import type { StorageCountdown } from '../../contract/storage';
import type { Db } from '../db';
import { LookupCache } from '../db/lookup-cache';
import { packages } from '../db/schema';
import { onWrite } from '../db/writes';
import { holdOfPackage } from '../package-status/hold';
import { statusNames } from '../package-status/status-names';

/* A package as its customer (and staff) read it in the portal: the summary of the list and the detail's head. */

export type PackageRow = typeof packages.$inferSelect;

/**
 * The columns a summary shows: the list reads only these (a page of whole rows is twice the bytes to decode, which
 * is most of the cost of a page on the embedded database).
 */
export const summaryColumns = {
  id: packages.id,
  trackingNumber: packages.trackingNumber,
  description: packages.description,
  sellerName: packages.sellerName,
  shipper: packages.shipper,
  weight: packages.weight,
  length: packages.length,
  width: packages.width,
  height: packages.height,
  declaredValueCents: packages.declaredValueCents,
  statusCode: packages.statusCode,
  holdReason: packages.holdReason,
  holdNote: packages.holdNote,
  receivedAt: packages.receivedAt,
  deliveredAt: packages.deliveredAt,
  createdAt: packages.createdAt,
  updatedAt: packages.updatedAt,
};
type SummaryRow = Pick<PackageRow, keyof typeof summaryColumns>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSummary(
  p: SummaryRow,
  owner: { id: string; firstName: string; lastName: string; mailboxNumber: string } | null,
  names: Map<string, string>,
  storage: StorageCountdown | null = null,
): PackageSummary {
  return {
    id: p.id,
    tracking_number: p.trackingNumber,
    description: p.description,
    seller_name: p.sellerName,
    shipper: p.shipper,
    weight: p.weight,
    length: p.length,
    width: p.width,
    height: p.height,
    declared_value_cents: p.declaredValueCents,
    status: p.statusCode as PackageStatusCode,
    status_name: names.get(p.statusCode) ?? p.statusCode,
    received_at: iso(p.receivedAt),
    delivered_at: iso(p.deliveredAt),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    owner: owner
      ? {
          id: owner.id,
          name: `${owner.firstName} ${owner.lastName}`.trim(),
          mailbox_number: owner.mailboxNumber,
        }
      : null,
    storage,
    hold: holdOfPackage(p),
  };
}

/** The company's status names, read through a transaction `tx` when given (it may have just changed them). */
export type StatusNames = (tx?: Db) => Promise<Map<string, string>>;

/**
 * Status names change only with the reference data: read on every list, they are kept in memory until a write to
 * the status table; inside a transaction they are read through it.
 */
export function cachedStatusNames(db: Db): StatusNames {
  const cache = new LookupCache<'all', Map<string, string>>({ ttlMs: 60_000, max: 1 });
  onWrite(db, ['package_statuses'], () => cache.clear());
  return (tx = db) => (tx === db ? cache.get('all', () => statusNames(db)) : statusNames(tx));
}
