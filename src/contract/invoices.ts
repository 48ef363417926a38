import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import {
  invoiceSorts,
  invoiceStatuses,
  PAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  paymentMethods,
} from './constants';
import { paginated, uuidParamSchema } from './envelope';
import { rateStringSchema } from './fees';
import { say, tr } from './i18n';
import {
  bulkSendBodySchema,
  bulkSendResultSchema,
  cancelInvoiceBodySchema,
  invoiceMailDraftSchema,
  sendInvoiceBodySchema,
} from './invoice-actions';
import { packageStatusCodeSchema } from './reference';
import { text } from './text';

// The send, bulk-send and cancel bodies live in invoice-actions.ts (this file's length); callers import them here.
export * from './invoice-actions';

export const invoiceStatusSchema = z.enum(invoiceStatuses, { error: () => tr(msg`Not an invoice status`) });
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

export const invoiceLineTypes = ['shipping', 'handling', 'customs', 'duty', 'tax', 'other'] as const;
export const invoiceLineTypeSchema = z.enum(invoiceLineTypes, { error: () => tr(msg`Choose the line type`) });
export type InvoiceLineType = z.infer<typeof invoiceLineTypeSchema>;

export const invoiceCustomerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  mailbox_number: z.string(),
  email: z.string(),
});

export const invoiceLineSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  type: invoiceLineTypeSchema,
  description: z.string(),
  quantity: z.number().int(),
  unit_price_cents: z.number().int(),
  line_total_cents: z.number().int(),
  package_id: z.uuid().nullable(),
  tracking_number: z.string().nullable(),
  /** Where the line is shown: shipping (freight, handling), customs (duty, GCT, SCF, ENVL, stamp, CAF), other. */
  group: z.enum(['shipping', 'customs', 'other']).optional(),
  /**
   * Customs lines of a package with a stored CIF value: true when the line is the figure computed on that value,
   * false when staff set it otherwise (a customs assessment); absent when nothing tells (older invoices, no CIF).
   */
  computed_on_cif: z.boolean().optional(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoicePackageSchema = z.object({
  id: z.uuid(),
  tracking_number: z.string(),
  description: z.string(),
  status: packageStatusCodeSchema,
});

export const paymentMethodSchema = z.enum(paymentMethods, { error: () => tr(msg`Choose how it was paid`) });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** A payment against an invoice; a reversed one stays listed (with why) and no longer counts. */
export const paymentSchema = z.object({
  id: z.uuid(),
  amount_cents: z.number().int(),
  paid_on: z.string().describe('YYYY-MM-DD'),
  method: paymentMethodSchema,
  reference: z.string(),
  /** Staff only: customers get "". */
  note: z.string(),
  points: z.number().int().describe('points spent when the method is points'),
  recorded_by: z.string().nullable().describe('staff name; null for customers'),
  created_at: z.string(),
  reversed_at: z.string().nullable(),
  reverse_reason: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const discountKinds = ['amount', 'percent'] as const;
export const discountSchema = z.object({
  kind: z.enum(discountKinds, { error: () => tr(msg`Choose amount or percent`) }),
  /** Cents for `amount`; basis points for `percent` (1250 = 12.5 %). */
  value: z
    .number({ error: () => tr(msg`Enter the discount`) })
    .int(say(msg`Use a whole number`))
    .min(0, say(msg`A discount cannot be negative`))
    .max(1_000_000_000, say(msg`The discount is too large`)),
});
export type Discount = z.infer<typeof discountSchema>;

/**
 * The server's arithmetic, the only one: line totals = quantity × unit price; `subtotal_cents` sums every line but
 * `tax` lines; the discount comes off the service lines (shipping, handling, other — never the customs charges) and
 * never below zero; `tax_cents` = the `tax` lines + `tax_rate` × (service lines − discount), rounded half up;
 * `total_cents` = subtotal − discount + tax; `balance_cents` = total − paid (payments not reversed).
 */
export const invoiceTotalsSchema = z.object({
  subtotal_cents: z.number().int(),
  service_cents: z.number().int().describe('shipping + handling + other lines'),
  customs_cents: z.number().int().describe('customs + duty lines'),
  discount_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
});
export type InvoiceTotals = z.infer<typeof invoiceTotalsSchema>;

/**
 * Money is integer minor units of `currency`. `due_at` and `issue_date` are calendar dates (YYYY-MM-DD); the other
 * dates are ISO timestamps. `number` is null until the invoice is issued. Customers never see drafts.
 */
export const invoiceSummarySchema = invoiceTotalsSchema.extend({
  id: z.uuid(),
  number: z.string().nullable().describe('e.g. INV-2026-000123, per company, handed out on issue'),
  status: invoiceStatusSchema,
  currency: z.string(),
  amount_paid_cents: z.number().int(),
  balance_cents: z.number().int(),
  revision: z.number().int().describe('0 as issued; each later edit adds one'),
  issue_date: z.string().nullable(),
  issued_at: z.string().nullable(),
  due_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  /** Staff only (null for customers): why the last send failed, until a send succeeds. */
  send_error: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  customer: invoiceCustomerSchema,
  tracking_numbers: z.array(z.string()),
  pdf_url: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceLineGroups = ['shipping', 'customs', 'other'] as const;
export type InvoiceLineGroup = (typeof invoiceLineGroups)[number];
/** The group of a line type: the customer's invoice and the PDF list the lines by group. */
export const lineGroupOf = (type: InvoiceLineType): InvoiceLineGroup =>
  type === 'shipping' || type === 'handling'
    ? 'shipping'
    : type === 'customs' || type === 'duty' || type === 'tax'
      ? 'customs'
      : 'other';

/**
 * The value a package's customs charges are computed on (DOMAIN.md): CIF = goods value × exchange rate + freight +
 * insurance, in the invoice's currency, so a customer can check the duty, GCT, SCF and ENVL lines.
 */
export const customsBaseSchema = z.object({
  package_id: z.uuid(),
  tracking_number: z.string(),
  description: z.string(),
  goods_value_usd_cents: z.number().int(),
  exchange_rate: z.string(),
  goods_value_cents: z.number().int(),
  freight_cents: z.number().int(),
  insurance_cents: z.number().int(),
  cif_cents: z.number().int(),
  /**
   * When the value was taken (the invoice's customs lines computed, ISO time): kept as it was once the invoice is
   * issued, so a later exchange rate does not change it. Absent when computed at read time (older invoices).
   */
  computed_at: z.string().optional(),
});
export type CustomsBase = z.infer<typeof customsBaseSchema>;
/** What an invoice row stores (server only): the base and the customs lines computed on it, to tell them apart. */
export type StoredCustomsBase = CustomsBase & {
  computed_at: string;
  computed_lines: { type: InvoiceLineType; unit_price_cents: number }[];
};

/** How to pay an unpaid invoice, from the company's settings; the bank reference is the invoice number. */
export const howToPaySchema = z.object({
  bank_transfer: z
    .object({
      bank_name: z.string(),
      account_name: z.string(),
      account_number: z.string(),
      branch: z.string(),
      account_type: z.string(),
      reference: z.string(),
    })
    .nullable(),
  counter: z.string().nullable(),
  online_url: z.string().nullable(),
  overdue: z.string(),
});
export type HowToPay = z.infer<typeof howToPaySchema>;

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  notes: z.string(),
  terms: z.string(),
  discount: discountSchema.nullable(),
  tax_rate: z.string(),
  lines: z.array(invoiceLineSchema),
  packages: z.array(invoicePackageSchema),
  payments: z.array(paymentSchema),
  /** One per package with customs charges on the invoice. */
  customs_bases: z.array(customsBaseSchema).optional(),
  /** Null once nothing is owed (paid, cancelled, draft). */
  how_to_pay: howToPaySchema.nullable().optional(),
  /** What the company calls its sales tax on services ("GCT"), from its settings. */
  tax_label: z.string().optional(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export { invoiceClosingRows, notFromCif, serviceTaxOf } from './invoice-closing';

export const invoiceSortSchema = z.enum(invoiceSorts, { error: () => tr(msg`Not a sort order`) });
export type InvoiceSort = z.infer<typeof invoiceSortSchema>;

export const invoiceListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  /**
   * Searches the number, the line descriptions and the tracking numbers of the lines; for staff also the customer's
   * name, mailbox number and email.
   */
  q: text().trim().max(100).optional(),
  /**
   * The invoice number alone, case-, space- and dash-insensitive, anywhere in it ("inv2026-0042", "0042" and
   * "2026000042" all find INV-2026-000042): what Ctrl+K asks.
   */
  number: text().trim().max(40).optional(),
  status: invoiceStatusSchema.optional(),
  /** Staff only: one customer's invoices. */
  customer_id: z.uuid().optional(),
  /** Issue date (drafts: creation date) from / to, inclusive calendar dates. */
  from: z.iso.date(say(msg`Use a date like 2026-12-05`)).optional(),
  to: z.iso.date(say(msg`Use a date like 2026-12-05`)).optional(),
  sort: invoiceSortSchema.default('newest'),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

/** Staff: the stat cards of the list, computed for the same filter (page, size and sort ignored). */
export const invoiceStatsSchema = z.object({
  customers: z.number().int().describe('distinct customers invoiced'),
  invoices: z.number().int(),
  total_cents: z.number().int().describe('invoiced, cancelled and drafts excluded'),
  paid_cents: z.number().int(),
  unpaid_cents: z.number().int().describe('balance of issued, partially paid and overdue'),
  overdue_cents: z.number().int(),
  overdue: z.number().int().describe('how many are overdue'),
  currency: z.string(),
});
export type InvoiceStats = z.infer<typeof invoiceStatsSchema>;

/** Enough for 50 packages at up to 10 lines each. */
export const INVOICE_MAX_LINES = 500;

export const invoiceLineInputSchema = z.object({
  type: invoiceLineTypeSchema,
  description: text().trim().min(1, say(msg`Describe the line`)).max(200),
  quantity: z
    .number({ error: () => tr(msg`Enter a quantity`) })
    .int(say(msg`Use a whole number`))
    .min(1, say(msg`At least 1`))
    .max(1000, say(msg`At most 1000`)),
  unit_price_cents: z
    .number({ error: () => tr(msg`Enter the unit price in cents`) })
    .int(say(msg`Amounts are whole cents`))
    .min(0, say(msg`Amounts cannot be negative`))
    .max(1_000_000_000, say(msg`The amount is too large`)),
  package_id: z.uuid(say(msg`Not a valid package id`)).nullish(),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

const linesSchema = z
  .array(invoiceLineInputSchema)
  .min(1, say(msg`Add at least one line`))
  .max(INVOICE_MAX_LINES, say(msg`At most ${{ max: INVOICE_MAX_LINES }} lines`));

const dateField = z.iso.date(say(msg`Use a date like 2026-12-05`));

/** What the add/edit form holds; also what the preview call prices. */
const invoiceFormFields = {
  lines: linesSchema,
  discount: discountSchema.nullish(),
  /** Defaults to the company's invoice tax rate. */
  tax_rate: rateStringSchema.optional(),
  issue_date: dateField.nullish(),
  due_at: dateField.nullish(),
  notes: text().trim().max(1000).optional(),
  terms: text().trim().max(1000).optional(),
};

/** Staff: a new invoice is a draft; it reaches the customer when issued (and, if asked, sent). */
export const createInvoiceBodySchema = z.object({
  customer_id: z.uuid(say(msg`Choose the customer`)),
  ...invoiceFormFields,
  /** `issue` numbers it at once; `send` also mails it. */
  // biome-ignore lint/suspicious/noThenProperty: a field of the create body (a plain JSON value), never awaited
  then: z.enum(['draft', 'issue', 'send']).default('draft'),
});
export type CreateInvoiceBody = z.input<typeof createInvoiceBodySchema>;

/**
 * Staff: a draft changes freely; an issued (or partly paid, or overdue) invoice changes as a new revision, recorded
 * in the audit trail and notified to the customer. Paid and cancelled invoices are final. `status` is kept for
 * the older clients: `issued` issues a draft, `cancelled` cancels (use the cancel call to give a reason).
 */
export const updateInvoiceBodySchema = z.object({
  ...invoiceFormFields,
  lines: linesSchema.optional(),
  status: z.enum(['issued', 'cancelled'], { error: () => tr(msg`Use issue or cancel`) }).optional(),
  /** Required when editing an issued invoice: why it changed (shown in the history). */
  revision_note: text().trim().max(500).optional(),
});
export type UpdateInvoiceBody = z.input<typeof updateInvoiceBodySchema>;

/** Staff: price a form without saving it (the totals on screen are always these). */
export const invoicePreviewBodySchema = z.object({
  customer_id: z.uuid(say(msg`Choose the customer`)).optional(),
  ...invoiceFormFields,
  lines: z
    .array(invoiceLineInputSchema)
    .max(INVOICE_MAX_LINES, say(msg`At most ${{ max: INVOICE_MAX_LINES }} lines`)),
});
export type InvoicePreviewBody = z.input<typeof invoicePreviewBodySchema>;
export const invoicePreviewSchema = invoiceTotalsSchema.extend({
  currency: z.string(),
  tax_rate: z.string(),
  lines: z.array(invoiceLineInputSchema.extend({ line_total_cents: z.number().int() })),
});
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;

/** Staff: a customer's packages not yet on an invoice (cancelled ones aside), each with the lines it would add. */
export const unbilledQuerySchema = z.object({ customer_id: z.uuid(say(msg`Choose the customer`)) });
export const unbilledPackageSchema = z.object({
  id: z.uuid(),
  tracking_number: z.string(),
  description: z.string(),
  status: packageStatusCodeSchema,
  weight_lb: z.number().nullable(),
  declared_value_usd_cents: z.number().int().nullable(),
  category: z.string().nullable(),
  received_at: z.string().nullable(),
  /** Freight, handling, the customs lines and storage, computed from the company's settings. */
  lines: z.array(invoiceLineInputSchema),
  /** Why a charge could not be computed (e.g. no weight yet), for staff to fix or price by hand. */
  warnings: z.array(z.string()),
});
export type UnbilledPackage = z.infer<typeof unbilledPackageSchema>;

export const paymentBodySchema = z.object({
  amount_cents: z
    .number({ error: () => tr(msg`Enter the amount`) })
    .int(say(msg`Amounts are whole cents`))
    .min(1, say(msg`Enter an amount above zero`))
    .max(1_000_000_000_000, say(msg`The amount is too large`)),
  paid_on: dateField.optional().describe('defaults to today'),
  method: paymentMethodSchema,
  reference: text().trim().max(100).default(''),
  note: text().trim().max(500).default(''),
});
export type PaymentBody = z.input<typeof paymentBodySchema>;
export const reversePaymentBodySchema = z.object({
  reason: text().trim().min(1, say(msg`Say why it is reversed`)).max(500),
});
export const paymentParamsSchema = z.object({ id: z.uuid(), paymentId: z.uuid() });

/** The schemas of each call in `invoices.calls.ts`. */
export const invoiceSchemas = {
  list: { query: invoiceListQuerySchema, response: paginated(invoiceSummarySchema) },
  one: { params: uuidParamSchema, response: invoiceDetailSchema },
  pdf: { params: uuidParamSchema },
  create: { body: createInvoiceBodySchema, response: invoiceDetailSchema },
  update: { params: uuidParamSchema, body: updateInvoiceBodySchema, response: invoiceDetailSchema },
  send: { params: uuidParamSchema, body: sendInvoiceBodySchema.nullish(), response: invoiceDetailSchema },
  stats: { query: invoiceListQuerySchema, response: invoiceStatsSchema },
  preview: { body: invoicePreviewBodySchema, response: invoicePreviewSchema },
  unbilled: { query: unbilledQuerySchema, response: z.array(unbilledPackageSchema) },
  mailDraft: { params: uuidParamSchema, response: invoiceMailDraftSchema },
  bulkSend: { body: bulkSendBodySchema, response: bulkSendResultSchema },
  issue: { params: uuidParamSchema, response: invoiceDetailSchema },
  duplicate: { params: uuidParamSchema, response: invoiceDetailSchema },
  remove: { params: uuidParamSchema, response: z.null() },
  cancel: { params: uuidParamSchema, body: cancelInvoiceBodySchema, response: invoiceDetailSchema },
  pay: { params: uuidParamSchema, body: paymentBodySchema, response: invoiceDetailSchema },
  reversePayment: {
    params: paymentParamsSchema,
    body: reversePaymentBodySchema,
    response: invoiceDetailSchema,
  },
};
