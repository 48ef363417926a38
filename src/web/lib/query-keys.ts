/*
 * The first element of every query key the PWA caches, in one place. A feature's keys start with its root; a change
 * refreshes the screens that show it by root (lib/refresh.ts), so a feature can refresh what another feature shows
 * without importing it (features never import each other). Add a root here before a feature caches under it.
 */
import type { AuditEntity } from '../../contract/audit';

export const queryRoots = {
  /** The customer's dashboard figures (features/dashboard). */
  account: 'account',
  /** The staff's "Today" (features/admin-dashboard). */
  adminDashboard: 'admin-dashboard',
  /** The invoice form's unbilled packages, totals preview and customer search (features/admin-invoices). */
  adminInvoices: 'admin-invoices',
  /** Every record's history (components/AuditTrail): `[audit, entity, id]`. */
  audit: 'audit',
  authorizedPersons: 'authorized-persons',
  /** The company of the host (features/tenant): kept across users (lib/offline/persist). */
  company: 'company',
  counter: 'counter',
  customers: 'customers',
  dutyCategories: 'duty-categories',
  fees: 'fees',
  identifications: 'identifications',
  intake: 'intake',
  /** A staff invitation link, read by the public invitation page (features/auth). */
  invitation: 'invitation',
  /** Invoices, the customer's and the staff's alike (one call, one record). */
  invoices: 'invoices',
  matching: 'matching',
  /** The signed-in user and the layout's bell (`[me, notifications, …]`). */
  me: 'me',
  menus: 'menus',
  packageStatuses: 'package-statuses',
  /** The customer's packages: list, detail, counts. */
  packages: 'packages',
  parishes: 'parishes',
  /** The platform console's companies (features/platform). */
  platform: 'platform',
  points: 'points',
  prealerts: 'prealerts',
  profile: 'profile',
  purchaseRequests: 'purchase-requests',
  /** The signed-in user's devices subscribed to push (the profile; lib/push). */
  pushSubscriptions: 'push-subscriptions',
  /** The admin's rates and duty categories (features/rates). */
  rates: 'rates',
  settings: 'settings',
  shipments: 'shipments',
  /** The company's staff and invitations (features/staff). */
  staff: 'staff',
  /** The staff's package list, package pages and customer picker. */
  staffPackages: 'staff-packages',
} as const;

export type QueryRoot = (typeof queryRoots)[keyof typeof queryRoots];

/** The history of one record (components/AuditTrail). */
export const auditKey = (entity: AuditEntity, id: string) => [queryRoots.audit, entity, id] as const;
