/**
 * The invoice as a document, written once: its words and its rows, as the staff preview, the customer's screen and
 * the PDF all show them. Each of those only lays the rows out (HTML or PDF); none words or computes anything itself.
 */
import { INVOICE_STATUS_LABELS } from './constants';
import { formatDate, formatExchangeRate, formatMoney } from './format';
import {
  type CustomsBase,
  type InvoiceDetail,
  type InvoiceLineGroup,
  type InvoiceLineType,
  type InvoiceStatus,
  invoiceClosingRows,
  invoiceLineGroups,
  lineGroupOf,
  NOT_FROM_CIF,
  type PaymentMethod,
} from './invoices';

export const INVOICE_LINE_TYPE_LABELS: Record<InvoiceLineType, string> = {
  shipping: 'Freight',
  handling: 'Handling',
  customs: 'Customs',
  duty: 'Duty',
  tax: 'Tax',
  other: 'Other',
};

export const INVOICE_GROUP_TITLES: Record<InvoiceLineGroup, string> = {
  shipping: 'Shipping charges',
  customs: 'Customs charges',
  other: 'Other charges',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  points: 'Points',
  online: 'Online',
};

/** The document's headings and column names. */
export const INVOICE_PAPER_WORDS = {
  document: 'Invoice',
  billTo: 'Bill to',
  details: 'Invoice details',
  description: 'Description',
  type: 'Type',
  quantity: 'Qty',
  unitPrice: 'Unit price',
  amount: 'Amount',
  howToPay: 'How to pay',
  bankTransfer: 'Bank transfer',
  atTheCounter: 'At the counter',
  payOnline: 'Pay online',
  payments: 'Payments',
  date: 'Date',
  method: 'Method',
  notes: 'Notes',
  terms: 'Terms',
} as const;

/** A label and its value; `key` names the rows a reader (or a test) looks for. */
export type PaperRow = {
  label: string;
  value: string;
  strong: boolean;
  key?: 'total' | 'paid' | 'balance' | 'status' | 'number' | 'reference';
  /** Said after the value, in a lighter voice. */
  note?: string;
};
export type PaperLine = {
  id: number;
  description: string;
  /** Under the description: the package, and whether a customs line is not the figure computed on its CIF value. */
  notes: string[];
  type: string;
  quantity: string;
  unitPrice: string;
  amount: string;
};
export type PaperGroup = {
  group: InvoiceLineGroup;
  title: string;
  /** What the customs lines are computed on, one sentence a package. */
  basis: string[];
  lines: PaperLine[];
  total: PaperRow;
};
export type PaperPayment = {
  id: string;
  date: string;
  method: string;
  amount: string;
  /** "Reversed: <why>" for a payment taken back (it stays listed and no longer counts). */
  reversed: string | null;
};
export type PaperHowToPay = {
  /** "J$1,234.50 is due by Dec 5, 2026." */
  due: string;
  bank: PaperRow[];
  counter: string | null;
  onlineUrl: string | null;
  /** What happens when it is late (or that it is). */
  late: string;
};
export type InvoicePaperRows = {
  /** "INV-2026-000123 · revision 1", or "DRAFT". */
  heading: string;
  draft: boolean;
  overdue: boolean;
  /** "Amounts in J$ (JMD)" is the screen's; the currency code here. */
  currency: string;
  billTo: { name: string; mailbox: string; email: string };
  facts: PaperRow[];
  groups: PaperGroup[];
  /** After the groups: discount, tax on services, Total, then Paid and Balance due once issued. */
  closing: PaperRow[];
  /** The one sentence that says what is owed ("Please pay J$… by …", "Paid — thank you."). */
  due: string;
  howToPay: PaperHowToPay | null;
  payments: PaperPayment[];
  notes: string;
  terms: string;
};

/** What a customs line is computed on: "CIF value J$… = goods US$… at US$1 = J$… (J$…) + freight … + insurance …". */
export function customsBasisText(b: CustomsBase, currency: string, several: boolean): string {
  const money = (cents: number) => formatMoney(cents, currency);
  return `${several ? `${b.tracking_number}: ` : ''}computed on the CIF value ${money(b.cif_cents)} = goods ${formatMoney(b.goods_value_usd_cents, 'USD')} at ${formatExchangeRate(b.exchange_rate, currency)} (${money(b.goods_value_cents)}) + freight ${money(b.freight_cents)} + insurance ${money(b.insurance_cents)}`;
}

function dueSentence(inv: InvoiceDetail, money: (c: number) => string, day: (d: string) => string): string {
  switch (inv.status) {
    case 'paid':
      return 'Paid — thank you.';
    case 'cancelled':
      return `Cancelled — nothing is owed on this invoice.${inv.cancel_reason ? ` (${inv.cancel_reason})` : ''}`;
    case 'draft':
      return 'Draft — not yet issued; nothing is due on it.';
    default:
      return `Please pay ${money(inv.balance_cents)}${inv.due_at ? ` by ${day(inv.due_at)}` : ''}.`;
  }
}

function howToPayOf(
  inv: InvoiceDetail,
  money: (c: number) => string,
  day: (d: string) => string,
): PaperHowToPay | null {
  const how = inv.how_to_pay;
  if (!how || inv.balance_cents <= 0) return null;
  const bank = how.bank_transfer;
  return {
    due: `${money(inv.balance_cents)} is due${inv.due_at ? ` by ${day(inv.due_at)}` : ''}.`,
    bank: bank
      ? [
          {
            label: 'Bank',
            value: `${bank.bank_name}${bank.branch ? `, ${bank.branch}` : ''}`,
            strong: false,
          },
          { label: 'Account name', value: bank.account_name, strong: false },
          {
            label: 'Account number',
            value: `${bank.account_number}${bank.account_type ? ` · ${bank.account_type}` : ''}`,
            strong: false,
          },
          {
            label: 'Reference',
            value: bank.reference,
            strong: true,
            key: 'reference',
            note: '(the invoice number, so we can match your payment)',
          },
        ]
      : [],
    counter: how.counter,
    onlineUrl: how.online_url,
    late: `${inv.status === 'overdue' ? 'This invoice is overdue. ' : 'If it is not paid by the due date: '}${how.overdue}`,
  };
}

/**
 * The rows of an invoice as every rendering shows them. `timeZone`: the company's (dates of instants are its days;
 * the PWA passes none: its formatters already use the company's). `statusLabels`: a customer reads "Unpaid".
 */
export function invoicePaperRows(
  inv: InvoiceDetail,
  opts: { timeZone?: string; statusLabels?: Record<InvoiceStatus, string>; taxLabel?: string } = {},
): InvoicePaperRows {
  const money = (cents: number) => formatMoney(cents, inv.currency);
  // A minus sign, not a hyphen: the embedded font prints it, and the screen reads it as "minus".
  const signed = (cents: number) => (cents < 0 ? `−${money(-cents)}` : money(cents));
  const day = (value: string | null) => (value ? formatDate(value, opts.timeZone) : '—');
  const labels = opts.statusLabels ?? INVOICE_STATUS_LABELS;
  const issued = inv.status !== 'draft' && inv.status !== 'cancelled';

  const facts: PaperRow[] = [
    { label: 'Number', value: inv.number ?? 'Draft (not issued)', strong: true, key: 'number' },
    { label: 'Status', value: labels[inv.status], strong: true, key: 'status' },
    { label: 'Issued', value: day(inv.issue_date ?? inv.issued_at), strong: false },
    { label: 'Due', value: day(inv.due_at), strong: false },
  ];
  if (inv.paid_at) facts.push({ label: 'Paid', value: day(inv.paid_at), strong: false });
  if (inv.revision > 0) facts.push({ label: 'Revision', value: String(inv.revision), strong: false });

  const bases = inv.customs_bases ?? [];
  const groups = invoiceLineGroups.flatMap((group): PaperGroup[] => {
    const lines = inv.lines.filter((l) => (l.group ?? lineGroupOf(l.type)) === group);
    if (lines.length === 0) return [];
    const title = INVOICE_GROUP_TITLES[group];
    return [
      {
        group,
        title,
        basis:
          group === 'customs' ? bases.map((b) => customsBasisText(b, inv.currency, bases.length > 1)) : [],
        lines: lines.map((l) => ({
          id: l.id,
          description: l.description,
          notes: [
            ...(l.tracking_number ? [`Package ${l.tracking_number}`] : []),
            ...(l.computed_on_cif === false ? [NOT_FROM_CIF] : []),
          ],
          type: INVOICE_LINE_TYPE_LABELS[l.type],
          quantity: String(l.quantity),
          unitPrice: money(l.unit_price_cents),
          amount: money(l.line_total_cents),
        })),
        total: {
          label: `${title} total`,
          value: money(lines.reduce((sum, l) => sum + l.line_total_cents, 0)),
          strong: false,
        },
      },
    ];
  });

  const closing: PaperRow[] = invoiceClosingRows({ ...inv, tax_label: inv.tax_label ?? opts.taxLabel }).map(
    (r) => ({
      label: r.label,
      value: signed(r.cents),
      strong: r.strong,
      ...(r.strong ? { key: 'total' } : {}),
    }),
  );
  if (issued) {
    closing.push({ label: 'Paid', value: money(inv.amount_paid_cents), strong: false, key: 'paid' });
    closing.push({ label: 'Balance due', value: money(inv.balance_cents), strong: true, key: 'balance' });
  }

  return {
    heading: `${inv.number ?? 'DRAFT'}${inv.revision > 0 ? ` · revision ${inv.revision}` : ''}`,
    draft: inv.status === 'draft',
    overdue: inv.status === 'overdue',
    currency: inv.currency,
    billTo: {
      name: inv.customer.name,
      mailbox: `Mailbox ${inv.customer.mailbox_number}`,
      email: inv.customer.email,
    },
    facts,
    groups,
    closing,
    due: dueSentence(inv, money, day),
    howToPay: howToPayOf(inv, money, day),
    payments: inv.payments.map((p) => ({
      id: p.id,
      date: day(p.paid_on),
      method: `${PAYMENT_METHOD_LABELS[p.method]}${p.reference ? ` · ${p.reference}` : ''}`,
      amount: money(p.amount_cents),
      reversed: p.reversed_at ? `Reversed${p.reverse_reason ? `: ${p.reverse_reason}` : ''}` : null,
    })),
    notes: inv.notes,
    terms: inv.terms,
  };
}
