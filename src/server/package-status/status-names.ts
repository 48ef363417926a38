import type { Db } from '../db';
import { packageStatuses } from '../db/schema';

/** Status code → the company's name for it (admins may rename statuses; the codes are the contract's). */
export async function statusNames(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({ code: packageStatuses.code, name: packageStatuses.name })
    .from(packageStatuses);
  return new Map(rows.map((r) => [r.code, r.name]));
}

/** A code's name, or the code itself for one the table lacks. */
export const nameIn = (names: Map<string, string>) => (code: string) => names.get(code) ?? code;
