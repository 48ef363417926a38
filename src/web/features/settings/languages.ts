import './i18n';
import { t } from '@lingui/core/macro';
import { LOCALE_NAMES, LOCALES, type Locale } from '../../../contract/locales';
import type { CompanySettings, UpdateSettingsInput } from '../../../contract/settings';

/*
 * The Languages section of Company settings as its form holds it and back to what the API takes. Pure (apart from
 * the messages' language), so the rules are unit-tested.
 */

export type LanguagesValues = { offered: Locale[]; default: Locale | '' };

export const languagesValues = (s: CompanySettings): LanguagesValues => ({
  offered: [...s.languages.offered],
  default: s.languages.default,
});

/** Sent in the portal's order of languages, whatever order the boxes were ticked in. */
export const languagesBody = (v: LanguagesValues): UpdateSettingsInput => ({
  languages: {
    offered: LOCALES.filter((l) => v.offered.includes(l)),
    default: (v.default || v.offered[0] || 'en') as Locale,
  },
});

/** Ticking or unticking a language: the default follows when it is no longer offered (the first one left). */
export function withOffered(v: LanguagesValues, offered: readonly string[]): LanguagesValues {
  const next = LOCALES.filter((l) => offered.includes(l));
  const keep = v.default !== '' && next.includes(v.default);
  return { offered: next, default: keep ? v.default : (next[0] ?? '') };
}

/** The same rules as the server's (src/contract/languages.ts). */
export function checkLanguages(v: LanguagesValues): Record<string, string> {
  if (v.offered.length === 0) return { offered: t`Offer at least one language` };
  if (v.default === '' || !v.offered.includes(v.default)) {
    return { default: t`The default language must be one of those offered` };
  }
  return {};
}

/** "English, Español": each language in its own words. */
export const languageNames = (locales: readonly Locale[]) => locales.map((l) => LOCALE_NAMES[l]).join(', ');
