import { msg } from '@lingui/core/runtime-macro';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { AuditValue } from '../../contract/audit';
import type { PackageStatusCode } from '../../contract/constants';
import {
  type StaffPackageDetail,
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
  users,
} from '../db/schema';
import { notFound } from '../errors';
import { statusNames } from '../package-status/status-names';
import { prealertDtos } from '../packages/prealert-records';
import { toFileInfo } from '../packages/stored-files';
import { storageCountdowns } from '../storage/storage';
import { iso, type PackageRow, selectRows, toRow } from './package-rows';

/* One package's record in the back office: read as staff see it, and its fields edited. */

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

/** The company's package `id` (read through `db`, a transaction's when the caller is in one), or 404. */
export async function packageOf(db: Db, company: CompanyRow, id: string): Promise<PackageRow> {
  const [row] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, id), eq(packages.companyId, company.id)))
    .limit(1);
  if (!row) throw notFound(msg`Package not found`);
  return row;
}

/** A package as the back office shows it: its row, timeline, photos and documents, pre-alert and invoice. */
export async function packageDetail(db: Db, company: CompanyRow, id: string): Promise<StaffPackageDetail> {
  const p = await packageOf(db, company, id);
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
  if (!row) throw notFound(msg`Package not found`);
  const [prealert] = await prealertDtos(db, prealertRows);
  const storage = await storageCountdowns(db, company, [p]);
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
    storage: storage.get(p.id) ?? null,
  };
}

export function createPackageRecord(deps: { db: Db; audit: AuditService }) {
  const { db, audit } = deps;
  return {
    packageOf: (company: CompanyRow, id: string, tx: Db = db) => packageOf(tx, company, id),
    detail: (company: CompanyRow, id: string) => packageDetail(db, company, id),
    async update(company: CompanyRow, staff: UserRow, id: string, input: StaffPackageUpdate) {
      const body = staffPackageUpdateSchema.parse(input);
      await db.transaction(async (tx) => {
        const p = await packageOf(tx, company, id);
        const after = {
          description: body.description,
          seller_name: body.seller_name,
          shipper: body.shipper,
          carrier: body.carrier,
          house_awb: body.house_awb,
          package_type: body.package_type,
          consignee_hint: body.consignee_hint,
          weight: fixed(body.weight),
          length: fixed(body.length),
          width: fixed(body.width),
          height: fixed(body.height),
          pieces: body.pieces,
          declared_value_cents: body.declared_value_cents,
          fragile: body.fragile,
          hazardous: body.hazardous,
          signature_required: body.signature_required,
          customs_hold: body.customs_hold,
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
          note: body.note ?? '',
        });
      });
      return packageDetail(db, company, id);
    },

    /** Gives a package to a customer. Returns the detail and whom to tell (the new owner). */
  };
}
