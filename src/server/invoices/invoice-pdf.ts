import { msg } from '@lingui/core/runtime-macro';
import { DEFAULT_TIME_ZONE } from '../../contract/format';
import type { InvoiceDetail } from '../../contract/invoices';
import {
  type InvoicePaperRows,
  invoicePaperRows,
  type PaperGroup,
  INVOICE_PAPER_WORDS as W,
} from '../../contract/invoices-paper';
import type { CompanyRow } from '../db/rows';
import { t } from '../i18n';
import { hexColor, PdfDocument, type PdfPage, type Rgb } from '../pdf/document';

const GREY: Rgb = [0.42, 0.45, 0.5];
const INK: Rgb = [0.12, 0.16, 0.22];
const WHITE: Rgb = [1, 1, 1];
const RED: Rgb = [0.75, 0.1, 0.1];
const LEFT = 48;
const RIGHT = 564;
const BOTTOM = 72;
/** Table columns: description | type | qty | unit price | amount (the last three right-aligned on their x). */
const COL = { desc: LEFT + 8, type: 330, qty: 400, unit: 480, amount: RIGHT - 8 };

/** Lays the invoice's rows out over pages: a cursor that opens a new page (with the table's header) when full. */
class Sheet {
  page: PdfPage;
  y = 0;

  constructor(
    readonly pdf: PdfDocument,
    private readonly company: CompanyRow,
    private readonly rows: InvoicePaperRows,
  ) {
    this.page = this.newPage(true);
  }

  /** A new page unless `height` points still fit above the footer. */
  room(height: number): void {
    if (this.y - height < BOTTOM) this.page = this.newPage(false);
  }

  private newPage(first: boolean): PdfPage {
    const { pdf, company, rows } = this;
    const page = pdf.addPage();
    page.rect(0, 732, pdf.width, 60, hexColor(company.primaryColor));
    page.text(LEFT, 755, pdf.fitText(company.name, 330, 20, 'bold'), {
      size: 20,
      font: 'bold',
      color: WHITE,
    });
    page.text(RIGHT, 762, W.document.toUpperCase(), { size: 16, font: 'bold', color: WHITE, align: 'right' });
    page.text(RIGHT, 746, rows.heading, { size: 10, color: WHITE, align: 'right' });
    this.page = page;
    this.y = 706;
    if (first) this.billToAndFacts();
    // The lines' table header, on every page the lines run over.
    const y = this.y;
    const head = { size: 9, font: 'bold' as const, color: GREY };
    page.rect(LEFT, y - 6, RIGHT - LEFT, 20, [0.95, 0.95, 0.97]);
    page.text(COL.desc, y, W.description, head);
    page.text(COL.type, y, W.type, head);
    page.text(COL.qty, y, W.quantity, { ...head, align: 'right' });
    page.text(COL.unit, y, W.unitPrice, { ...head, align: 'right' });
    page.text(COL.amount, y, W.amount, { ...head, align: 'right' });
    this.y = y - 24;
    return page;
  }

  private billToAndFacts(): void {
    const { pdf, page, company, rows } = this;
    const contact = [company.supportEmail, company.supportPhone, company.website]
      .filter(Boolean)
      .join('  ·  ');
    page.text(LEFT, this.y, pdf.fitText(contact, RIGHT - LEFT, 9), { size: 9, color: GREY });
    this.y -= 30;
    page.text(LEFT, this.y, W.billTo.toUpperCase(), { size: 8, font: 'bold', color: GREY });
    page.text(360, this.y, W.details.toUpperCase(), { size: 8, font: 'bold', color: GREY });
    let left = this.y - 15;
    const bill = [
      [rows.billTo.name, 'bold'],
      [rows.billTo.mailbox, 'regular'],
      [rows.billTo.email, 'regular'],
    ] as const;
    for (const [s, font] of bill) {
      page.text(LEFT, left, pdf.fitText(s, 290, 10, font), { size: 10, font });
      left -= 14;
    }
    let right = this.y - 15;
    for (const f of rows.facts) {
      page.text(360, right, f.label, { size: 10, color: GREY });
      page.text(RIGHT, right, f.value, { size: 10, font: f.strong ? 'bold' : 'regular', align: 'right' });
      right -= 14;
    }
    this.y = Math.min(left, right) - 18;
  }

  /** A group's title, what its customs lines are computed on (said in full), its lines and its total. */
  group(g: PaperGroup): void {
    const { pdf } = this;
    const basis = g.basis.flatMap((b) => pdf.wrapText(b, RIGHT - COL.desc - 8, 8));
    this.room(18 + basis.length * 11 + 28);
    this.page.text(COL.desc, this.y, g.title, { size: 10, font: 'bold', color: INK });
    this.y -= 14;
    for (const text of basis) {
      this.page.text(COL.desc, this.y, text, { size: 8, color: GREY });
      this.y -= 11;
    }
    this.y -= 4;
    for (const l of g.lines) {
      const height = 18 + 11 * l.notes.length;
      this.room(height);
      const { page, y } = this;
      page.text(COL.desc, y, pdf.fitText(l.description, COL.type - COL.desc - 12, 10), { size: 10 });
      page.text(COL.type, y, l.type, { size: 10, color: GREY });
      page.text(COL.qty, y, l.quantity, { size: 10, align: 'right' });
      page.text(COL.unit, y, l.unitPrice, { size: 10, align: 'right' });
      page.text(COL.amount, y, l.amount, { size: 10, align: 'right' });
      l.notes.forEach((note, n) => {
        const text = pdf.fitText(note, COL.unit - COL.desc - 60, 8);
        page.text(COL.desc, y - 11 * (n + 1), text, { size: 8, color: GREY });
      });
      page.line(LEFT, y - height + 12, RIGHT, y - height + 12);
      this.y -= height;
    }
    this.room(18);
    this.page.text(COL.unit, this.y, g.total.label, { size: 10, font: 'bold', color: GREY, align: 'right' });
    this.page.text(COL.amount, this.y, g.total.value, { size: 10, font: 'bold', align: 'right' });
    this.y -= 24;
  }

  /** The closing rows (discount, tax, Total, Paid, Balance due) and the sentence saying what is owed. */
  closing(): void {
    const { rows, pdf } = this;
    this.room(30 + rows.closing.length * 18);
    this.y -= 8;
    for (const r of rows.closing) {
      const style = { size: r.strong ? 12 : 10, font: r.strong ? ('bold' as const) : ('regular' as const) };
      this.page.text(COL.unit, this.y, r.label, { ...style, color: r.strong ? INK : GREY, align: 'right' });
      this.page.text(COL.amount, this.y, r.value, { ...style, align: 'right' });
      this.y -= r.strong ? 20 : 15;
    }
    const color = rows.overdue ? RED : hexColor(this.company.primaryColor);
    this.page.text(LEFT, this.y - 4, pdf.fitText(rows.due, RIGHT - LEFT, 11, 'bold'), {
      size: 11,
      font: 'bold',
      color,
    });
    this.y -= 26;
  }

  /** Lines of small text under a heading, kept together on a page. */
  section(title: string, lines: string[], color: Rgb = INK): void {
    const wrapped = lines.flatMap((line) => this.pdf.wrapText(line, RIGHT - LEFT, 9));
    this.room(14 + wrapped.length * 13);
    this.page.text(LEFT, this.y, title.toUpperCase(), { size: 8, font: 'bold', color: GREY });
    this.y -= 14;
    for (const line of wrapped) {
      this.page.text(LEFT, this.y, line, { size: 9, color });
      this.y -= 13;
    }
    this.y -= 8;
  }

  payments(): void {
    const { rows, pdf } = this;
    if (rows.payments.length === 0) return;
    this.room(18 * (rows.payments.length + 1));
    this.page.text(LEFT, this.y, W.payments.toUpperCase(), { size: 8, font: 'bold', color: GREY });
    this.y -= 14;
    for (const p of rows.payments) {
      this.room(0);
      const color = p.reversed ? GREY : INK;
      const what = [p.date, p.method, p.reversed].filter(Boolean).join('  ·  ');
      this.page.text(LEFT, this.y, pdf.fitText(what, COL.unit - LEFT, 9), { size: 9, color });
      this.page.text(COL.amount, this.y, p.reversed ? `(${p.amount})` : p.amount, {
        size: 9,
        align: 'right',
        color,
      });
      this.y -= 13;
    }
    this.y -= 8;
  }

  /** Every page: a light "DRAFT" across a draft, the thanks and "Page i of n". */
  finish(): Promise<Buffer> {
    const { pdf, company, rows } = this;
    pdf.pages.forEach((p, i) => {
      // So a printed draft is never taken for a bill.
      if (rows.draft) p.text(150, 400, t(msg`DRAFT`), { size: 96, font: 'bold', color: [0.9, 0.9, 0.92] });
      p.line(LEFT, 56, RIGHT, 56);
      const thanks = t(msg`Thank you for shipping with ${{ company: company.name }}.`);
      p.text(LEFT, 42, pdf.fitText(thanks, 380, 8), {
        size: 8,
        color: GREY,
      });
      const pageOf = t(msg`Page ${{ page: i + 1 }} of ${{ pages: pdf.pages.length }}`);
      p.text(RIGHT, 42, pageOf, { size: 8, color: GREY, align: 'right' });
    });
    return pdf.finish();
  }
}

/** How to pay, as sentences: what is due, the bank (quoting the invoice number), the counter, online, if late. */
function howToPayLines(rows: InvoicePaperRows): string[] {
  const how = rows.howToPay;
  if (!how) return [];
  return [
    how.due,
    ...(how.bank.length > 0 ? [`${W.bankTransfer}:`] : []),
    ...how.bank.map((r) => `${r.label}: ${r.value}${r.note ? ` ${r.note}` : ''}`),
    ...(how.counter ? [`${W.atTheCounter}: ${how.counter}`] : []),
    ...(how.onlineUrl ? [`${W.payOnline}: ${how.onlineUrl}`] : []),
    how.late,
  ];
}

/**
 * A print-ready invoice from the rows the screens show (contract/invoices-paper.ts): brand header, bill-to and
 * details, the lines by group over pages as needed, the closing rows, how to pay, payments, notes and terms.
 */
export function invoicePdf(
  company: CompanyRow,
  inv: InvoiceDetail,
  taxLabel = t(msg`Tax`),
  timeZone = DEFAULT_TIME_ZONE,
): Promise<Buffer> {
  const rows = invoicePaperRows(inv, { timeZone, taxLabel });
  const number = inv.number ?? t(msg`draft`);
  const sheet = new Sheet(
    new PdfDocument({
      title: t(msg`Invoice ${{ number }}`),
      author: company.name,
    }),
    company,
    rows,
  );
  for (const g of rows.groups) sheet.group(g);
  sheet.closing();
  if (rows.howToPay) sheet.section(W.howToPay, howToPayLines(rows), rows.overdue ? RED : INK);
  sheet.payments();
  for (const [label, body] of [
    [W.notes, rows.notes],
    [W.terms, rows.terms],
  ] as const) {
    if (body) sheet.section(label, [body], GREY);
  }
  return sheet.finish();
}
