import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { t } from '../i18n';

/**
 * The seeded package status names (seeds/seed.ts PACKAGE_STATUSES) and their messages: a notice names a status still
 * as seeded in the recipient's language, and one the company renamed as the company wrote it.
 */
const STANDARD: Record<string, MessageDescriptor> = {
  'Pre-alerted': msg`Pre-alerted`,
  'Received at US warehouse': msg`Received at US warehouse`,
  'In transit': msg`In transit`,
  'At local port / customs': msg`At local port / customs`,
  'Ready for pickup': msg`Ready for pickup`,
  'Out for delivery': msg`Out for delivery`,
  'Delivered / Collected': msg`Delivered / Collected`,
  'On hold': msg`On hold`,
  Returned: msg`Returned`,
};

/** A status name as the reader sees it: a standard one in their language, a company's own as typed. */
export function shownStatusName(stored: string): string {
  const standard = Object.hasOwn(STANDARD, stored) ? STANDARD[stored] : undefined;
  return standard ? t(standard) : stored;
}
