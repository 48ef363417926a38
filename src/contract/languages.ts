import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { say, tr } from './i18n';
import { LOCALES } from './locales';

/** One of the portal's languages (src/contract/locales.ts). */
export const localeSchema = z.enum(LOCALES);

/** The languages a company offers (at least one) and its default, which must be one of them. */
export const languagesSectionSchema = z
  .object({
    offered: z.array(localeSchema).min(1, say(msg`Offer at least one language`)).max(LOCALES.length),
    default: localeSchema,
  })
  .refine((l) => l.offered.includes(l.default), {
    error: () => tr(msg`The default language must be one of those offered`),
    path: ['default'],
  });
export type LanguagesSection = z.infer<typeof languagesSectionSchema>;

/** The offered languages in the portal's own order (English, Spanish, French, Arabic), each once. */
export const inPortalOrder = (offered: readonly string[]) => LOCALES.filter((l) => offered.includes(l));

/** A company that never chose: every language offered, English first. */
export const DEFAULT_LANGUAGES: LanguagesSection = { offered: [...LOCALES], default: 'en' };
