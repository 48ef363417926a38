import { eq, sql } from 'drizzle-orm';
import { languagesSectionSchema } from '../../contract/languages';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../contract/locales';
import type { Db } from '../db';
import { companySettings } from '../db/schema';

/**
 * The language a mail, bell notice, push message or PDF is written in for its recipient: the one they chose
 * (users.locale), else their company's default. `q` is whatever the caller works through: inside a transaction it
 * must be that transaction (an embedded database has one connection, which a read outside it would wait for).
 */
export async function recipientLocale(
  q: Db,
  recipient: { companyId: string; locale: string | null },
): Promise<Locale> {
  if (isLocale(recipient.locale)) return recipient.locale;
  const [row] = await q
    .select({ languages: sql<unknown>`${companySettings.settings}->'languages'` })
    .from(companySettings)
    .where(eq(companySettings.companyId, recipient.companyId))
    .limit(1);
  const languages = languagesSectionSchema.safeParse(row?.languages);
  return languages.success ? languages.data.default : DEFAULT_LOCALE;
}
