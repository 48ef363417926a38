import { ACCOUNT_OPS } from './account';
import { AUTH_OPS } from './auth';
import { BACKOFFICE_OPS } from './backoffice';
import { BILLING_OPS } from './billing';
import { BRANDING_OPS } from './branding';
import { COMPANY_OPS } from './companies';
import { COUNTER_OPS } from './counter';
import { CUSTOMER_OPS } from './customers';
import type { Op } from './expectations';
import { INTAKE_OPS } from './intake';
import { OPERATIONS_OPS } from './operations';
import { OTHER_COMPANY_OPS } from './other-company';
import { PACKAGE_OPS } from './packages';
import { PAYMENT_OPS } from './payments';
import { PICKUP_PASS_OPS } from './pickup-pass';
import { PLATFORM_OPS } from './platform';
import { PUBLIC_OPS } from './public';
import { PUSH_OPS } from './push';
import { RATES_OPS } from './rates';
import { STAFF_OPS } from './staff';

/**
 * The matrix, keyed "METHOD path" as the OpenAPI document spells it. Order matters only for the allowed calls,
 * which run one by one in this order after every refused call: the owner's sessions are refreshed and signed out
 * before the owner changes their password (which ends their other sessions).
 */
export const TABLE: Record<string, Op> = {
  ...AUTH_OPS,
  ...COMPANY_OPS,
  ...PACKAGE_OPS,
  ...BILLING_OPS,
  ...ACCOUNT_OPS,
  ...PUBLIC_OPS,
  ...OTHER_COMPANY_OPS,
  ...BACKOFFICE_OPS,
  ...OPERATIONS_OPS,
  ...INTAKE_OPS,
  ...CUSTOMER_OPS,
  // Before the counter's: its release collects the victim's parcel the pass covers.
  ...PICKUP_PASS_OPS,
  ...COUNTER_OPS,
  ...BRANDING_OPS,
  ...STAFF_OPS,
  ...PLATFORM_OPS,
  ...RATES_OPS,
  ...PAYMENT_OPS,
  ...PUSH_OPS,
};
