import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { companies } from '../db/schema';

/** Hands out the next mailbox number of a company, atomically (safe with concurrent sign-ups). */
export async function nextMailboxNumber(db: Db, companyId: string): Promise<string> {
  const [row] = await db
    .update(companies)
    .set({ mailboxCounter: sql`${companies.mailboxCounter} + 1` })
    .where(eq(companies.id, companyId))
    .returning({ prefix: companies.mailboxPrefix, n: companies.mailboxCounter });
  if (!row) throw new Error(`company ${companyId} not found`);
  return `${row.prefix}-${row.n}`;
}
