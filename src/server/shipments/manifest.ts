import { formatMoney } from '../../contract/format';
import type { ShipmentDetail } from '../../contract/shipments';
import type { CompanyRow } from '../db/rows';
import { hexColor, PdfDocument, type PdfPage, type Rgb } from '../pdf/document';
import { csvLine, dollars } from '../staff-packages/package-rows';

const GREY: Rgb = [0.42, 0.45, 0.5];
const WHITE: Rgb = [1, 1, 1];
const LEFT = 36;
const RIGHT = 576;
const BOTTOM = 60;

const usd = (cents: number) => formatMoney(cents, 'USD');

/** The manifest as CSV: one line a package, then a totals line. */
export function manifestCsv(s: ShipmentDetail): string {
  let out = csvLine([
    'Tracking number',
    'Mailbox',
    'Customer',
    'Pieces',
    'Weight (lb)',
    'Value (USD)',
    'Description',
  ]);
  for (const p of s.packages) {
    out += csvLine([
      p.tracking_number,
      p.owner?.mailbox_number ?? '',
      p.owner?.name ?? `Unassigned${p.consignee_hint ? ` (${p.consignee_hint})` : ''}`,
      p.pieces,
      p.weight,
      dollars(p.declared_value_cents),
      p.description,
    ]);
  }
  out += csvLine([
    `Total: ${s.package_count} packages`,
    '',
    '',
    s.pieces,
    s.weight,
    dollars(s.value_cents),
    '',
  ]);
  return out;
}

/** The printable manifest: header with the shipment's facts, the packages as a table over pages, totals. */
export function manifestPdf(company: CompanyRow, s: ShipmentDetail): Promise<Buffer> {
  const brand = hexColor(company.primaryColor);
  const pdf = new PdfDocument({ title: `Manifest ${s.reference}`, author: company.name });
  const fitText = pdf.fitText.bind(pdf);
  const col = {
    tracking: LEFT + 4,
    mailbox: 168,
    customer: 226,
    pieces: 362,
    weight: 410,
    value: 470,
    desc: 480,
  };

  const newPage = (first: boolean): { page: PdfPage; y: number } => {
    const page = pdf.addPage();
    page.rect(0, 740, 612, 52, brand);
    page.text(LEFT, 758, fitText(company.name, 330, 18, 'bold'), { size: 18, font: 'bold', color: WHITE });
    page.text(RIGHT, 764, 'MANIFEST', { size: 14, font: 'bold', color: WHITE, align: 'right' });
    page.text(RIGHT, 750, fitText(s.reference, 200, 10), { size: 10, color: WHITE, align: 'right' });
    let y = 716;
    if (first) {
      const facts = [
        `Reference: ${s.reference}`,
        `Mode: ${s.mode === 'air' ? 'Air' : 'Sea'}`,
        `Departs: ${s.departs_on ?? '—'}`,
        `Status: ${s.status_name}`,
      ].join('     ');
      page.text(LEFT, y, fitText(facts, RIGHT - LEFT, 10), { size: 10 });
      y -= 14;
      if (s.note) {
        page.text(LEFT, y, fitText(`Note: ${s.note}`, RIGHT - LEFT, 9), { size: 9, color: GREY });
        y -= 14;
      }
      y -= 10;
    }
    page.rect(LEFT, y - 5, RIGHT - LEFT, 18, [0.95, 0.95, 0.97]);
    const h = { size: 8, font: 'bold' as const, color: GREY };
    page.text(col.tracking, y, 'Tracking', h);
    page.text(col.mailbox, y, 'Mailbox', h);
    page.text(col.customer, y, 'Customer', h);
    page.text(col.pieces, y, 'Pcs', { ...h, align: 'right' });
    page.text(col.weight, y, 'Weight lb', { ...h, align: 'right' });
    page.text(col.value, y, 'Value', { ...h, align: 'right' });
    page.text(col.desc, y, 'Description', h);
    return { page, y: y - 20 };
  };

  let { page, y } = newPage(true);
  for (const p of s.packages) {
    if (y - 14 < BOTTOM) ({ page, y } = newPage(false));
    const who = p.owner?.name ?? `Unassigned${p.consignee_hint ? ` (${p.consignee_hint})` : ''}`;
    page.text(col.tracking, y, fitText(p.tracking_number, col.mailbox - col.tracking - 6, 8), { size: 8 });
    page.text(col.mailbox, y, fitText(p.owner?.mailbox_number ?? '—', col.customer - col.mailbox - 6, 8), {
      size: 8,
    });
    page.text(col.customer, y, fitText(who, col.pieces - col.customer - 24, 8), { size: 8 });
    page.text(col.pieces, y, String(p.pieces), { size: 8, align: 'right' });
    page.text(col.weight, y, p.weight, { size: 8, align: 'right' });
    page.text(col.value, y, usd(p.declared_value_cents), { size: 8, align: 'right' });
    page.text(col.desc, y, fitText(p.description || '—', RIGHT - col.desc, 8), { size: 8 });
    page.line(LEFT, y - 4, RIGHT, y - 4);
    y -= 14;
  }
  if (y - 20 < BOTTOM) ({ page, y } = newPage(false));
  y -= 6;
  const bold = { size: 9, font: 'bold' as const };
  page.text(col.tracking, y, `Total: ${s.package_count} package${s.package_count === 1 ? '' : 's'}`, bold);
  page.text(col.pieces, y, String(s.pieces), { ...bold, align: 'right' });
  page.text(col.weight, y, s.weight, { ...bold, align: 'right' });
  page.text(col.value, y, usd(s.value_cents), { ...bold, align: 'right' });

  pdf.pages.forEach((p, i) => {
    p.line(LEFT, 44, RIGHT, 44);
    p.text(LEFT, 32, fitText(`${company.name} — manifest ${s.reference}`, 380, 8), { size: 8, color: GREY });
    p.text(RIGHT, 32, `Page ${i + 1} of ${pdf.pages.length}`, { size: 8, color: GREY, align: 'right' });
  });
  return pdf.finish();
}
