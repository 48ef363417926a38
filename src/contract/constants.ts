import { msg } from '@lingui/core/runtime-macro';
import { tr } from './i18n';
/*
 * The contract's constants that screens need without zod: the router's search parsers live in the entry bundle,
 * where even zod/mini would cost every visitor about 15 kB gzip. The schemas build on these same values.
 */

/** Package statuses as the code relies on them (names and order are the company's, from the status table). */
export const packageStatusCodes = [
  'pre_alerted',
  'received_us',
  'in_transit',
  'at_customs',
  'ready_for_pickup',
  'out_for_delivery',
  'delivered',
  'on_hold',
  'returned',
] as const;
export type PackageStatusCode = (typeof packageStatusCodes)[number];

export const packageSorts = ['newest', 'oldest', 'updated', 'weight', 'tracking'] as const;
export type PackageSort = (typeof packageSorts)[number];

export const prealertStatuses = ['pending', 'matched', 'cancelled'] as const;
export const invoiceStatuses = ['draft', 'issued', 'partially_paid', 'paid', 'overdue', 'cancelled'] as const;
/** An invoice's status in words, as staff read it (the web's badge and the PDF). */
export const INVOICE_STATUS_LABELS: Record<(typeof invoiceStatuses)[number], string> = {
  get draft() {
    return tr(msg`Draft`);
  },
  get issued() {
    return tr(msg`Issued`);
  },
  get partially_paid() {
    return tr(msg`Partially paid`);
  },
  get paid() {
    return tr(msg`Paid`);
  },
  get overdue() {
    return tr(msg`Overdue`);
  },
  get cancelled() {
    return tr(msg`Cancelled`);
  },
};
export const invoiceSorts = ['newest', 'oldest', 'number', 'due', 'total', 'balance', 'customer'] as const;
/** The page sizes the staff invoice list offers (the admin template's floor). */
export const INVOICE_PAGE_SIZES = [10, 20, 25, 50, 100] as const;
export const paymentMethods = ['cash', 'card', 'bank_transfer', 'points', 'online'] as const;
/** Online payment providers a company may choose; 'none' hides the Pay button. */
export const paymentProviders = ['none', 'test', 'wipay'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];
/** Where an online payment attempt stands; 'flagged' needs staff (unknown outcome or a surplus to refund). */
export const paymentAttemptStatuses = ['pending', 'paid', 'declined', 'cancelled', 'flagged'] as const;
export type PaymentAttemptStatus = (typeof paymentAttemptStatuses)[number];
/** How many invoices one online checkout may cover. */
export const CHECKOUT_INVOICES_MAX = 50;
/** How many invoices one bulk send may name. */
export const INVOICE_BULK_MAX = 100;

/** Page sizes a list screen offers; the API accepts any size up to PAGE_SIZE_MAX. */
export const PAGE_SIZES = [10, 20, 50] as const;
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;
/** The highest page a list accepts: page × pageSize stays far inside any OFFSET, and no one pages this far. */
export const PAGE_MAX = 100_000;

/** The estimator's bounds and what the user reads past them (the form and the server say the same). */
export const ESTIMATE_LIMITS = {
  valueUsd: {
    max: 1_000_000,
    get tooLarge() {
      return tr(msg`The value is too large for an estimate`);
    },
  },
  weightLb: {
    max: 2000,
    get tooLarge() {
      return tr(msg`The weight is too large for an estimate`);
    },
  },
} as const;

/** Files a pre-alert or receipt may carry. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024;
export const FILES_MAX = 5;
export const FILE_TYPES = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/heic': 'HEIC',
} as const;

/** Staff's customer list: sort orders and the yes/no filters. */
export const customerSorts = ['newest', 'oldest', 'name', 'mailbox'] as const;
export type CustomerSort = (typeof customerSorts)[number];
export const yesNo = ['yes', 'no'] as const;

/* The back office's lists and shipments (here, zod-free, so the calls and the schemas both read them). */
/** How the staff package list sorts (the screen's sort menu and the server read the same values). */
export const staffPackageSorts = [
  'newest',
  'oldest',
  'received',
  'updated',
  'weight',
  'value',
  'tracking',
] as const;
export type StaffPackageSort = (typeof staffPackageSorts)[number];

/** Rows a CSV export holds at most; past it the file ends with a line saying it was cut. */
export const PACKAGE_EXPORT_MAX = 50_000;
/** Packages one bulk action may change. */
export const BULK_MAX = 500;

export const shipmentModes = ['air', 'sea'] as const;
/** The statuses a whole shipment is advanced to, in their order on the way to the customer. */
export const shipmentSteps = ['in_transit', 'at_customs', 'ready_for_pickup'] as const;
export type ShipmentStep = (typeof shipmentSteps)[number];
/** Tracking numbers (or ids) one add call takes. */
export const SHIPMENT_ADD_MAX = 500;
