import { msg } from '@lingui/core/runtime-macro';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { maskIdNumber, type ReleaseResult } from '../../contract/counter';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { authorizedPersons, identifications, packageReleases, packages, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import type { PackageStatus } from '../package-status/move-status';
import { mayMove } from '../package-status/rules';
import { nameIn, statusNames } from '../package-status/status-names';
import { billingOf, nameOf } from './billing';

/* The counter's release: parcels handed over to their customer or an authorized person, against a photo ID. */

/** The release's body as the route validated it. */
type Release = {
  package_ids: string[];
  authorized_person_id?: string | null | undefined;
  identification_id: number;
  id_number: string;
  override_reason?: string | undefined;
};
type PackageRow = typeof packages.$inferSelect;
type IdType = typeof identifications.$inferSelect;

/** ID numbers as people write them: case, spaces and dashes aside. */
const plainId = (s: string) => s.replace(/[\s-]/g, '').toUpperCase();

/**
 * The parcels, locked in id order (two desks releasing overlapping parcels queue instead of deadlocking), once it is
 * clear they are one customer's, none collected before, and all at the counter.
 */
async function parcelsToRelease(tx: Db, company: CompanyRow, ids: string[]) {
  const locked = await tx
    .select()
    .from(packages)
    .where(and(eq(packages.companyId, company.id), inArray(packages.id, ids)))
    .orderBy(asc(packages.id))
    .for('update');
  if (locked.length !== ids.length) throw notFound(msg`Package not found`);
  const owners = new Set(locked.map((p) => p.userId));
  const [ownerId] = [...owners];
  if (owners.size !== 1 || !ownerId) {
    throw badRequest(msg`Validation failed`, {
      package_ids: ['Release the packages of one customer at a time'],
    });
  }
  const released = await tx
    .select({ r: packageReleases, tracking: packages.trackingNumber })
    .from(packageReleases)
    .innerJoin(packages, eq(packages.id, packageReleases.packageId))
    .where(inArray(packageReleases.packageId, ids));
  if (released.length > 0) {
    const said = released.map((r) => `${r.tracking} by ${r.r.collectedBy}`);
    throw conflict(`Already collected: ${said.join(', ')}`, {
      package_ids: said.map((x) => `Already collected: ${x}`),
    });
  }
  // The status's rules say what the counter may hand over; said here first, per parcel, in the desk's words.
  const name = nameIn(await statusNames(tx));
  const away = locked.filter((p) => !mayMove(p.statusCode, 'delivered', 'counter'));
  if (away.length > 0) {
    const listed = away.map((p) => `${p.trackingNumber} (${name(p.statusCode)})`).join(', ');
    throw conflict(`Not at the counter: ${listed} cannot move to ${name('delivered')}`, {
      package_ids: away.map((p) => `${p.trackingNumber} is ${name(p.statusCode)}`),
    });
  }
  return { locked, ownerId };
}

/** Who collects: the customer, or their active authorized person whose ID on record is the one shown at the desk. */
async function collectorOf(tx: Db, company: CompanyRow, ownerId: string, body: Release) {
  const [idType] = await tx
    .select()
    .from(identifications)
    .where(eq(identifications.id, body.identification_id))
    .limit(1);
  if (!idType)
    throw badRequest(msg`Validation failed`, { identification_id: ['Choose an ID type from the list'] });
  const [owner] = await tx.select().from(users).where(eq(users.id, ownerId)).limit(1);
  if (!owner) throw notFound(msg`Package not found`);
  if (!body.authorized_person_id) return { owner, idType, collectedBy: nameOf(owner), personId: null };
  const [person] = await tx
    .select()
    .from(authorizedPersons)
    .where(
      and(
        eq(authorizedPersons.id, body.authorized_person_id),
        eq(authorizedPersons.companyId, company.id),
        eq(authorizedPersons.userId, owner.id),
      ),
    )
    .limit(1);
  if (!person?.isActive) {
    throw badRequest(msg`Validation failed`, {
      authorized_person_id: [`Not an active authorized person of ${nameOf(owner)}`],
    });
  }
  // The desk checks the ID against the customer's record: a different document is someone else.
  const errors: Record<string, string[]> = {};
  if (person.identificationId !== idType.id) {
    errors.identification_id = [`${person.fullName} is on record with another type of ID`];
  }
  if (plainId(person.idNumber) !== plainId(body.id_number)) {
    errors.id_number = [`Does not match the ID number on record for ${person.fullName}`];
  }
  if (Object.keys(errors).length > 0) throw badRequest(msg`The ID does not match the record`, errors);
  return { owner, idType, collectedBy: person.fullName, personId: person.id };
}

/** How each parcel stands with its invoices; one that is not paid leaves only with a reason. */
async function paymentOf(tx: Db, company: CompanyRow, locked: PackageRow[], body: Release) {
  const billing = await billingOf(
    tx,
    company.id,
    locked.map((p) => p.id),
  );
  const unpaid = locked.filter((p) => billing.get(p.id)?.billing !== 'paid');
  const reason = body.override_reason?.trim() ?? '';
  if (unpaid.length > 0 && !reason) {
    throw badRequest(msg`Validation failed`, {
      override_reason: [
        `${unpaid.map((p) => p.trackingNumber).join(', ')} ${unpaid.length === 1 ? 'is' : 'are'} not paid: say why ${unpaid.length === 1 ? 'it' : 'they'} may leave unpaid`,
      ],
    });
  }
  const unpaidIds = new Set(unpaid.map((p) => p.id));
  /** The audit's word on how the parcel left: paid, or unpaid with the reason. */
  const auditNote = (p: PackageRow) =>
    unpaidIds.has(p.id)
      ? `Released unpaid (${billing.get(p.id)?.billing === 'unpaid' ? 'balance due' : 'not billed'}): ${reason}`
      : 'Released at the counter, paid';
  return { unpaidIds, reason, auditNote };
}

export function createCounterRelease(deps: { status: PackageStatus }) {
  return {
    /**
     * Hands parcels over in `tx` (the Idempotency-Key's transaction): the packages locked, every rule checked, then
     * a release row each, and through the status's owner the status Delivered with a "Collected by" event and an
     * audit entry each, and the customer's bell (its mail goes out after the reply).
     */
    async release(
      tx: Db,
      company: CompanyRow,
      staff: UserRow,
      body: Release,
      origin: string,
    ): Promise<ReleaseResult> {
      const { locked, ownerId } = await parcelsToRelease(tx, company, [...new Set(body.package_ids)]);
      const { owner, idType, collectedBy, personId } = await collectorOf(tx, company, ownerId, body);
      const { unpaidIds, reason, auditNote } = await paymentOf(tx, company, locked, body);

      const now = new Date();
      await tx.insert(packageReleases).values(
        locked.map((p) => ({
          companyId: company.id,
          packageId: p.id,
          authorizedPersonId: personId,
          collectedBy,
          idType: idType.name,
          idNumber: body.id_number,
          overrideReason: unpaidIds.has(p.id) ? reason : null,
          releasedBy: staff.id,
          createdAt: now,
        })),
      );
      const masked = maskIdNumber(body.id_number);
      await deps.status.moveStatus(tx, {
        company,
        actor: staff,
        mover: 'counter',
        to: 'delivered',
        at: now,
        // What the customer reads on the timeline: the ID number masked to its last four.
        note: `Collected by ${collectedBy} (${idType.name} ${masked})`,
        packages: locked.map((p) => ({
          id: p.id,
          audit: { changes: idChecked(collectedBy, idType, body.id_number), note: auditNote(p) },
        })),
        tell: { origin, collected: { by: collectedBy, id: `${idType.name} ${masked}` } },
      });
      return {
        customer_id: owner.id,
        released: locked.map((p) => ({ id: p.id, tracking_number: p.trackingNumber })),
        collected_by: collectedBy,
        authorized_person_id: personId,
        id_type: idType.name,
        id_number_masked: masked,
        overridden: unpaidIds.size,
        released_at: now.toISOString(),
      };
    },
  };
}

/** What the audit trail keeps of the desk's check: who collected, and the ID in full (staff only read it). */
const idChecked = (collectedBy: string, idType: IdType, idNumber: string) => ({
  collected_by: [null, collectedBy] as [null, string],
  id_checked: [null, `${idType.name} ${idNumber}`] as [null, string],
});
