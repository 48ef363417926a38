import { Readable } from 'node:stream';
import { count, type SQL, sql } from 'drizzle-orm';
import { PACKAGE_EXPORT_MAX } from '../../contract/constants';
import { PACKAGE_COUNT_CAP } from '../../contract/packages';
import type { StaffPackageFilter, StaffPackageListQuery } from '../../contract/staff-packages';
import type { Db } from '../db';
import type { CompanyRow } from '../db/rows';
import { packages } from '../db/schema';
import { cachedStatusNames } from '../packages/summaries';
import { csvLine, customerIdsMatching, dollars, filterWhere, ORDER, selectRows, toRow } from './package-rows';

/** The matches up to one past the cap: an exact count of a million rows costs more than the page itself. */
const cappedCount = (db: Db, where: SQL | undefined) =>
  db
    .select({ one: sql`1` })
    .from(packages)
    .where(where)
    .limit(PACKAGE_COUNT_CAP + 1)
    .as('capped');

/** The back office's package list and its search, and the same as a CSV export. */
export function createPackageList(deps: { db: Db }) {
  const { db } = deps;
  const names = cachedStatusNames(db);
  return {
    /**
     * `q` as the route validated it (defaults applied, flags as booleans). Counts as the customer's list does: the
     * first page, or when asked (`count`); a client paging on already knows the total from the first page.
     */
    async list(company: CompanyRow, q: StaffPackageListQuery) {
      const where = filterWhere(company.id, q, await customerIdsMatching(db, company.id, q.q));
      const counted = q.count ? q.count === '1' : q.page === 1;
      // The count rides along with the page (one statement, one round trip): an uncorrelated subquery, run once.
      const total = counted
        ? sql<number>`(select count(*) from ${cappedCount(db, where)})`.mapWith(Number)
        : undefined;
      const [rows, statusNamed] = await Promise.all([
        selectRows(db, where, ORDER[q.sort], q.pageSize, (q.page - 1) * q.pageSize, total),
        names(),
      ]);
      let n: number | null = null;
      if (counted) {
        // An empty page carries no count: page 1 empty means no match; past the end, count on its own.
        n = rows[0]?.total ?? (q.page === 1 ? 0 : await countAlone(where));
      }
      return {
        items: rows.map((r) => toRow(r, statusNamed)),
        page: q.page,
        pageSize: q.pageSize,
        total: n === null ? null : Math.min(n, PACKAGE_COUNT_CAP),
        total_capped: n !== null && n > PACKAGE_COUNT_CAP,
      };
    },

    /** The filtered list as CSV, read in chunks so a long export never sits in memory at once. */
    exportCsv(company: CompanyRow, f: StaffPackageFilter): Readable {
      const CHUNK = 1000;
      async function* lines() {
        const where = filterWhere(company.id, f, await customerIdsMatching(db, company.id, f.q));
        const statusNamed = await names();
        yield csvLine([
          'Tracking number',
          'Mailbox',
          'Customer',
          'Email',
          'Consignee (label)',
          'Status',
          'Description',
          'Shipper',
          'Carrier',
          'Pieces',
          'Weight (lb)',
          'Value (USD)',
          'Shipment',
          'Pre-alert',
          'Customs hold',
          'Fragile',
          'Hazardous',
          'Signature',
          'Received at',
        ]);
        let sent = 0;
        while (sent < PACKAGE_EXPORT_MAX) {
          const rows = await selectRows(
            db,
            where,
            ORDER[f.sort],
            Math.min(CHUNK, PACKAGE_EXPORT_MAX - sent),
            sent,
          );
          for (const r of rows.map((x) => toRow(x, statusNamed))) {
            yield csvLine([
              r.tracking_number,
              r.owner?.mailbox_number ?? '',
              r.owner?.name ?? 'Unassigned',
              r.owner?.email ?? '',
              r.consignee_hint,
              r.status_name,
              r.description,
              r.shipper,
              r.carrier,
              r.pieces,
              r.weight,
              dollars(r.declared_value_cents),
              r.shipment?.reference ?? '',
              r.has_prealert ? 'yes' : 'no',
              r.customs_hold ? 'yes' : 'no',
              r.fragile ? 'yes' : 'no',
              r.hazardous ? 'yes' : 'no',
              r.signature_required ? 'yes' : 'no',
              r.received_at ?? '',
            ]);
          }
          sent += rows.length;
          if (rows.length < CHUNK) return;
        }
        const [more] = await selectRows(db, where, ORDER[f.sort], 1, PACKAGE_EXPORT_MAX);
        if (more) {
          yield csvLine([
            `Cut at ${PACKAGE_EXPORT_MAX.toLocaleString('en-US')} rows: narrow the filters to export the rest.`,
          ]);
        }
      }
      return Readable.from(lines());
    },
  };

  async function countAlone(where: SQL | undefined): Promise<number> {
    const [row] = await db.select({ n: count() }).from(cappedCount(db, where));
    return row?.n ?? 0;
  }
}
