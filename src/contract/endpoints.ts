import { dashboardSchemas } from './admin-dashboard';
import { dashboardCalls } from './admin-dashboard.calls';
import { auditSchemas } from './audit';
import { auditCalls } from './audit.calls';
import { authSchemas } from './auth';
import { authCalls } from './auth.calls';
import { authorizedPersonSchemas } from './authorized-persons';
import { authorizedPersonCalls } from './authorized-persons.calls';
import { brandingSchemas } from './branding';
import { brandingCalls } from './branding.calls';
import { companySchemas } from './companies';
import { companyCalls } from './companies.calls';
import { counterSchemas } from './counter';
import { counterCalls } from './counter.calls';
import { customerSchemas } from './customers';
import { customerCalls } from './customers.calls';
import { estimatorSchemas } from './duty';
import { estimatorCalls } from './duty.calls';
import { bindSchemas, type Endpoint } from './endpoint';
import { feeSchemas } from './fees';
import { feeCalls } from './fees.calls';
import { intakeSchemas } from './intake';
import { intakeCalls } from './intake.calls';
import { invoiceSchemas } from './invoices';
import { invoiceCalls } from './invoices.calls';
import { matchingSchemas } from './matching';
import { matchingCalls } from './matching.calls';
import { menuSchemas } from './menus';
import { menuCalls } from './menus.calls';
import { notificationSchemas } from './notifications';
import { notificationCalls } from './notifications.calls';
import { packageSchemas, prealertSchemas, receiptSchemas } from './packages';
import { packageCalls, prealertCalls, receiptCalls } from './packages.calls';
import { paymentSchemas } from './payments';
import { paymentCalls } from './payments.calls';
import { pickupPassSchemas } from './pickup-pass';
import { pickupPassCalls } from './pickup-pass.calls';
import { platformSchemas } from './platform';
import { platformCalls } from './platform.calls';
import { pointsSchemas } from './points';
import { pointsCalls } from './points.calls';
import { profileSchemas } from './profile';
import { profileCalls } from './profile.calls';
import { purchaseRequestSchemas } from './purchase-requests';
import { purchaseRequestCalls } from './purchase-requests.calls';
import { pushSchemas } from './push';
import { pushCalls } from './push.calls';
import { dutyCategoryAdminSchemas, rateSchemas } from './rates';
import { dutyCategoryAdminCalls, rateCalls } from './rates.calls';
import { referenceSchemas } from './reference';
import { referenceCalls } from './reference.calls';
import { settingsSchemas } from './settings';
import { settingsCalls } from './settings.calls';
import { shipmentSchemas } from './shipments';
import { shipmentCalls } from './shipments.calls';
import { staffSchemas } from './staff';
import { staffCalls } from './staff.calls';
import { staffPackageSchemas } from './staff-packages';
import { staffPackageCalls } from './staff-packages.calls';
import { userSchemas } from './users';
import { userCalls } from './users.calls';

/*
 * The endpoints the server serves: each resource's calls (`<resource>.calls.ts`, zod-free, what the PWA imports)
 * joined by name with their schemas (`<resource>.ts`). Only the server and the tests import this module.
 */
/** The back office's front page: today's work of the company. */
export const dashboardEndpoints = bindSchemas(dashboardCalls, dashboardSchemas);
/** The audit trail of one record: every staff change, newest first. */
export const auditEndpoints = bindSchemas(auditCalls, auditSchemas);
/** Sign-up, sign-in, sessions and email verification. */
export const authEndpoints = bindSchemas(authCalls, authSchemas);
/** The caller's authorized persons (people who may collect their packages). Owner only; others get 404. */
export const authorizedPersonEndpoints = bindSchemas(authorizedPersonCalls, authorizedPersonSchemas);
/** The company's brand (admins): name, colour, logo and contacts. */
export const brandingEndpoints = bindSchemas(brandingCalls, brandingSchemas);
/** Companies: the host's own (public: the PWA brands itself before anyone signs in) and the platform's list. */
export const companyEndpoints = bindSchemas(companyCalls, companySchemas);
/** The duty and landed-cost estimator, from the company's settings. */
export const estimatorEndpoints = bindSchemas(estimatorCalls, estimatorSchemas);
/** The company's fee schedule. */
export const feeEndpoints = bindSchemas(feeCalls, feeSchemas);
/** Warehouse intake: receipts one by one (scan-first), recent ones with undo, and CSV imports (staff). */
export const intakeEndpoints = bindSchemas(intakeCalls, intakeSchemas);
/** Invoices: customers see their own (never drafts), staff their company's and create, edit and send them. */
export const invoiceEndpoints = bindSchemas(invoiceCalls, invoiceSchemas);
/** Navigation menus of the caller's company; items are filtered by role (admins see all, to edit them). */
export const menuEndpoints = bindSchemas(menuCalls, menuSchemas);
/** The caller's notifications (the bell). */
export const notificationEndpoints = bindSchemas(notificationCalls, notificationSchemas);
/** Packages: customers see their own, staff their company's; staff receive parcels and move them along. */
export const packageEndpoints = bindSchemas(packageCalls, packageSchemas);
/** Pre-alerts at the spec's path (`/v1/peralert`, sic). The create call is multipart: fields plus 1–5 `files`. */
export const prealertEndpoints = bindSchemas(prealertCalls, prealertSchemas);
/** Receipts on a package (by its owner or staff), and the one door through which stored files are read. */
export const receiptEndpoints = bindSchemas(receiptCalls, receiptSchemas);
/** The caller's points ledger, and staff adjustments (a deduction past the balance is refused). */
export const pointsEndpoints = bindSchemas(pointsCalls, pointsSchemas);
/** The caller's profile, password change and the dashboard summary. */
export const profileEndpoints = bindSchemas(profileCalls, profileSchemas);
/** Purchase requests at the spec's path (with its trailing slash; the router ignores trailing slashes). */
export const purchaseRequestEndpoints = bindSchemas(purchaseRequestCalls, purchaseRequestSchemas);
/** Platform-wide reference data: public, the same for every company (sign-up needs parishes before any login). */
export const referenceEndpoints = bindSchemas(referenceCalls, referenceSchemas);
/** Company settings (admins): how to pay, points rules, invoice defaults and the company's time zone. */
export const settingsEndpoints = bindSchemas(settingsCalls, settingsSchemas);
/** Effective-dated rates (admins): versions in force, scheduled and past; a preview on a sample parcel. */
export const rateEndpoints = bindSchemas(rateCalls, rateSchemas);
/** Duty categories with effective-dated rates (admins): add, change, retire. */
export const dutyCategoryAdminEndpoints = bindSchemas(dutyCategoryAdminCalls, dutyCategoryAdminSchemas);
/** The back office's packages: every package of the company, its edits, owner, pre-alert and bulk actions. */
export const staffPackageEndpoints = bindSchemas(staffPackageCalls, staffPackageSchemas);
/** Shipments (manifests): packages flown or shipped together and moved through statuses as one. */
export const shipmentEndpoints = bindSchemas(shipmentCalls, shipmentSchemas);
/** Users of the caller's company: customers see only themselves, staff everyone. */
export const userEndpoints = bindSchemas(userCalls, userSchemas);

/** Staff: the company's customers and the actions on an account, each audited. */
export const customerEndpoints = bindSchemas(customerCalls, customerSchemas);
/** Staff: the pickup counter (lookup, release against a photo ID) and the day's close-out. */
export const counterEndpoints = bindSchemas(counterCalls, counterSchemas);
/** Staff: the pre-alert matching queues, matching by hand and cancelling with a reason. */
export const matchingEndpoints = bindSchemas(matchingCalls, matchingSchemas);
/** Staff accounts: invitations by e-mail, their acceptance, and the company's staff (admins). */
export const staffEndpoints = bindSchemas(staffCalls, staffSchemas);

/** The pickup pass: the customer's passes and the public share link's one pass. */
export const pickupPassEndpoints = bindSchemas(pickupPassCalls, pickupPassSchemas);
/** Online payments: checkout through the company's provider, its return, attempts and their settings. */
export const paymentEndpoints = bindSchemas(paymentCalls, paymentSchemas);

/** Web push: the VAPID public key and the caller's own push subscriptions. */
export const pushEndpoints = bindSchemas(pushCalls, pushSchemas);

/** The platform console: the companies the platform serves (the platform's operator only). */
export const platformEndpoints = bindSchemas(platformCalls, platformSchemas);

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
  audit: auditEndpoints,
  dashboard: dashboardEndpoints,
  staffPackages: staffPackageEndpoints,
  shipments: shipmentEndpoints,
  intake: intakeEndpoints,
  customers: customerEndpoints,
  matching: matchingEndpoints,
  counter: counterEndpoints,
  settings: settingsEndpoints,
  branding: brandingEndpoints,
  staff: staffEndpoints,
  platform: platformEndpoints,
  rates: rateEndpoints,
  dutyCategoryAdmin: dutyCategoryAdminEndpoints,
  pickupPass: pickupPassEndpoints,
  payments: paymentEndpoints,
  push: pushEndpoints,
} as const;

/** An endpoint with the names it is declared under: `endpoints.<resource>.<call>`. */
export type NamedEndpoint = {
  readonly resource: string;
  readonly call: string;
  /**
   * `invoicesPdf` for `invoices.pdf`: unique (a test holds it so) and stable while the declaration keeps its name.
   * The OpenAPI operationId, so a client generated from the document calls `invoicesPdf()`, not a name spelled
   * from the path.
   */
  readonly name: string;
  readonly endpoint: Endpoint;
};

/** Every declaration with its names. */
export const namedEndpoints: readonly NamedEndpoint[] = Object.entries(endpoints).flatMap(
  ([resource, calls]) =>
    Object.entries(calls).map(([call, endpoint]: [string, Endpoint]) => ({
      resource,
      call,
      name: `${resource}${call.charAt(0).toUpperCase()}${call.slice(1)}`,
      endpoint,
    })),
);

/** The declarations as one flat list. */
export const allEndpoints: Endpoint[] = namedEndpoints.map((n) => n.endpoint);
