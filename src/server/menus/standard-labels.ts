import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { t } from '../i18n';

/**
 * The standard menu labels (seeds/seed.ts and the menu migrations write them in English into each company's menus)
 * and their messages: a label still as seeded is shown in the reader's language; a label the company typed itself
 * is its own words and is shown as typed.
 */
const STANDARD: Record<string, MessageDescriptor> = {
  Customer: msg`Customer`,
  Administration: msg`Administration`,
  Dashboard: msg`Dashboard`,
  'My packages': msg`My packages`,
  'Pickup pass': msg`Pickup pass`,
  'Pre-alert a package': msg`Pre-alert a package`,
  'Cost estimator': msg`Cost estimator`,
  'Purchase requests': msg`Purchase requests`,
  Invoices: msg`Invoices`,
  Fees: msg`Fees`,
  Points: msg`Points`,
  'Authorized persons': msg`Authorized persons`,
  Profile: msg`Profile`,
  Today: msg`Today`,
  'Receive parcels': msg`Receive parcels`,
  'Import receipts': msg`Import receipts`,
  Packages: msg`Packages`,
  'Pre-alert matching': msg`Pre-alert matching`,
  Shipments: msg`Shipments`,
  Customers: msg`Customers`,
  'Pickup counter': msg`Pickup counter`,
  'All invoices': msg`All invoices`,
  'New invoice': msg`New invoice`,
  Menus: msg`Menus`,
  'Company settings': msg`Company settings`,
  Branding: msg`Branding`,
  Staff: msg`Staff`,
  Rates: msg`Rates`,
  'Duty categories': msg`Duty categories`,
};

/** A menu's or item's label as the reader sees it: a standard one in their language, a company's own as typed. */
export function shownLabel(stored: string): string {
  const standard = Object.hasOwn(STANDARD, stored) ? STANDARD[stored] : undefined;
  return standard ? t(standard) : stored;
}
