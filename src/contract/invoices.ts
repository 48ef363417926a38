import { z } from 'zod';
import { invoiceStatuses, PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';
import { paginated, uuidParamSchema } from './envelope';
import { packageStatusCodeSchema } from './reference';
import { text } from './text';

export const invoiceStatusSchema = z.enum(invoiceStatuses, { error: 'Not an invoice status' });
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

export const invoiceLineTypes = ['shipping', 'handling', 'customs', 'duty', 'tax', 'other'] as const;
export const invoiceLineTypeSchema = z.enum(invoiceLineTypes, { error: 'Choose the line type' });
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
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoicePackageSchema = z.object({
  id: z.uuid(),
  tracking_number: z.string(),
  description: z.string(),
  status: packageStatusCodeSchema,
});

/**
 * Money is integer minor units of `currency`. `subtotal_cents` sums every line except `tax` lines; `tax_cents`
 * sums the `tax` lines; `total_cents` = subtotal + tax. `due_at` is a calendar date (YYYY-MM-DD); the other dates
 * are ISO timestamps. Customers never see drafts.
 */
export const invoiceSummarySchema = z.object({
  id: z.uuid(),
  number: z.string().describe('e.g. INV-2026-000123, per company'),
  status: invoiceStatusSchema,
  currency: z.string(),
  subtotal_cents: z.number().int(),
  tax_cents: z.number().int(),
  total_cents: z.number().int(),
  issued_at: z.string().nullable(),
  due_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  customer: invoiceCustomerSchema,
  tracking_numbers: z.array(z.string()),
  pdf_url: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const invoiceDetailSchema = invoiceSummarySchema.extend({
  notes: z.string(),
  lines: z.array(invoiceLineSchema),
  packages: z.array(invoicePackageSchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

export const invoiceListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  /** Searches the number, the line descriptions and the tracking numbers of the lines. */
  q: text().trim().max(100).optional(),
  status: invoiceStatusSchema.optional(),
  /** Staff only: one customer's invoices. */
  customer_id: z.uuid().optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuerySchema>;

export const INVOICE_MAX_LINES = 50;

export const invoiceLineInputSchema = z.object({
  type: invoiceLineTypeSchema,
  description: text().trim().min(1, 'Describe the line').max(200),
  quantity: z
    .number({ error: 'Enter a quantity' })
    .int('Use a whole number')
    .min(1, 'At least 1')
    .max(1000, 'At most 1000'),
  unit_price_cents: z
    .number({ error: 'Enter the unit price in cents' })
    .int('Amounts are whole cents')
    .min(0, 'Amounts cannot be negative')
    .max(1_000_000_000, 'The amount is too large'),
  package_id: z.uuid('Not a valid package id').nullish(),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

const linesSchema = z
  .array(invoiceLineInputSchema)
  .min(1, 'Add at least one line')
  .max(INVOICE_MAX_LINES, `At most ${INVOICE_MAX_LINES} lines`);

/** Staff: a new invoice is a draft; it reaches the customer when issued or sent. */
export const createInvoiceBodySchema = z.object({
  customer_id: z.uuid('Choose the customer'),
  lines: linesSchema,
  due_at: z.iso.date('Use a date like 2026-12-05').optional(),
  notes: text().trim().max(1000).default(''),
});
export type CreateInvoiceBody = z.input<typeof createInvoiceBodySchema>;

/**
 * Staff: edit lines (replaces them all), due date, notes and status. Allowed moves: draft → issued | cancelled;
 * issued → paid | overdue | cancelled; overdue → paid | issued | cancelled. Paid and cancelled invoices are final.
 */
export const updateInvoiceBodySchema = z.object({
  lines: linesSchema.optional(),
  status: invoiceStatusSchema.optional(),
  due_at: z.iso.date('Use a date like 2026-12-05').optional(),
  notes: text().trim().max(1000).optional(),
});
export type UpdateInvoiceBody = z.input<typeof updateInvoiceBodySchema>;

/** The schemas of each call in `invoices.calls.ts`. */
export const invoiceSchemas = {
  list: { query: invoiceListQuerySchema, response: paginated(invoiceSummarySchema) },
  one: { params: uuidParamSchema, response: invoiceDetailSchema },
  pdf: { params: uuidParamSchema },
  create: { body: createInvoiceBodySchema, response: invoiceDetailSchema },
  update: { params: uuidParamSchema, body: updateInvoiceBodySchema, response: invoiceDetailSchema },
  send: { params: uuidParamSchema, response: invoiceDetailSchema },
};
