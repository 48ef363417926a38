import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { COUNTER_STATUSES } from '../../contract/counter';
import { PASS_CODE_ALPHABET, PASS_CODE_LENGTH } from '../../contract/pickup-pass';
import { nameOf } from '../counter/billing';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { authorizedPersons, packageReleases, packages, pickupPasses, users } from '../db/schema';
import type { PickupPassRow } from '../db/schema-pickup-pass';

/* Issuing passes: who holds one, which parcels are ready, and a fresh pass when the current one falls short. */

const counterStatuses: string[] = [...COUNTER_STATUSES];

/** Someone a pass is for: the customer (no person) or one of their active authorized persons. */
export type Holder = { name: string; personId: string | null };

/** The customer and their active authorized persons, the customer first. */
export async function holdersOf(db: Db, company: CompanyRow, user: UserRow): Promise<Holder[]> {
  const persons = await db
    .select({ id: authorizedPersons.id, name: authorizedPersons.fullName })
    .from(authorizedPersons)
    .where(
      and(
        eq(authorizedPersons.companyId, company.id),
        eq(authorizedPersons.userId, user.id),
        eq(authorizedPersons.isActive, true),
      ),
    )
    .orderBy(asc(authorizedPersons.fullName));
  return [{ name: nameOf(user), personId: null }, ...persons.map((p) => ({ name: p.name, personId: p.id }))];
}

/** The ids of a customer's parcels at the counter (ready for pickup or out for delivery) and not collected. */
export async function readyParcelIds(db: Db, companyId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: packages.id })
    .from(packages)
    .leftJoin(packageReleases, eq(packageReleases.packageId, packages.id))
    .where(
      and(
        eq(packages.companyId, companyId),
        eq(packages.userId, userId),
        inArray(packages.statusCode, counterStatuses),
        isNull(packageReleases.id),
      ),
    )
    .orderBy(asc(packages.receivedAt), asc(packages.createdAt))
    .limit(200);
  return rows.map((r) => r.id);
}

/** A holder's current pass (the newest not superseded), if any. */
export async function currentPass(
  db: Db,
  companyId: string,
  userId: string,
  personId: string | null,
): Promise<PickupPassRow | undefined> {
  const [row] = await db
    .select()
    .from(pickupPasses)
    .where(
      and(
        eq(pickupPasses.companyId, companyId),
        eq(pickupPasses.userId, userId),
        personId ? eq(pickupPasses.authorizedPersonId, personId) : isNull(pickupPasses.authorizedPersonId),
        isNull(pickupPasses.supersededAt),
      ),
    )
    .orderBy(desc(pickupPasses.issuedAt))
    .limit(1);
  return row;
}

const newCode = () =>
  Array.from(
    { length: PASS_CODE_LENGTH },
    () => PASS_CODE_ALPHABET[randomInt(PASS_CODE_ALPHABET.length)],
  ).join('');

/**
 * Every holder's current pass, a fresh one issued (in one transaction, the customer's row locked so two screens
 * opening at once issue once) for each holder whose pass does not cover every parcel ready now. The fresh pass keeps
 * the holder's share token: a link already shared shows the new pass.
 */
export async function refreshPasses(db: Db, company: CompanyRow, user: UserRow, holders: Holder[]) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const ready = await readyParcelIds(tx, company.id, user.id);
    const out: { holder: Holder; pass: PickupPassRow | undefined }[] = [];
    for (const holder of holders) {
      const current = await currentPass(tx, company.id, user.id, holder.personId);
      const covered = new Set(current?.packageIds ?? []);
      if (ready.length === 0 || ready.every((id) => covered.has(id))) {
        out.push({ holder, pass: current });
        continue;
      }
      const now = new Date();
      if (current) {
        await tx.update(pickupPasses).set({ supersededAt: now }).where(eq(pickupPasses.id, current.id));
      }
      out.push({ holder, pass: await insertPass(tx, company, user, holder, ready, current?.token, now) });
    }
    return out;
  });
}

/** A new pass with a code not used before in the company (a clash, one in a billion, draws again). */
async function insertPass(
  tx: Db,
  company: CompanyRow,
  user: UserRow,
  holder: Holder,
  packageIds: string[],
  token: string | undefined,
  now: Date,
): Promise<PickupPassRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(pickupPasses)
      .values({
        companyId: company.id,
        userId: user.id,
        authorizedPersonId: holder.personId,
        code: newCode(),
        token: token ?? randomBytes(24).toString('base64url'),
        packageIds,
        issuedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw new Error('No free pickup pass code after 5 draws');
}
