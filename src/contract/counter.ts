import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { say, tr } from './i18n';
import { invoiceStatusSchema, paymentMethodSchema } from './invoices';
import { packageStatusCodeSchema } from './reference';
import { INT32_MAX, text } from './text';

/*
 * The pickup counter: staff look a customer up (by mailbox number or a scanned package), see what waits for them
 * and what they owe, take payment (the invoices' payment call), and release parcels to the customer or one of their
 * authorized persons against a photo ID. A daily close-out sums the day's payments and releases.
 */

/** Statuses of a parcel that is at the branch and not yet collected: what the counter may hand over. */
export const COUNTER_STATUSES = ['ready_for_pickup', 'out_for_delivery'] as const;

/** Parcels one release may hand over. */
export const RELEASE_MAX = 50;

/** The last four characters of an ID number, for what customers read ("…1234"). */
export function maskIdNumber(idNumber: string): string {
  const plain = idNumber.replace(/[\s-]/g, '');
  return plain.length <= 4 ? `…${plain}` : `…${plain.slice(-4)}`;
}

export const counterLookupQuerySchema = z.object({
  /** A mailbox number as the customer says it (IEX-10234, or just 10234). */
  mailbox: text().trim().max(40, say(msg`At most 40 characters`)).optional(),
  /** A scanned package label: the package's customer is looked up. */
  tracking: text().trim().max(100, say(msg`At most 100 characters`)).optional(),
  /** A pickup pass: its code as typed (7KQM-3XHP, any case) or its scanned QR code (the pass's share link). */
  pass: text().trim().max(300, say(msg`At most 300 characters`)).optional(),
});
export type CounterLookupQuery = z.input<typeof counterLookupQuerySchema>;

/** How a package at the counter stands with its invoices. */
export const counterBillingSchema = z.enum(['paid', 'unpaid', 'not_billed']);
export type CounterBilling = z.infer<typeof counterBillingSchema>;

export const counterInvoiceRefSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  status: invoiceStatusSchema,
  balance_cents: z.number().int(),
});

export const counterPackageSchema = z.object({
  id: z.uuid(),
  tracking_number: z.string(),
  description: z.string(),
  status: packageStatusCodeSchema,
  status_name: z.string(),
  weight: z.string(),
  pieces: z.number().int(),
  received_at: z.string().nullable(),
  /** `paid`: on an issued invoice with nothing left to pay; `unpaid`: on one with a balance; else not billed. */
  billing: counterBillingSchema,
  /** The unpaid invoice (else the paid one; a draft for a package not billed yet); null when on none. */
  invoice: counterInvoiceRefSchema.nullable(),
});
export type CounterPackage = z.infer<typeof counterPackageSchema>;

export const counterInvoiceSchema = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  status: invoiceStatusSchema,
  total_cents: z.number().int(),
  amount_paid_cents: z.number().int(),
  balance_cents: z.number().int(),
  issue_date: z.string().nullable(),
  due_at: z.string().nullable(),
  /** Past its due date (whether or not it is marked overdue yet). */
  overdue: z.boolean(),
  tracking_numbers: z.array(z.string()),
});
export type CounterInvoice = z.infer<typeof counterInvoiceSchema>;

export const counterPersonSchema = z.object({
  id: z.uuid(),
  full_name: z.string(),
  identification: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  /** In full: staff compare it with the ID shown at the desk. */
  id_number: z.string(),
  relationship: z.string(),
  phone: z.string(),
});
export type CounterPerson = z.infer<typeof counterPersonSchema>;

export const counterLookupSchema = z.object({
  matched_by: z.enum(['mailbox', 'tracking', 'pass']),
  customer: z.object({
    id: z.uuid(),
    name: z.string(),
    mailbox_number: z.string(),
    email: z.string(),
    phone: z.string(),
    is_active: z.boolean(),
  }),
  /** The package scanned (when looked up by tracking number), wherever it is: staff learn why it is not listed. */
  scanned: z
    .object({
      id: z.uuid(),
      tracking_number: z.string(),
      status: packageStatusCodeSchema,
      status_name: z.string(),
      at_counter: z.boolean(),
      released: z.object({ at: z.string(), collected_by: z.string() }).nullable(),
    })
    .nullable(),
  /** The pickup pass presented (when looked up by one): who holds it and its parcels still at the counter. */
  pass: z
    .object({
      code: z.string(),
      holder_name: z.string(),
      /** Null when the pass is the customer's own. */
      authorized_person_id: z.uuid().nullable(),
      package_ids: z.array(z.uuid()),
    })
    .nullable(),
  /** Parcels at the branch, not yet collected, oldest first. */
  packages: z.array(counterPackageSchema),
  /** Issued, partly paid and overdue invoices, oldest due first. */
  invoices: z.array(counterInvoiceSchema),
  balance_due_cents: z.number().int(),
  currency: z.string(),
  /** Active ones only: who else may collect. */
  authorized_persons: z.array(counterPersonSchema),
});
export type CounterLookup = z.infer<typeof counterLookupSchema>;

export const releaseBodySchema = z.object({
  package_ids: z
    .array(z.uuid(say(msg`Not a valid package id`)))
    .min(1, say(msg`Choose at least one package`))
    .max(RELEASE_MAX, say(msg`At most ${{ max: RELEASE_MAX }} packages at once`)),
  /** Null or absent: the customer collects in person. */
  authorized_person_id: z.uuid(say(msg`Choose who collects`)).nullish(),
  /** The type of the photo ID checked at the desk (one of GET /v1/identifications). */
  identification_id: z
    .number({ error: () => tr(msg`Choose the type of ID`) })
    .int(say(msg`Choose the type of ID`))
    .positive(say(msg`Choose the type of ID`))
    .max(INT32_MAX, say(msg`Choose an ID type from the list`)),
  id_number: text()
    .trim()
    .min(3, say(msg`Enter the ID number`))
    .max(40, say(msg`At most 40 characters`))
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, say(msg`Use letters, digits, spaces and dashes`)),
  /** Required when a chosen package is unpaid or not billed: why it leaves without payment. */
  override_reason: text().trim().max(500, say(msg`At most 500 characters`)).optional(),
});
export type ReleaseBody = z.input<typeof releaseBodySchema>;

export const releaseResultSchema = z.object({
  customer_id: z.uuid(),
  released: z.array(z.object({ id: z.uuid(), tracking_number: z.string() })),
  collected_by: z.string(),
  authorized_person_id: z.uuid().nullable(),
  id_type: z.string(),
  /** Masked as the customer sees it (…1234). */
  id_number_masked: z.string(),
  /** How many of them left unpaid, on the override reason. */
  overridden: z.number().int(),
  released_at: z.string(),
});
export type ReleaseResult = z.infer<typeof releaseResultSchema>;

export const closeoutQuerySchema = z.object({
  /** The calendar day; today in `tz` when absent. */
  date: z.iso.date(say(msg`Use a date like 2026-12-05`)).optional(),
  /** The clerk's IANA time zone (America/Jamaica): the day runs from its local midnight. UTC when absent. */
  tz: text()
    .trim()
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, say(msg`Not a time zone`))
    .optional(),
});
export type CloseoutQuery = z.input<typeof closeoutQuerySchema>;

/** How many payments, and what they came to. */
const paymentTally = { count: z.number().int(), total_cents: z.number().int() };
const customerRef = z.object({ id: z.uuid(), name: z.string(), mailbox_number: z.string() });

export const closeoutSchema = z.object({
  date: z.string(),
  tz: z.string(),
  /** The day as instants: [from, to). */
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  /** Payments received that day and not reversed. */
  payments: z.object({
    ...paymentTally,
    /** Every method, zeros included, in the contract's order. */
    by_method: z.array(z.object({ method: paymentMethodSchema, ...paymentTally })),
    /** Per member of staff who recorded them, most money first. */
    by_staff: z.array(
      z.object({
        staff_id: z.uuid().nullable(),
        name: z.string(),
        ...paymentTally,
        by_method: z.array(z.object({ method: paymentMethodSchema, ...paymentTally })),
      }),
    ),
    items: z.array(
      z.object({
        id: z.uuid(),
        invoice_id: z.uuid(),
        invoice_number: z.string().nullable(),
        customer: customerRef,
        amount_cents: z.number().int(),
        method: paymentMethodSchema,
        reference: z.string(),
        recorded_by: z.string().nullable(),
        created_at: z.string(),
      }),
    ),
  }),
  /** Payments reversed that day (whenever they were taken): they count in no total above. */
  reversals: z.object({
    ...paymentTally,
    items: z.array(
      z.object({
        id: z.uuid(),
        invoice_id: z.uuid(),
        invoice_number: z.string().nullable(),
        customer: customerRef,
        amount_cents: z.number().int(),
        method: paymentMethodSchema,
        paid_on: z.string(),
        reversed_at: z.string(),
        reversed_by: z.string().nullable(),
        reason: z.string(),
      }),
    ),
  }),
  /** Parcels handed over that day. */
  releases: z.object({
    count: z.number().int(),
    with_override: z.number().int(),
    items: z.array(
      z.object({
        package_id: z.uuid(),
        tracking_number: z.string(),
        customer: customerRef,
        collected_by: z.string(),
        id_type: z.string(),
        released_by: z.string().nullable(),
        override_reason: z.string().nullable(),
        released_at: z.string(),
      }),
    ),
  }),
});
export type Closeout = z.infer<typeof closeoutSchema>;

/** The schemas of each call in `counter.calls.ts`. */
export const counterSchemas = {
  lookup: { query: counterLookupQuerySchema, response: counterLookupSchema },
  release: { body: releaseBodySchema, response: releaseResultSchema },
  closeout: { query: closeoutQuerySchema, response: closeoutSchema },
};
