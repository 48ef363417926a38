import { eq, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../contract/format';
import { DEFAULT_LANGUAGES, type LanguagesSection, languagesSectionSchema } from '../../contract/languages';
import type { Db } from '../db';
import { LookupCache } from '../db/lookup-cache';
import { companySettings } from '../db/schema';
import { onWrite } from '../db/writes';

/**
 * Each company's time zone (its settings' `time_zone`), read on every page and `GET /v1/companies/me`: cached per
 * database, cleared by any write to company_settings (an admin saving Company settings): on this instance at once,
 * on the others at once through the write bus when REDIS_URL is set (the table is watched), else within the TTL.
 */
const caches = new WeakMap<object, LookupCache<string, string>>();

function cacheOf(db: Db): LookupCache<string, string> {
  let cache = caches.get(db);
  if (!cache) {
    const created = new LookupCache<string, string>({ ttlMs: 10_000, max: 1000 });
    onWrite(db, ['company_settings'], () => created.clear());
    caches.set(db, created);
    cache = created;
  }
  return cache;
}

/** The company's time zone, read now (inside a transaction, through it); the default when it has none or a bad one. */
export async function readTimeZone(db: Db, companyId: string): Promise<string> {
  const [row] = await db
    .select({ zone: sql<string | null>`${companySettings.settings}->>'time_zone'` })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId))
    .limit(1);
  const zone = row?.zone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** The company's time zone, cached (see above); the default (America/Jamaica) when it has none or an unknown one. */
export function timeZoneOf(db: Db, companyId: string): Promise<string> {
  return cacheOf(db).get(companyId, () => readTimeZone(db, companyId));
}

/** Drops the cached zones of this database (after a committed settings change on this instance). */
export function forgetTimeZones(db: Db): void {
  caches.get(db)?.clear();
  displays.get(db)?.clear();
}

/** How a company shows itself: its time zone and the languages it offers (both from Company settings). */
export type CompanyDisplay = { timeZone: string; languages: LanguagesSection };

const displays = new WeakMap<object, LookupCache<string, CompanyDisplay>>();

async function readDisplay(db: Db, companyId: string): Promise<CompanyDisplay> {
  const [row] = await db
    .select({ languages: sql<unknown>`${companySettings.settings}->'languages'` })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId))
    .limit(1);
  const languages = languagesSectionSchema.safeParse(row?.languages);
  return {
    timeZone: await timeZoneOf(db, companyId),
    languages: languages.success ? languages.data : DEFAULT_LANGUAGES,
  };
}

/** The company's time zone and languages, cached and cleared like the time zone alone (see above). */
export function displayOf(db: Db, companyId: string): Promise<CompanyDisplay> {
  let cache = displays.get(db);
  if (!cache) {
    const created = new LookupCache<string, CompanyDisplay>({ ttlMs: 10_000, max: 1000 });
    onWrite(db, ['company_settings'], () => created.clear());
    displays.set(db, created);
    cache = created;
  }
  return cache.get(companyId, () => readDisplay(db, companyId));
}
