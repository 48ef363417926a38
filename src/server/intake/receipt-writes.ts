import { eq, sql } from 'drizzle-orm';
import type { Matched, ReceiveInput } from '../../contract/intake';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { packages, type prealerts } from '../db/schema';
import type { StoredAttachment } from '../mail/mail-job';
import type { MovingPackage, PackageStatus } from '../package-status/move-status';
import { matchPrealert, toCents } from '../packages/prealert-records';
import type { Found, resolveLabels } from './resolve-labels';

/* What a receipt writes, one by one or from a CSV: the package and its pre-alert, then its move to Received. */

export type Labels = Awaited<ReturnType<typeof resolveLabels>>;
export type PrealertRow = typeof prealerts.$inferSelect;
/** A parcel just received: its package, how it was matched, and its move to Received (written by the caller). */
export type Receipt = { id: string; matched: Matched; moving: MovingPackage; fresh: boolean };

/** Intake is serialised per company for the moment a tracking number is checked and taken (a scanner's double
 *  read or two clerks on one parcel must not both create it). */
export async function lockIntake(tx: Db, companyId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`intake:${companyId}`}))`);
}

/**
 * Writes one new parcel in `tx`: the package (what the clerk left empty, the customer's pre-alert fills) and the
 * pre-alert matched and locked. Its status move (events, audit entry, notice) is the caller's, with what this
 * returns. The caller has taken the intake lock and checked for a duplicate.
 */
export async function recordReceipt(
  tx: Db,
  company: CompanyRow,
  staff: UserRow,
  body: ReceiveInput,
  found: Found | null,
  pre: PrealertRow | null,
  receivedAt = new Date(),
): Promise<Receipt> {
  const owner = found?.user ?? null;
  const now = new Date();
  const hint = owner ? '' : [body.mailbox_number, body.consignee].filter(Boolean).join(' · ');
  const [pkg] = await tx
    .insert(packages)
    .values({
      companyId: company.id,
      userId: owner?.id ?? null,
      trackingNumber: body.tracking_number,
      description: body.description ?? pre?.description ?? '',
      sellerName: body.seller_name ?? pre?.sellerName ?? body.shipper ?? '',
      shipper: body.shipper ?? '',
      carrier: body.carrier ?? '',
      houseAwb: body.house_awb ?? '',
      packageType: body.package_type ?? pre?.packageType ?? '',
      pieces: body.pieces ?? 1,
      fragile: body.fragile,
      hazardous: body.hazardous,
      signatureRequired: body.signature_required,
      customsHold: body.customs_hold,
      consigneeHint: hint,
      receivedBy: staff.id,
      weight: body.weight.toFixed(2),
      length: (body.length ?? Number(pre?.length ?? 0)).toFixed(2),
      width: (body.width ?? Number(pre?.width ?? 0)).toFixed(2),
      height: (body.height ?? Number(pre?.height ?? 0)).toFixed(2),
      declaredValueCents:
        body.declared_value !== undefined ? toCents(body.declared_value) : (pre?.valueCents ?? 0),
      statusCode: 'received_us',
      receivedAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: packages.id });
  if (!pkg) throw new Error('package insert returned no row');
  if (pre && owner) await matchPrealert(tx, pre.id, pkg.id, now);
  const matched: Matched = { customer: found?.how ?? null, prealert_id: pre && owner ? pre.id : null };
  const moving: MovingPackage = {
    id: pkg.id,
    at: receivedAt,
    // The timeline starts at the customer's pre-alert, in their name and at its time.
    ...(pre && owner
      ? {
          earlier: {
            status: 'pre_alerted' as const,
            note: 'Pre-alert sent by the customer',
            actorId: owner.id,
            at: pre.createdAt,
          },
        }
      : {}),
    audit: {
      changes: {
        tracking_number: [null, body.tracking_number],
        customer: [null, owner?.mailboxNumber ?? null],
      },
      note: owner
        ? `Customer found by ${found?.how}${matched.prealert_id ? '; pre-alert matched' : ''}`
        : `Unassigned${hint ? ` (label: ${hint})` : ''}`,
    },
  };
  return { id: pkg.id, matched, moving, fresh: true };
}

/** A package pre-recorded from a pre-alert (status pre_alerted) is the same parcel arriving: it moves on. */
export async function arrivePrealerted(
  tx: Db,
  staff: UserRow,
  body: ReceiveInput,
  existing: { id: string; userId: string | null },
  labels: Labels,
): Promise<Receipt> {
  const now = new Date();
  await tx
    .update(packages)
    .set({ receivedAt: now, receivedBy: staff.id, updatedAt: now, weight: body.weight.toFixed(2) })
    .where(eq(packages.id, existing.id));
  const pre = labels.prealert(body.tracking_number, existing.userId);
  if (pre && existing.userId) await matchPrealert(tx, pre.pre.id, existing.id, now);
  return {
    id: existing.id,
    matched: { customer: 'prealert', prealert_id: pre?.pre.id ?? null },
    moving: { id: existing.id, audit: { note: '' } },
    fresh: false,
  };
}

/** Moves receipts' packages to Received (their events, audit entries, and each customer told once) in `tx`. */
export async function moveReceived(
  status: PackageStatus,
  tx: Db,
  company: CompanyRow,
  staff: UserRow,
  receipts: Receipt[],
  note: string | undefined,
  tell: { origin: string; note: string; photo?: StoredAttachment },
) {
  for (const fresh of [true, false]) {
    const of = receipts.filter((r) => r.fresh === fresh);
    if (of.length === 0) continue;
    await status.moveStatus(tx, {
      company,
      actor: staff,
      mover: 'intake',
      to: 'received_us',
      fresh,
      packages: of.map((r) => r.moving),
      note: note ?? 'Received at the US warehouse',
      tell,
    });
  }
}
