/** Plain code, no zod: validateSearch runs in the router, which lives in the entry bundle. Mirrors the contract. */
export const INVOICE_STATUS_CODES = ['issued', 'paid', 'overdue', 'cancelled'] as const;
export type CustomerInvoiceStatus = (typeof INVOICE_STATUS_CODES)[number];
export const INVOICE_DEFAULTS = { page: 1 } as const;
export const INVOICE_PAGE_SIZE = 20;

export interface InvoiceSearch {
  q: string | undefined;
  status: CustomerInvoiceStatus | undefined;
  page: number;
}

function text(v: unknown): string | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  return String(v).trim().slice(0, 100) || undefined;
}

export function parseInvoiceSearch(raw: Record<string, unknown>): InvoiceSearch {
  const page = typeof raw.page === 'number' ? raw.page : Number(raw.page);
  return {
    q: text(raw.q),
    status: (INVOICE_STATUS_CODES as readonly unknown[]).includes(raw.status)
      ? (raw.status as CustomerInvoiceStatus)
      : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : INVOICE_DEFAULTS.page,
  };
}

export function toInvoiceUrlSearch(s: Partial<InvoiceSearch>): Partial<InvoiceSearch> {
  const out: Partial<InvoiceSearch> = {};
  if (s.q) out.q = s.q;
  if (s.status) out.status = s.status;
  if (s.page && s.page !== 1) out.page = s.page;
  return out;
}
