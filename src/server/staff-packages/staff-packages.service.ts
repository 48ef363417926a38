import { Readable } from 'node:stream';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { AuditValue } from '../../contract/audit';
import type { PackageStatusCode } from '../../contract/constants';
import { PACKAGE_EXPORT_MAX } from '../../contract/constants';
import { PACKAGE_COUNT_CAP } from '../../contract/packages';
import {
  type BulkBody,
  bulkBodySchema,
  type StaffPackageDetail,
  type StaffPackageFilter,
  type StaffPackageListQuery,
  type StaffPackageUpdate,
  staffPackageUpdateSchema,
} from '../../contract/staff-packages';
import { type AuditService, diff } from '../audit/audit.service';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import {
  files,
  invoiceLines,
  invoices,
  packageEvents,
  packageReceipts,
  packages,
  prealerts,
  shipments,
  users,
} from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import type { NotificationService } from '../notifications/notifications.service';
import type { PackageStatus } from '../package-status/move-status';
import { ownerNotices, tellOwners } from '../package-status/notices';
import { statusNames } from '../package-status/status-names';
import { matchPrealert, pendingPrealert, prealertDtos } from '../packages/prealert-records';
import { toFileInfo } from '../packages/stored-files';
import {
  csvLine,
  customerIdsMatching,
  dollars,
  filterWhere,
  iso,
  ORDER,
  type PackageRow,
  selectRows,
  toRow,
} from './package-rows';

/** The package fields staff edit, as the API names them, for the audit diff. */
function editable(p: PackageRow): Record<string, AuditValue> {
  return {
    description: p.description,
    seller_name: p.sellerName,
    shipper: p.shipper,
    carrier: p.carrier,
    house_awb: p.houseAwb,
    package_type: p.packageType,
    consignee_hint: p.consigneeHint,
    weight: p.weight,
    length: p.length,
    width: p.width,
    height: p.height,
    pieces: p.pieces,
    declared_value_cents: p.declaredValueCents,
    fragile: p.fragile,
    hazardous: p.hazardous,
    signature_required: p.signatureRequired,
    customs_hold: p.customsHold,
  };
}

const fixed = (n: number | undefined) => (n === undefined ? undefined : n.toFixed(2));

/** The back office's packages: the company-wide list and export, the staff detail, edits, owner and bulk actions. */
export function createStaffPackageService(deps: {
  db: Db;
  audit: AuditService;
  notifications: NotificationService;
  status: PackageStatus;
}) {
  const { db, audit, notifications } = deps;
  async function packageOf(company: CompanyRow, id: string, q: Db = db): Promise<PackageRow> {
    const [row] = await q
      .select()
      .from(packages)
      .where(and(eq(packages.id, id), eq(packages.companyId, company.id)))
      .limit(1);
    if (!row) throw notFound('Package not found');
    return row;
  }

  /** A customer of the company, or a field error naming `field`. */
  async function customerOf(company: CompanyRow, id: string, field: string, q: Db = db): Promise<UserRow> {
    const [u] = await q
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.companyId, company.id)))
      .limit(1);
    if (!u) throw badRequest('Validation failed', { [field]: ['No such customer'] });
    if (!u.isActive) throw badRequest('Validation failed', { [field]: ['This customer is deactivated'] });
    return u;
  }

  /** Sets an owner on a package (and matches that customer's pending pre-alert of the same tracking number). */
  async function setOwner(
    tx: Db,
    company: CompanyRow,
    staff: UserRow,
    p: PackageRow,
    owner: UserRow,
    note: string,
    autoMatch = true,
  ) {
    const now = new Date();
    let before: string | null = null;
    if (p.userId) {
      const [was] = await tx.select({ m: users.mailboxNumber }).from(users).where(eq(users.id, p.userId));
      before = was?.m ?? null;
    }
    // A pre-alert of the previous owner does not follow the parcel to someone else: it goes back to pending.
    if (p.prealertId && p.userId && p.userId !== owner.id) await releasePrealert(tx, p.prealertId);
    await tx
      .update(packages)
      .set({
        userId: owner.id,
        updatedAt: now,
        ...(p.prealertId && p.userId !== owner.id ? { prealertId: null } : {}),
      })
      .where(eq(packages.id, p.id));
    const pending = await pendingPrealert(tx, company.id, owner.id, p.trackingNumber);
    if (autoMatch && pending && (!p.prealertId || p.userId !== owner.id))
      await matchPrealert(tx, pending.id, p.id, now);
    await audit.record(tx, company, staff, {
      entity: 'package',
      entityId: p.id,
      action: 'assigned',
      changes: { owner: [before, owner.mailboxNumber] },
      note,
    });
  }

  async function releasePrealert(tx: Db, prealertId: string) {
    await tx
      .update(prealerts)
      .set({ status: 'pending', packageId: null, matchedAt: null, updatedAt: new Date() })
      .where(eq(prealerts.id, prealertId));
  }

  const service = {
    packageOf,

    /** `q` as the route validated it (defaults applied, flags as booleans). */
    async list(company: CompanyRow, q: StaffPackageListQuery) {
      const where = filterWhere(company.id, q, await customerIdsMatching(db, company.id, q.q));
      const [rows, [total], names] = await Promise.all([
        selectRows(db, where, ORDER[q.sort], q.pageSize, (q.page - 1) * q.pageSize),
        // Counting stops past the cap, as on the customer's list: an exact count of a million rows costs more
        // than the page itself.
        db.select({ n: count() }).from(
          db
            .select({ one: sql`1` })
            .from(packages)
            .where(where)
            .limit(PACKAGE_COUNT_CAP + 1)
            .as('capped'),
        ),
        statusNames(db),
      ]);
      const n = total?.n ?? 0;
      return {
        items: rows.map((r) => toRow(r, names)),
        page: q.page,
        pageSize: q.pageSize,
        total: Math.min(n, PACKAGE_COUNT_CAP),
        total_capped: n > PACKAGE_COUNT_CAP,
      };
    },

    /** The filtered list as CSV, read in chunks so a long export never sits in memory at once. */
    exportCsv(company: CompanyRow, f: StaffPackageFilter): Readable {
      const CHUNK = 1000;
      async function* lines() {
        const where = filterWhere(company.id, f, await customerIdsMatching(db, company.id, f.q));
        const names = await statusNames(db);
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
          for (const r of rows.map((x) => toRow(x, names))) {
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

    async detail(company: CompanyRow, id: string): Promise<StaffPackageDetail> {
      const p = await packageOf(company, id);
      const names = await statusNames(db);
      const [[row], events, receipts, prealertRows, [invoice], [receiver]] = await Promise.all([
        selectRows(db, eq(packages.id, p.id), [], 1),
        db
          .select({ e: packageEvents, actor: { first: users.firstName, last: users.lastName } })
          .from(packageEvents)
          .leftJoin(users, eq(users.id, packageEvents.actorId))
          .where(eq(packageEvents.packageId, p.id))
          .orderBy(asc(packageEvents.createdAt), asc(packageEvents.id)),
        db
          .select({ r: packageReceipts, file: files, by: { first: users.firstName, last: users.lastName } })
          .from(packageReceipts)
          .innerJoin(files, eq(files.id, packageReceipts.fileId))
          .innerJoin(users, eq(users.id, packageReceipts.uploadedBy))
          .where(eq(packageReceipts.packageId, p.id))
          .orderBy(asc(packageReceipts.createdAt)),
        p.prealertId ? db.select().from(prealerts).where(eq(prealerts.id, p.prealertId)).limit(1) : [],
        db
          .select({
            id: invoices.id,
            number: sql<string>`coalesce(${invoices.number}, 'Draft')`,
            status: invoices.status,
          })
          .from(invoiceLines)
          .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
          .where(
            and(
              eq(invoiceLines.packageId, p.id),
              eq(invoices.companyId, company.id),
              ne(invoices.status, 'cancelled'),
            ),
          )
          .orderBy(desc(invoices.createdAt))
          .limit(1),
        p.receivedBy
          ? db
              .select({ first: users.firstName, last: users.lastName })
              .from(users)
              .where(eq(users.id, p.receivedBy))
          : [],
      ]);
      if (!row) throw notFound('Package not found');
      const [prealert] = await prealertDtos(db, prealertRows);
      const receiptDtos = receipts.map(({ r, file, by }) => ({
        id: r.id,
        kind: r.kind,
        file: toFileInfo(file),
        uploaded_by: `${by.first} ${by.last}`.trim(),
        created_at: r.createdAt.toISOString(),
      }));
      return {
        ...toRow(row, names),
        seller_name: p.sellerName,
        house_awb: p.houseAwb,
        package_type: p.packageType,
        length: p.length,
        width: p.width,
        height: p.height,
        delivered_at: iso(p.deliveredAt),
        received_by: receiver ? `${receiver.first} ${receiver.last}`.trim() : null,
        events: events.map(({ e, actor }) => ({
          id: e.id,
          status: e.statusCode as PackageStatusCode,
          status_name: names.get(e.statusCode) ?? e.statusCode,
          note: e.note,
          actor: actor ? `${actor.first} ${actor.last}`.trim() : null,
          created_at: e.createdAt.toISOString(),
        })),
        photos: receiptDtos.filter((r) => r.kind === 'photo'),
        documents: receiptDtos.filter((r) => r.kind === 'document'),
        prealert: prealert ?? null,
        invoice: invoice ?? null,
      };
    },

    async update(company: CompanyRow, staff: UserRow, id: string, input: StaffPackageUpdate) {
      const b = staffPackageUpdateSchema.parse(input);
      await db.transaction(async (tx) => {
        const p = await packageOf(company, id, tx);
        const after = {
          description: b.description,
          seller_name: b.seller_name,
          shipper: b.shipper,
          carrier: b.carrier,
          house_awb: b.house_awb,
          package_type: b.package_type,
          consignee_hint: b.consignee_hint,
          weight: fixed(b.weight),
          length: fixed(b.length),
          width: fixed(b.width),
          height: fixed(b.height),
          pieces: b.pieces,
          declared_value_cents: b.declared_value_cents,
          fragile: b.fragile,
          hazardous: b.hazardous,
          signature_required: b.signature_required,
          customs_hold: b.customs_hold,
        };
        const changes = diff(editable(p), after);
        if (Object.keys(changes).length === 0) return;
        await tx
          .update(packages)
          .set({
            description: after.description,
            sellerName: after.seller_name,
            shipper: after.shipper,
            carrier: after.carrier,
            houseAwb: after.house_awb,
            packageType: after.package_type,
            consigneeHint: after.consignee_hint,
            weight: after.weight,
            length: after.length,
            width: after.width,
            height: after.height,
            pieces: after.pieces,
            declaredValueCents: after.declared_value_cents,
            fragile: after.fragile,
            hazardous: after.hazardous,
            signatureRequired: after.signature_required,
            customsHold: after.customs_hold,
            updatedAt: new Date(),
          })
          .where(eq(packages.id, p.id));
        await audit.record(tx, company, staff, {
          entity: 'package',
          entityId: p.id,
          action: 'updated',
          changes,
          note: b.note ?? '',
        });
      });
      return service.detail(company, id);
    },

    /** Gives a package to a customer. Returns the detail and whom to tell (the new owner). */
    /** A package to a customer, who hears it is theirs (in the same transaction). */
    async assign(
      company: CompanyRow,
      staff: UserRow,
      id: string,
      b: { customer_id: string; note: string },
      origin: string,
    ) {
      const owner = await customerOf(company, b.customer_id, 'customer_id');
      await db.transaction(async (tx) => {
        const p = await packageOf(company, id, tx);
        if (p.userId === owner.id) throw conflict('The package is already this customer’s');
        await setOwner(tx, company, staff, p, owner, b.note);
        await tellOwners(
          notifications,
          tx,
          company,
          origin,
          ownerNotices(owner.id, [p], await statusNames(tx)),
        );
      });
      return service.detail(company, id);
    },

    /** Links a pre-alert by hand (an Unassigned parcel takes the pre-alert's customer). */
    async linkPrealert(
      company: CompanyRow,
      staff: UserRow,
      id: string,
      by: { prealert_id?: string | undefined; tracking_number?: string | undefined },
      origin: string,
    ) {
      await db.transaction(async (tx) => {
        const p = await packageOf(company, id, tx);
        let pre: typeof prealerts.$inferSelect | undefined;
        if (by.prealert_id) {
          [pre] = await tx
            .select()
            .from(prealerts)
            .where(and(eq(prealerts.id, by.prealert_id), eq(prealerts.companyId, company.id)))
            .limit(1);
          if (!pre) throw badRequest('Validation failed', { prealert_id: ['No such pre-alert'] });
        } else {
          // By tracking number: the owner's pending one; for an Unassigned parcel, the only customer's who sent it.
          const found = await tx
            .select()
            .from(prealerts)
            .where(
              and(
                eq(prealerts.companyId, company.id),
                eq(prealerts.trackingNumber, by.tracking_number ?? ''),
                eq(prealerts.status, 'pending'),
                p.userId ? eq(prealerts.userId, p.userId) : undefined,
              ),
            )
            .limit(2);
          if (found.length === 0)
            throw badRequest('Validation failed', {
              tracking_number: [
                p.userId
                  ? 'This customer has no pending pre-alert with this tracking number'
                  : 'No pending pre-alert has this tracking number',
              ],
            });
          if (found.length > 1)
            throw badRequest('Validation failed', {
              tracking_number: ['Several customers pre-alerted this number: assign the parcel first'],
            });
          pre = found[0];
        }
        if (!pre) throw badRequest('Validation failed', { prealert_id: ['No such pre-alert'] });
        if (p.prealertId === pre.id) throw conflict('This pre-alert is already linked to the package');
        if (p.prealertId) throw conflict('The package already has a pre-alert: unlink it first');
        if (pre.status !== 'pending')
          throw badRequest('Validation failed', {
            prealert_id: [
              pre.status === 'matched' ? 'Already matched to another package' : 'It was cancelled',
            ],
          });
        if (p.userId && p.userId !== pre.userId)
          throw badRequest('Validation failed', { prealert_id: ['This pre-alert is another customer’s'] });
        if (!p.userId) {
          const owner = await customerOf(company, pre.userId, 'prealert_id', tx);
          await setOwner(tx, company, staff, p, owner, 'Owner of the linked pre-alert', false);
          const notices = ownerNotices(owner.id, [p], await statusNames(tx));
          await tellOwners(notifications, tx, company, origin, notices);
        }
        await matchPrealert(tx, pre.id, p.id);
        await audit.record(tx, company, staff, [
          {
            entity: 'package',
            entityId: p.id,
            action: 'prealert_linked',
            changes: { prealert: [null, pre.trackingNumber] },
          },
          {
            entity: 'prealert',
            entityId: pre.id,
            action: 'matched',
            changes: { package: [null, p.trackingNumber] },
          },
        ]);
      });
      return service.detail(company, id);
    },

    async unlinkPrealert(company: CompanyRow, staff: UserRow, id: string) {
      await db.transaction(async (tx) => {
        const p = await packageOf(company, id, tx);
        if (!p.prealertId) throw conflict('The package has no pre-alert');
        const [pre] = await tx.select().from(prealerts).where(eq(prealerts.id, p.prealertId)).limit(1);
        await releasePrealert(tx, p.prealertId);
        await tx
          .update(packages)
          .set({ prealertId: null, updatedAt: new Date() })
          .where(eq(packages.id, p.id));
        await audit.record(tx, company, staff, [
          {
            entity: 'package',
            entityId: p.id,
            action: 'prealert_unlinked',
            changes: { prealert: [pre?.trackingNumber ?? p.prealertId, null] },
          },
          {
            entity: 'prealert',
            entityId: p.prealertId,
            action: 'unmatched',
            changes: { status: ['matched', 'pending'] },
          },
        ]);
      });
      return service.detail(company, id);
    },

    /** One action on up to BULK_MAX packages in one transaction, which tells each customer concerned once. */
    async bulk(company: CompanyRow, staff: UserRow, input: BulkBody, origin: string) {
      const b = bulkBodySchema.parse(input);
      const ids = [...new Set(b.ids)];
      return db.transaction(async (tx) => {
        const pkgs = await tx
          .select()
          .from(packages)
          .where(and(eq(packages.companyId, company.id), inArray(packages.id, ids)));
        if (pkgs.length !== ids.length) {
          throw notFound(`${ids.length - pkgs.length} of the selected packages were not found`);
        }
        if (b.action === 'status') {
          const { moved, told } = await deps.status.moveStatus(tx, {
            company,
            actor: staff,
            mover: 'staff',
            packages: ids.map((id) => ({ id })),
            to: b.status,
            note: b.note,
            tell: { origin, note: b.note },
          });
          return { updated: moved.length, notified: told };
        }
        if (b.action === 'shipment') {
          const [target] = await tx
            .select()
            .from(shipments)
            .where(and(eq(shipments.id, b.shipment_id), eq(shipments.companyId, company.id)))
            .limit(1);
          if (!target) throw badRequest('Validation failed', { shipment_id: ['No such shipment'] });
          const moving = pkgs.filter((p) => p.shipmentId !== target.id);
          await addToShipment(tx, company, staff, moving, target);
          return { updated: moving.length, notified: 0 };
        }
        const owner = await customerOf(company, b.customer_id, 'customer_id', tx);
        const moving = pkgs.filter((p) => p.userId !== owner.id);
        for (const p of moving) await setOwner(tx, company, staff, p, owner, 'Bulk assignment');
        // The new owner hears once about the parcels now theirs, each in its current status.
        const notices = ownerNotices(owner.id, moving, await statusNames(tx));
        return {
          updated: moving.length,
          notified: await tellOwners(notifications, tx, company, origin, notices),
        };
      });
    },

    addToShipment,
  };

  /** Puts packages into a shipment (out of any other), with an audit entry each naming where they came from. */
  async function addToShipment(
    tx: Db,
    company: CompanyRow,
    staff: UserRow,
    pkgs: PackageRow[],
    target: { id: string; reference: string },
  ) {
    if (pkgs.length === 0) return;
    const fromIds = [...new Set(pkgs.map((p) => p.shipmentId).filter((s): s is string => s !== null))];
    const from = fromIds.length
      ? await tx
          .select({ id: shipments.id, reference: shipments.reference })
          .from(shipments)
          .where(inArray(shipments.id, fromIds))
      : [];
    const refOf = new Map(from.map((s) => [s.id, s.reference]));
    await tx
      .update(packages)
      .set({ shipmentId: target.id, updatedAt: new Date() })
      .where(
        inArray(
          packages.id,
          pkgs.map((p) => p.id),
        ),
      );
    await audit.record(
      tx,
      company,
      staff,
      pkgs.map((p) => ({
        entity: 'package' as const,
        entityId: p.id,
        action: 'shipment',
        changes: {
          shipment: [p.shipmentId ? (refOf.get(p.shipmentId) ?? null) : null, target.reference] as [
            AuditValue,
            AuditValue,
          ],
        },
      })),
    );
  }

  return service;
}

export type StaffPackageService = ReturnType<typeof createStaffPackageService>;
