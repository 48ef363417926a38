import { INVOICE_STATUS_LABELS } from '../../contract/constants';
import { DEFAULT_TIME_ZONE, formatDate, formatExchangeRate, formatMoney } from '../../contract/format';
import {
  type InvoiceDetail,
  type InvoiceLineGroup,
  invoiceClosingRows,
  invoiceLineGroups,
  lineGroupOf,
  NOT_FROM_CIF,
} from '../../contract/invoices';
import type { CompanyRow } from '../db/rows';
import { fitText, hexColor, PdfPage, type Rgb, renderPdf, wrapText } from './pdf';

const GREY: Rgb = [0.42, 0.45, 0.5];
const INK: Rgb = [0.12, 0.16, 0.22];
const WHITE: Rgb = [1, 1, 1];
const LEFT = 48;
const RIGHT = 564;
const BOTTOM = 72;

const TYPE_LABEL: Record<string, string> = {
  shipping: 'Freight',
  handling: 'Handling',
  customs: 'Customs',
  duty: 'Duty',
  tax: 'Tax',
  other: 'Other',
};

const GROUP_TITLE: Record<InvoiceLineGroup, string> = {
  shipping: 'Shipping charges',
  customs: 'Customs charges',
  other: 'Other charges',
};

const METHOD_LABEL: Record<InvoiceDetail['payments'][number]['method'], string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  points: 'Points',
};

/**
 * A print-ready invoice: brand header, bill-to, dates, the lines as a table (over pages as needed), the totals as
 * the server computed them (discount, tax under the company's label), payments, amount paid, balance and terms.
 */
export function invoicePdf(
  company: CompanyRow,
  inv: InvoiceDetail,
  taxLabel = 'Tax',
  timeZone = DEFAULT_TIME_ZONE,
): Buffer {
  // Calendar dates ("2026-12-06") read as that day anywhere; issued and paid times as the company's day.
  const longDate = (iso: string | null) => (iso ? formatDate(iso, timeZone) : '—');
  const brand = hexColor(company.primaryColor);
  const money = (c: number) => formatMoney(c, inv.currency);
  const pages: PdfPage[] = [];
  // Table columns: description | type | qty | unit price | amount
  const col = { desc: LEFT + 8, type: 330, qty: 400, unit: 480, amount: RIGHT - 8 };
  const title = `${inv.number ?? 'DRAFT'}${inv.revision > 0 ? ` · revision ${inv.revision}` : ''}`;

  const newPage = (first: boolean): { page: PdfPage; y: number } => {
    const page = new PdfPage();
    pages.push(page);
    page.rect(0, 732, 612, 60, brand);
    page.text(LEFT, 755, fitText(company.name, 330, 20, 'bold'), { size: 20, font: 'bold', color: WHITE });
    page.text(RIGHT, 762, 'INVOICE', { size: 16, font: 'bold', color: WHITE, align: 'right' });
    page.text(RIGHT, 746, title, { size: 10, color: WHITE, align: 'right' });
    let y = 706;
    if (first) {
      const contact = [company.supportEmail, company.supportPhone, company.website]
        .filter(Boolean)
        .join('  ·  ');
      page.text(LEFT, y, fitText(contact, 516, 9), { size: 9, color: GREY });
      y -= 30;
      page.text(LEFT, y, 'BILL TO', { size: 8, font: 'bold', color: GREY });
      page.text(360, y, 'INVOICE DETAILS', { size: 8, font: 'bold', color: GREY });
      y -= 15;
      const facts: [string, string][] = [
        ['Number', inv.number ?? 'DRAFT (not issued)'],
        ['Status', INVOICE_STATUS_LABELS[inv.status]],
        ['Issued', longDate(inv.issue_date ?? inv.issued_at)],
        ['Due', longDate(inv.due_at)],
        ...(inv.paid_at ? ([['Paid', longDate(inv.paid_at)]] as [string, string][]) : []),
        ...(inv.revision > 0 ? ([['Revision', String(inv.revision)]] as [string, string][]) : []),
      ];
      const bill = [
        [inv.customer.name, 'bold'],
        [`Mailbox ${inv.customer.mailbox_number}`, 'regular'],
        [inv.customer.email, 'regular'],
      ] as const;
      let ly = y;
      for (const [s, font] of bill) {
        page.text(LEFT, ly, fitText(s, 290, 10, font), { size: 10, font });
        ly -= 14;
      }
      let ry = y;
      for (const [k, v] of facts) {
        page.text(360, ry, k, { size: 10, color: GREY });
        page.text(RIGHT, ry, v, {
          size: 10,
          font: k === 'Number' || k === 'Status' ? 'bold' : 'regular',
          align: 'right',
        });
        ry -= 14;
      }
      y = Math.min(ly, ry) - 18;
    }
    // Table header
    page.rect(LEFT, y - 6, RIGHT - LEFT, 20, [0.95, 0.95, 0.97]);
    page.text(col.desc, y, 'Description', { size: 9, font: 'bold', color: GREY });
    page.text(col.type, y, 'Type', { size: 9, font: 'bold', color: GREY });
    page.text(col.qty, y, 'Qty', { size: 9, font: 'bold', color: GREY, align: 'right' });
    page.text(col.unit, y, 'Unit price', { size: 9, font: 'bold', color: GREY, align: 'right' });
    page.text(col.amount, y, 'Amount', { size: 9, font: 'bold', color: GREY, align: 'right' });
    return { page, y: y - 24 };
  };

  let { page, y } = newPage(true);
  // The lines by group, each with its subtotal; the customs group says the CIF value it is computed on.
  for (const group of invoiceLineGroups) {
    const lines = inv.lines.filter((l) => (l.group ?? lineGroupOf(l.type)) === group);
    if (lines.length === 0) continue;
    const bases = group === 'customs' ? (inv.customs_bases ?? []) : [];
    // What the customs lines are computed on, said in full (wrapped, never cut).
    const said = bases.flatMap((b) =>
      wrapText(
        `${bases.length > 1 ? `${b.tracking_number}: ` : ''}computed on the CIF value ${money(b.cif_cents)} = goods ${formatMoney(b.goods_value_usd_cents, 'USD')} at ${formatExchangeRate(b.exchange_rate, inv.currency)} (${money(b.goods_value_cents)}) + freight ${money(b.freight_cents)} + insurance ${money(b.insurance_cents)}`,
        RIGHT - col.desc - 8,
        8,
      ),
    );
    if (y - 18 - said.length * 11 - 28 < BOTTOM) ({ page, y } = newPage(false));
    page.text(col.desc, y, GROUP_TITLE[group], { size: 10, font: 'bold', color: INK });
    y -= 14;
    for (const text of said) {
      page.text(col.desc, y, text, { size: 8, color: GREY });
      y -= 11;
    }
    y -= 4;
    for (const l of lines) {
      // A customs line staff set otherwise than computed says so, so the CIF value above is not taken to explain it.
      const under = [
        l.tracking_number ? `Package ${l.tracking_number}` : '',
        l.computed_on_cif === false ? NOT_FROM_CIF : '',
      ]
        .filter(Boolean)
        .join('  ·  ');
      const rowHeight = under ? 28 : 18;
      if (y - rowHeight < BOTTOM) ({ page, y } = newPage(false));
      page.text(col.desc, y, fitText(l.description, col.type - col.desc - 12, 10), { size: 10 });
      page.text(col.type, y, TYPE_LABEL[l.type] ?? l.type, { size: 10, color: GREY });
      page.text(col.qty, y, String(l.quantity), { size: 10, align: 'right' });
      page.text(col.unit, y, money(l.unit_price_cents), { size: 10, align: 'right' });
      page.text(col.amount, y, money(l.line_total_cents), { size: 10, align: 'right' });
      if (under)
        page.text(col.desc, y - 11, fitText(under, col.unit - col.desc - 60, 8), { size: 8, color: GREY });
      page.line(LEFT, y - rowHeight + 12, RIGHT, y - rowHeight + 12);
      y -= rowHeight;
    }
    if (y - 18 < BOTTOM) ({ page, y } = newPage(false));
    page.text(col.unit, y, `${GROUP_TITLE[group]} total`, {
      size: 10,
      font: 'bold',
      color: GREY,
      align: 'right',
    });
    page.text(col.amount, y, money(lines.reduce((sum, l) => sum + l.line_total_cents, 0)), {
      size: 10,
      font: 'bold',
      align: 'right',
    });
    y -= 24;
  }

  if (inv.status === 'draft') {
    // Every page of a draft says so, large and light, so a printed draft is never taken for a bill.
    for (const p of pages) p.text(150, 400, 'DRAFT', { size: 96, font: 'bold', color: [0.9, 0.9, 0.92] });
  }
  // Ends as the customer's screen does: after the groups' totals, the discount and the company's tax on services
  // (only when there are), the total, then what was paid and the balance (the same rows, from the contract).
  const rows: [string, string, boolean][] = invoiceClosingRows({
    ...inv,
    tax_label: inv.tax_label ?? taxLabel,
    // WinAnsi has no minus sign (U+2212): a hyphen, as printed invoices do.
  }).map((r) => [r.label, r.cents < 0 ? `-${money(-r.cents)}` : money(r.cents), r.strong]);
  if (inv.status !== 'draft' && inv.status !== 'cancelled') {
    rows.push(['Paid', money(inv.amount_paid_cents), false]);
    rows.push(['Balance due', money(inv.balance_cents), true]);
  }
  if (y < BOTTOM + 30 + rows.length * 18) ({ page, y } = newPage(false));
  y -= 8;
  for (const [k, v, strong] of rows) {
    page.text(col.unit, y, k, {
      size: strong ? 12 : 10,
      font: strong ? 'bold' : 'regular',
      color: strong ? INK : GREY,
      align: 'right',
    });
    page.text(col.amount, y, v, {
      size: strong ? 12 : 10,
      font: strong ? 'bold' : 'regular',
      align: 'right',
    });
    y -= strong ? 20 : 15;
  }
  const due =
    inv.status === 'paid'
      ? 'PAID — thank you.'
      : inv.status === 'cancelled'
        ? `CANCELLED — nothing is owed on this invoice.${inv.cancel_reason ? ` (${inv.cancel_reason})` : ''}`
        : inv.status === 'draft'
          ? 'DRAFT — not yet issued; nothing is due on it.'
          : `Please pay ${money(inv.balance_cents)}${inv.due_at ? ` by ${longDate(inv.due_at)}` : ''}.`;
  page.text(LEFT, y - 4, fitText(due, RIGHT - LEFT, 11, 'bold'), {
    size: 11,
    font: 'bold',
    color: inv.status === 'overdue' ? [0.75, 0.1, 0.1] : brand,
  });
  y -= 26;
  const how = inv.how_to_pay;
  if (how && inv.balance_cents > 0) {
    const bank = how.bank_transfer;
    const says = [
      ...(bank
        ? [
            `Bank transfer: ${bank.bank_name}${bank.branch ? `, ${bank.branch}` : ''}; ${bank.account_name}, account ${bank.account_number}${bank.account_type ? `, ${bank.account_type}` : ''}.`,
            `Quote the invoice number as the reference: ${bank.reference}.`,
          ]
        : []),
      ...(how.counter ? [`At the counter: ${how.counter}`] : []),
      ...(how.online_url ? [`Online: ${how.online_url}`] : []),
      `${inv.status === 'overdue' ? 'This invoice is overdue. ' : 'If it is not paid by the due date: '}${how.overdue}`,
    ];
    const wrapped = says.flatMap((line) => wrapText(line, RIGHT - LEFT, 9));
    if (y - 14 - wrapped.length * 13 < BOTTOM) ({ page, y } = newPage(false));
    page.text(LEFT, y, 'HOW TO PAY', { size: 8, font: 'bold', color: GREY });
    y -= 14;
    for (const line of wrapped) {
      page.text(LEFT, y, line, { size: 9, color: INK });
      y -= 13;
    }
    y -= 8;
  }
  if (inv.payments.length > 0) {
    if (y - 18 * (inv.payments.length + 1) < BOTTOM) ({ page, y } = newPage(false));
    page.text(LEFT, y, 'PAYMENTS', { size: 8, font: 'bold', color: GREY });
    y -= 14;
    for (const p of inv.payments) {
      if (y < BOTTOM) ({ page, y } = newPage(false));
      const what = `${longDate(p.paid_on)}  ·  ${METHOD_LABEL[p.method]}${p.reference ? `  ·  ${p.reference}` : ''}${p.reversed_at ? `  ·  reversed${p.reverse_reason ? `: ${p.reverse_reason}` : ''}` : ''}`;
      page.text(LEFT, y, fitText(what, col.unit - LEFT, 9), { size: 9, color: p.reversed_at ? GREY : INK });
      page.text(col.amount, y, p.reversed_at ? `(${money(p.amount_cents)})` : money(p.amount_cents), {
        size: 9,
        align: 'right',
        color: p.reversed_at ? GREY : INK,
      });
      y -= 13;
    }
    y -= 8;
  }
  for (const [label, body] of [
    ['Notes', inv.notes],
    ['Terms', inv.terms],
  ] as const) {
    if (!body) continue;
    for (const line of wrapText(`${label}: ${body}`, RIGHT - LEFT, 9)) {
      if (y < BOTTOM + 12) ({ page, y } = newPage(false));
      page.text(LEFT, y, line, { size: 9, color: GREY });
      y -= 12;
    }
    y -= 2;
  }

  pages.forEach((p, i) => {
    p.line(LEFT, 56, RIGHT, 56);
    p.text(LEFT, 42, fitText(`Thank you for shipping with ${company.name}.`, 380, 8), {
      size: 8,
      color: GREY,
    });
    p.text(RIGHT, 42, `Page ${i + 1} of ${pages.length}`, { size: 8, color: GREY, align: 'right' });
  });
  return renderPdf(pages, { title: `Invoice ${inv.number ?? 'draft'}`, author: company.name });
}
