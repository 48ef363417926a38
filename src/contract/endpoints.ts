import { authEndpoints } from './auth';
import { authorizedPersonEndpoints } from './authorized-persons';
import { companyEndpoints } from './companies';
import { estimatorEndpoints } from './duty';
import type { Endpoint } from './endpoint';
import { feeEndpoints } from './fees';
import { invoiceEndpoints } from './invoices';
import { menuEndpoints } from './menus';
import { notificationEndpoints } from './notifications';
import { packageEndpoints, prealertEndpoints, receiptEndpoints } from './packages';
import { pointsEndpoints } from './points';
import { profileEndpoints } from './profile';
import { purchaseRequestEndpoints } from './purchase-requests';
import { referenceEndpoints } from './reference';
import { userEndpoints } from './users';

/** Every call of the API by resource: the server serves exactly these (a test holds it to that). */
export const endpoints = {
  auth: authEndpoints,
  companies: companyEndpoints,
  users: userEndpoints,
  reference: referenceEndpoints,
  menus: menuEndpoints,
  packages: packageEndpoints,
  prealerts: prealertEndpoints,
  receipts: receiptEndpoints,
  invoices: invoiceEndpoints,
  estimator: estimatorEndpoints,
  fees: feeEndpoints,
  points: pointsEndpoints,
  profile: profileEndpoints,
  notifications: notificationEndpoints,
  authorizedPersons: authorizedPersonEndpoints,
  purchaseRequests: purchaseRequestEndpoints,
} as const;

/** The declarations as one flat list. */
export const allEndpoints: Endpoint[] = Object.values(endpoints).flatMap((group) => Object.values(group));
