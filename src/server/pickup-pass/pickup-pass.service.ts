import { msg } from '@lingui/core/runtime-macro';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { PackageStatusCode } from '../../contract/constants';
import {
  formatPassCode,
  type MyPickupPasses,
  normalizePassCode,
  type PickupPass,
  passTokenIn,
  type SharedPickupPass,
} from '../../contract/pickup-pass';
import { nameOf } from '../counter/billing';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { authorizedPersons, packageReleases, packages, pickupPasses, users } from '../db/schema';
import type { PickupPassRow } from '../db/schema-pickup-pass';
import { ApiError, badRequest, notFound } from '../errors';
import { type Holder, holdersOf, readyParcelIds, refreshPasses } from './issue';

/* The pickup pass as customers, share links and the counter see it (issue.ts issues them). */

/** The share link of a pass: the PWA's page outside the signed-in layout. */
const shareUrl = (origin: string, token: string) => `${origin}/pass/${token}`;

/** The covered parcels as they stand now, with when each was collected. */
async function coveredParcels(db: Db, pass: PickupPassRow) {
  if (pass.packageIds.length === 0) return [];
  const rows = await db
    .select({ p: packages, releasedAt: packageReleases.createdAt })
    .from(packages)
    .leftJoin(packageReleases, eq(packageReleases.packageId, packages.id))
    .where(and(eq(packages.companyId, pass.companyId), inArray(packages.id, pass.packageIds)));
  const order = new Map(pass.packageIds.map((id, i) => [id, i]));
  return rows.sort((a, b) => (order.get(a.p.id) ?? 0) - (order.get(b.p.id) ?? 0));
}

type Covered = Awaited<ReturnType<typeof coveredParcels>>;

/** Collected once every parcel it covers was handed over (a parcel deleted since counts as gone). */
function stateOf(pass: PickupPassRow | undefined, covered: Covered) {
  if (!pass) return { state: 'none' as const, collectedAt: null };
  const open = covered.some((c) => !c.releasedAt);
  if (open) return { state: 'active' as const, collectedAt: null };
  const last = Math.max(0, ...covered.map((c) => c.releasedAt?.getTime() ?? 0));
  return { state: 'collected' as const, collectedAt: last ? new Date(last).toISOString() : null };
}

const qrOf = (url: string) => QRCode.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });

async function present(
  db: Db,
  holder: Holder,
  pass: PickupPassRow | undefined,
  origin: string,
): Promise<PickupPass> {
  const covered = pass ? await coveredParcels(db, pass) : [];
  const { state, collectedAt } = stateOf(pass, covered);
  const url = pass ? shareUrl(origin, pass.token) : null;
  return {
    holder: { name: holder.name, authorized_person_id: holder.personId },
    state,
    code: pass ? formatPassCode(pass.code) : null,
    qr_svg: url ? await qrOf(url) : null,
    share_url: url,
    parcels: covered.map((c) => ({
      tracking_number: c.p.trackingNumber,
      description: c.p.description,
      status: c.p.statusCode as PackageStatusCode,
      collected: c.releasedAt !== null,
    })),
    issued_at: pass?.issuedAt.toISOString() ?? null,
    collected_at: collectedAt,
  };
}

/** Passes with their owner and, for an authorized person's, that person (filtered by the caller). */
const passRows = (db: Db) =>
  db
    .select({ pass: pickupPasses, owner: users, person: authorizedPersons })
    .from(pickupPasses)
    .innerJoin(users, eq(users.id, pickupPasses.userId))
    .leftJoin(authorizedPersons, eq(authorizedPersons.id, pickupPasses.authorizedPersonId));

/** The pass a share link names (its holder's current one), with its owner and holder; 404 when none. */
async function byToken(db: Db, company: CompanyRow, token: string) {
  const [row] = await passRows(db)
    .where(
      and(
        eq(pickupPasses.companyId, company.id),
        eq(pickupPasses.token, token),
        isNull(pickupPasses.supersededAt),
      ),
    )
    .limit(1);
  // A person no longer authorized (or a closed account): their link shows nothing.
  if (!row?.owner.isActive || row.person?.isActive === false) {
    throw notFound(msg`This pickup pass link is not valid`);
  }
  const holder: Holder = row.person
    ? { name: row.person.fullName, personId: row.person.id }
    : { name: nameOf(row.owner), personId: null };
  return { ...row, holder };
}

export function createPickupPassService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The customer's pass and their authorized persons', fresh ones issued for parcels newly ready. */
    async mine(company: CompanyRow, user: UserRow, origin: string): Promise<MyPickupPasses> {
      const passes = await refreshPasses(db, company, user, await holdersOf(db, company, user));
      const [own, ...shared] = await Promise.all(passes.map((p) => present(db, p.holder, p.pass, origin)));
      if (!own) throw new Error('The customer is always the first holder');
      return { pass: own, shared };
    },

    /** What a share link shows: that one pass, its holder's name and the company. */
    async shared(company: CompanyRow, token: string, origin: string): Promise<SharedPickupPass> {
      const found = await byToken(db, company, token);
      const [fresh] = await refreshPasses(db, company, found.owner, [found.holder]);
      const p = await present(db, found.holder, fresh?.pass, origin);
      return {
        company: { name: company.name },
        holder_name: p.holder.name,
        state: p.state,
        code: p.code,
        qr_svg: p.qr_svg,
        parcels: p.parcels.map((x) => ({ tracking_number: x.tracking_number, collected: x.collected })),
        issued_at: p.issued_at,
        collected_at: p.collected_at,
      };
    },
  };
}

/** A pass by its code, any pass ever issued in the company (an older pass still finds its own parcels). */
async function byCode(db: Db, company: CompanyRow, code: string) {
  const [row] = await passRows(db)
    .where(and(eq(pickupPasses.companyId, company.id), eq(pickupPasses.code, code)))
    .limit(1);
  if (!row || (row.person && !row.person.isActive)) return undefined;
  const holder: Holder = row.person
    ? { name: row.person.fullName, personId: row.person.id }
    : { name: nameOf(row.owner), personId: null };
  return { ...row, holder };
}

/**
 * The pass a clerk typed (its code) or scanned (its QR: the share link), for the counter: its customer, who
 * holds it and the covered parcels still at the counter. Unknown: 404; every parcel collected: 410.
 */
export async function passAtCounter(db: Db, company: CompanyRow, raw: string) {
  const token = passTokenIn(raw);
  const code = token ? null : normalizePassCode(raw);
  if (!token && !code) {
    throw badRequest(msg`Validation failed`, {
      pass: ['A pass code has 8 letters and digits, e.g. 7KQM-3XHP'],
    });
  }
  const found = token
    ? await byToken(db, company, token).catch(() => undefined)
    : await byCode(db, company, code ?? '');
  if (!found) throw notFound(`No pickup pass ${code ? formatPassCode(code) : 'with this link'}`);
  const { pass, owner, holder } = found;
  const ready = new Set(await readyParcelIds(db, company.id, owner.id));
  const atCounter = pass.packageIds.filter((id) => ready.has(id));
  const covered = await coveredParcels(db, pass);
  if (stateOf(pass, covered).state === 'collected') {
    throw new ApiError(410, `Pass ${formatPassCode(pass.code)} was for parcels already collected`);
  }
  return {
    user: owner,
    pass: {
      code: formatPassCode(pass.code),
      holder_name: holder.name,
      authorized_person_id: holder.personId,
      package_ids: atCounter,
    },
  };
}

export type PickupPassService = ReturnType<typeof createPickupPassService>;
