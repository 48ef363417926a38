/**
 * The invoice as a document, written once: its words and its rows, as the staff preview, the customer's screen and
 * the PDF all show them. Each of those only lays the rows out (HTML or PDF); none words or computes anything itself.
 */
import { msg } from '@lingui/core/runtime-macro';
import { INVOICE_STATUS_LABELS } from './constants';
import { formatDate, formatExchangeRate, formatMoney } from './format';
import { tr } from './i18n';
import {
  type CustomsBase,
  type InvoiceDetail,
  type InvoiceLineGroup,
  type InvoiceLineType,
  type InvoiceStatus,
  invoiceClosingRows,
  invoiceLineGroups,
  lineGroupOf,
  notFromCif,
  type PaymentMethod,
} from './invoices';

export const INVOICE_LINE_TYPE_LABELS: Record<InvoiceLineType, string> = {
  get shipping() {
    return tr(msg`Freight`);
  },
  get handling() {
    return tr(msg`Handling`);
  },
  get customs() {
    return tr(msg`Customs`);
  },
  get duty() {
    return tr(msg`Duty`);
  },
  get tax() {
    return tr(msg`Tax`);
  },
  get other() {
    return tr(msg`Other`);
  },
};

export const INVOICE_GROUP_TITLES: Record<InvoiceLineGroup, string> = {
  get shipping() {
    return tr(msg`Shipping charges`);
  },
  get customs() {
    return tr(msg`Customs charges`);
  },
  get other() {
    return tr(msg`Other charges`);
  },
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  get cash() {
    return tr(msg`Cash`);
  },
  get card() {
    return tr(msg`Card`);
  },
  get bank_transfer() {
    return tr(msg`Bank transfer`);
  },
  get points() {
    return tr(msg`Points`);
  },
  get online() {
    return tr(msg`Online`);
  },
};

/** The document's headings and column names. */
export const INVOICE_PAPER_WORDS = {
  get document() {
    return tr(msg`Invoice`);
  },
  get billTo() {
    return tr(msg`Bill to`);
  },
  get details() {
    return tr(msg`Invoice details`);
  },
  get description() {
    return tr(msg`Description`);
  },
  get type() {
    return tr(msg`Type`);
  },
  get quantity() {
    return tr(msg`Qty`);
  },
  get unitPrice() {
    return tr(msg`Unit price`);
  },
  get amount() {
    return tr(msg`Amount`);
  },
  get howToPay() {
    return tr(msg`How to pay`);
  },
  get bankTransfer() {
    return tr(msg`Bank transfer`);
  },
  get atTheCounter() {
    return tr(msg`At the counter`);
  },
  get payOnline() {
    return tr(msg`Pay online`);
  },
  get payments() {
    return tr(msg`Payments`);
  },
  get date() {
    return tr(msg`Date`);
  },
  get method() {
    return tr(msg`Method`);
  },
  get notes() {
    return tr(msg`Notes`);
  },
  get terms() {
    return tr(msg`Terms`);
  },
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
  const text = tr(
    msg`computed on the CIF value ${{ cif: money(b.cif_cents) }} = goods ${{ goods: formatMoney(b.goods_value_usd_cents, 'USD') }} at ${{ rate: formatExchangeRate(b.exchange_rate, currency) }} (${{ goodsLocal: money(b.goods_value_cents) }}) + freight ${{ freight: money(b.freight_cents) }} + insurance ${{ insurance: money(b.insurance_cents) }}`,
  );
  return several ? `${b.tracking_number}: ${text}` : text;
}

function dueSentence(inv: InvoiceDetail, money: (c: number) => string, day: (d: string) => string): string {
  switch (inv.status) {
    case 'paid':
      return tr(msg`Paid — thank you.`);
    case 'cancelled':
      return inv.cancel_reason
        ? tr(msg`Cancelled — nothing is owed on this invoice. (${{ reason: inv.cancel_reason }})`)
        : tr(msg`Cancelled — nothing is owed on this invoice.`);
    case 'draft':
      return tr(msg`Draft — not yet issued; nothing is due on it.`);
    default:
      return inv.due_at
        ? tr(msg`Please pay ${{ amount: money(inv.balance_cents) }} by ${{ date: day(inv.due_at) }}.`)
        : tr(msg`Please pay ${{ amount: money(inv.balance_cents) }}.`);
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
    due: inv.due_at
      ? tr(msg`${{ amount: money(inv.balance_cents) }} is due by ${{ date: day(inv.due_at) }}.`)
      : tr(msg`${{ amount: money(inv.balance_cents) }} is due.`),
    bank: bank
      ? [
          {
            label: tr(msg`Bank`),
            value: `${bank.bank_name}${bank.branch ? `, ${bank.branch}` : ''}`,
            strong: false,
          },
          { label: tr(msg`Account name`), value: bank.account_name, strong: false },
          {
            label: tr(msg`Account number`),
            value: `${bank.account_number}${bank.account_type ? ` · ${bank.account_type}` : ''}`,
            strong: false,
          },
          {
            label: tr(msg`Reference`),
            value: bank.reference,
            strong: true,
            key: 'reference',
            note: tr(msg`(the invoice number, so we can match your payment)`),
          },
        ]
      : [],
    counter: how.counter,
    onlineUrl: how.online_url,
    late:
      inv.status === 'overdue'
        ? tr(msg`This invoice is overdue. ${{ overdue: how.overdue }}`)
        : tr(msg`If it is not paid by the due date: ${{ overdue: how.overdue }}`),
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
    { label: tr(msg`Number`), value: inv.number ?? tr(msg`Draft (not issued)`), strong: true, key: 'number' },
    { label: tr(msg`Status`), value: labels[inv.status], strong: true, key: 'status' },
    { label: tr(msg`Issued`), value: day(inv.issue_date ?? inv.issued_at), strong: false },
    { label: tr(msg`Due`), value: day(inv.due_at), strong: false },
  ];
  if (inv.paid_at) facts.push({ label: tr(msg`Paid`), value: day(inv.paid_at), strong: false });
  if (inv.revision > 0) facts.push({ label: tr(msg`Revision`), value: String(inv.revision), strong: false });

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
            ...(l.tracking_number ? [tr(msg`Package ${{ tracking: l.tracking_number }}`)] : []),
            ...(l.computed_on_cif === false ? [notFromCif()] : []),
          ],
          type: INVOICE_LINE_TYPE_LABELS[l.type],
          quantity: String(l.quantity),
          unitPrice: money(l.unit_price_cents),
          amount: money(l.line_total_cents),
        })),
        total: {
          label: tr(msg`${{ title }} total`),
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
    closing.push({ label: tr(msg`Paid`), value: money(inv.amount_paid_cents), strong: false, key: 'paid' });
    closing.push({
      label: tr(msg`Balance due`),
      value: money(inv.balance_cents),
      strong: true,
      key: 'balance',
    });
  }

  return {
    heading:
      inv.revision > 0
        ? tr(msg`${{ number: inv.number ?? tr(msg`DRAFT`) }} · revision ${{ revision: inv.revision }}`)
        : (inv.number ?? tr(msg`DRAFT`)),
    draft: inv.status === 'draft',
    overdue: inv.status === 'overdue',
    currency: inv.currency,
    billTo: {
      name: inv.customer.name,
      mailbox: tr(msg`Mailbox ${{ mailbox: inv.customer.mailbox_number }}`),
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
      reversed: p.reversed_at
        ? p.reverse_reason
          ? tr(msg`Reversed: ${{ reason: p.reverse_reason }}`)
          : tr(msg`Reversed`)
        : null,
    })),
    notes: inv.notes,
    terms: inv.terms,
  };
}
