import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { SHORT_NAME_MAX } from './branding-rules';
import { addressBodySchema, addressSchema, hexColor } from './companies';
import { say, tr } from './i18n';
import { text, textRules } from './text';

/*
 * Branding (/admin/settings/branding, admins): the company's name, short name, colour, logo and contacts, as the
 * header, the page title, theme-color, the install manifest and its icons, and the mails show them.
 */

export const brandContrastSchema = z.object({
  white_text: z.number().describe('WCAG contrast ratio of white text on the colour'),
  dark_text: z.number().describe('WCAG contrast ratio of black text on the colour'),
  warning: z
    .string()
    .nullable()
    .describe('Set when white text on the colour is below 4.5:1 (a warning only)'),
});

/** The icons the install manifest and the document name: their URLs change whenever the logo or colour does. */
export const brandIconsSchema = z.object({
  any_192: z.string(),
  any_512: z.string(),
  maskable_512: z.string(),
  apple_180: z.string(),
});
export type BrandIcons = z.infer<typeof brandIconsSchema>;

export const brandingSchema = z.object({
  company_id: z.uuid(),
  name: z.string(),
  short_name: z.string(),
  primary_color: z.string(),
  support_email: z.string(),
  support_phone: z.string(),
  website: z.string(),
  warehouse_address: addressSchema,
  /** What the header shows ('' for none): the uploaded logo, or an image the company was created with. */
  logo_url: z.string(),
  /** The uploaded logo (null when none was uploaded). */
  logo: z
    .object({ width: z.number().int(), height: z.number().int(), size_bytes: z.number().int() })
    .nullable(),
  icons: brandIconsSchema,
  contrast: brandContrastSchema,
});
export type Branding = z.infer<typeof brandingSchema>;

export const updateBrandingBodySchema = z.strictObject({
  name: text().trim().min(2, say(msg`At least 2 characters`)).max(120),
  short_name: text()
    .trim()
    .min(1, say(msg`Required`))
    .max(
      SHORT_NAME_MAX,
      say(msg`At most ${{ max: SHORT_NAME_MAX }} characters: the home screen cuts longer names`),
    ),
  primary_color: hexColor.transform((c) => c.toLowerCase()),
  support_email: z.union([
    z.literal(''),
    textRules(z.email(say(msg`An e-mail address like help@example.com`))).max(200),
  ]),
  support_phone: text().trim().max(40),
  website: z.union([
    z.literal(''),
    textRules(
      z.url({ protocol: /^https?$/, error: () => tr(msg`A web address starting with https://`) }),
    ).max(200),
  ]),
  warehouse_address: addressBodySchema,
});
export type UpdateBrandingBody = z.infer<typeof updateBrandingBodySchema>;
export type UpdateBrandingInput = z.input<typeof updateBrandingBodySchema>;

/** The schemas of each call in `branding.calls.ts`. */
export const brandingSchemas = {
  get: { response: brandingSchema },
  update: { body: updateBrandingBodySchema, response: brandingSchema },
  uploadLogo: { form: z.object({}), response: brandingSchema },
  removeLogo: { response: brandingSchema },
};
