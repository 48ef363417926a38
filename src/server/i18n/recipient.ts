import { isLocale, type Locale } from '../../contract/locales';
import { displayOf } from '../companies/time-zones';
import type { Db } from '../db';

/**
 * The language a mail, bell notice, push message or PDF is written in for its recipient: the one they chose
 * (users.locale), else their company's default. `db` is the database itself (not a transaction: the company's
 * languages are cached per database).
 */
export async function recipientLocale(
  db: Db,
  recipient: { companyId: string; locale: string | null },
): Promise<Locale> {
  if (isLocale(recipient.locale)) return recipient.locale;
  return (await displayOf(db, recipient.companyId)).languages.default;
}
