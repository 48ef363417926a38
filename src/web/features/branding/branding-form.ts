import './i18n';
import { t } from '@lingui/core/macro';
import type { Branding, UpdateBrandingInput } from '../../../contract/branding';
import { LOGO_MAX_BYTES, LOGO_TYPES, SHORT_NAME_MAX } from '../../../contract/branding-rules';

/*
 * The branding form's values (the warehouse address flat, one field per line) and back to what the API takes, with
 * the checks the form can make before sending. Pure, so they are unit-tested.
 */

export type BrandingValues = {
  name: string;
  short_name: string;
  primary_color: string;
  support_email: string;
  support_phone: string;
  website: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  phone: string;
};

export const brandingValues = (b: Branding): BrandingValues => ({
  name: b.name,
  short_name: b.short_name,
  primary_color: b.primary_color,
  support_email: b.support_email,
  support_phone: b.support_phone,
  website: b.website,
  ...b.warehouse_address,
});

export const brandingBody = (v: BrandingValues): UpdateBrandingInput => ({
  name: v.name.trim(),
  short_name: v.short_name.trim(),
  primary_color: v.primary_color.trim().toLowerCase(),
  support_email: v.support_email.trim(),
  support_phone: v.support_phone.trim(),
  website: v.website.trim(),
  warehouse_address: {
    line1: v.line1.trim(),
    line2: v.line2.trim(),
    city: v.city.trim(),
    state: v.state.trim(),
    postal_code: v.postal_code.trim(),
    country: v.country.trim(),
    phone: v.phone.trim(),
  },
});

export const isHexColor = (c: string) => /^#[0-9a-f]{6}$/i.test(c.trim());

/** What the form can check itself; the server checks the same and more. */
export function checkBranding(v: BrandingValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.name.trim().length < 2) errors.name = t`At least 2 characters`;
  const short = v.short_name.trim();
  if (!short) errors.short_name = t`Required`;
  else if (short.length > SHORT_NAME_MAX)
    errors.short_name = t`At most ${{ max: SHORT_NAME_MAX }} characters: the home screen cuts longer names`;
  for (const line of ['line1', 'city', 'state', 'postal_code', 'country'] as const) {
    if (!v[line].trim()) errors[line] = t`Required`;
  }
  if (!isHexColor(v.primary_color)) errors.primary_color = t`Use a colour like #6d28d9`;
  if (v.support_email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.support_email.trim()))
    errors.support_email = t`An e-mail address like help@example.com`;
  if (v.website.trim() && !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v.website.trim()))
    errors.website = t`A web address starting with https://`;
  return errors;
}

/** A server error path → the form field: "warehouse_address.city" → "city". */
export const fieldOf = (path: string) => path.split('.').at(-1) ?? path;

export const LOGO_ACCEPT = Object.keys(LOGO_TYPES).join(',');

/** Why a picked file cannot be a logo (before it is sent), or null. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!Object.hasOwn(LOGO_TYPES, file.type))
    return t`The logo must be a PNG, JPEG or WebP image (SVG is not accepted)`;
  const megabytes = LOGO_MAX_BYTES / 1024 / 1024;
  if (file.size > LOGO_MAX_BYTES) return t`The logo must be ${megabytes} MB or smaller`;
  return null;
}
