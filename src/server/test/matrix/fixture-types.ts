import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../harness';

/** The access matrix's hosts, callers and fixture shapes, and small builders the fixtures and rows share. */

export const HOST = 'localhost';
export const BLUE_HOST = 'blue.localhost';
/** A host no company answers on: every tenant-scoped call is refused there. */
export const UNKNOWN_HOST = 'nowhere.example.test';

export const CALLERS = [
  'owner',
  'neighbour',
  'unverified',
  'staff',
  'admin',
  'platform',
  'blue',
  'blueStaff',
  'blueOnHost',
  'blueStaffOnHost',
  'anon',
  'anonBlue',
  'anonUnknown',
  'anonRemote',
  'ownerOnBlue',
  'deactivated',
  'demoted',
] as const;
export type CallerKey = (typeof CALLERS)[number];

export type Caller = {
  key: CallerKey;
  who: string;
  host: string;
  token: string | undefined;
  /** The client address (inject's default is 127.0.0.1, a loopback client). */
  remoteAddress?: string;
};

/** A multipart form: fields and files. */
export type Form = { fields: Record<string, string>; files: { name: string; bytes: Buffer; type: string }[] };

export type Session = { access: string; refresh: string; userId: string };

export type Fixtures = {
  t: TestApp;
  callers: Record<CallerKey, Caller>;
  sessions: {
    owner: Session;
    /** Two more sessions of the owner: one the owner refreshes, one the owner signs out (after outsiders tried). */
    ownerRefresh: Session;
    ownerLogout: Session;
    admin: Session;
    blue: Session;
  };
  demoCompanyId: string;
  blueCompanyId: string;
  victim: { id: string; email: string; mailbox: string; firstName: string };
  /** A package of the victim with a pre-alert and receipts. */
  packageId: string;
  packageTracking: string;
  /** A package of the victim whose status staff change (each allowed caller to another status). */
  statusPackageId: string;
  pendingPrealertId: string;
  /** A receipt the outsiders try to delete; staff and owner delete their own one from `receiptFor`. */
  receiptId: string;
  receiptFor: Partial<Record<CallerKey, string>>;
  /** A file of the victim (a receipt's), with a marker inside its bytes. */
  fileId: string;
  fileMarker: string;
  /** The owner's upload of that file, sent with an Idempotency-Key: outsiders replay it byte for byte. */
  receiptProbe: { key: string; form: Form };
  invoiceId: string;
  invoiceNumber: string;
  /** Online payments (the test provider on): an issued invoice of the victim in a pending attempt, and that attempt. */
  payInvoiceId: string;
  paymentAttemptId: string;
  /** Invoices of the victim each allowed caller changes once: a draft to delete, one to issue, open ones to pay and
   * cancel, and one with a payment to reverse. */
  invoiceFor: Partial<
    Record<
      CallerKey,
      { draft: string; toIssue: string; open: string; toCancel: string; paid: string; paymentId: string }
    >
  >;
  authorizedPersonId: string;
  /** Deleted by the owner at the end. */
  authorizedPersonToDeleteId: string;
  /** The victim's push subscription (its device name shows it); deleted by the owner at the end. */
  push: { subscriptionId: string; deviceName: string };
  purchaseRequestId: string;
  purchaseRequestToDeleteId: string;
  notificationId: string;
  menuId: string;
  menuItemId: string;
  menuItemFor: Partial<Record<CallerKey, string>>;
  menuMarker: string;
  /** The admin menu's items in their order (the matrix never changes that menu, so a reorder with them is valid). */
  adminMenu: { id: string; items: { id: number; parent_id: number | null }[] };
  dutyCategoryId: number;
  /** A fresh unverified customer of the demo company whose verify and reset tokens are known. */
  tokenUser: { id: string; email: string; verifyToken: string; resetToken: string };
  /**
   * Rows of the other company (its customer's), for the mirror probes: this company's staff naming them, by id or
   * in a body, must get nothing.
   */
  other: {
    customerId: string;
    mailbox: string;
    packageId: string;
    receiptId: string;
    fileId: string;
    invoiceId: string;
    purchaseRequestId: string;
    menuId: string;
    menuItemId: string;
  };
  /** Identifying values of the victim: none may reach a caller who is not allowed to see the victim's rows. */
  victimSecrets: string[];
  /** Values of each company that must never be served on the other company's (or an unknown) host. */
  demoSecrets: string[];
  blueSecrets: string[];
};

/** A unique suffix for names, tracking numbers and slugs made during the run. */
export const uniq = (): string => randomBytes(5).toString('hex');

export function created<T>(res: LightMyRequestResponse, what: string): T {
  if (res.statusCode !== 201 && res.statusCode !== 200) {
    throw new Error(`fixture ${what}: ${res.statusCode} ${res.body}`);
  }
  return res.json().data as T;
}

/** A small PDF whose bytes carry `marker` (the leak check looks for it in replies). */
export function markedPdf(marker: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`, 'latin1');
}
