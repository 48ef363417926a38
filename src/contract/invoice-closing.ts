/**
 * How an invoice's charges end (discount, tax on services, total), shared by the screen and the PDF; apart from
 * invoices.ts so that file stays readable.
 */
import { msg } from '@lingui/core/runtime-macro';
import { formatRate } from './format';
import { tr } from './i18n';
import type { InvoiceDetail } from './invoices';

/** Said of a customs line staff set otherwise than computed on the CIF value (a customs assessment, a correction). */
export const notFromCif = () => tr(msg`Set by our staff, not computed on the CIF value`);

type Closing = Pick<
  InvoiceDetail,
  'lines' | 'discount' | 'discount_cents' | 'tax_cents' | 'tax_rate' | 'tax_label' | 'total_cents'
>;

/**
 * The sales tax the company charges on its services (its rate on shipping, handling and other, after the
 * discount): the invoice's tax less the GCT on imports, which is a customs line.
 */
export const serviceTaxOf = (inv: Pick<Closing, 'lines' | 'tax_cents'>) =>
  inv.tax_cents - inv.lines.filter((l) => l.type === 'tax').reduce((s, l) => s + l.line_total_cents, 0);

/**
 * How the screen and the PDF end an invoice's charges, after the groups' totals: the discount, the tax on services
 * (both only when there is one), then the total. Amounts in minor units, the discount negative.
 */
export function invoiceClosingRows(inv: Closing): { label: string; cents: number; strong: boolean }[] {
  const rows: { label: string; cents: number; strong: boolean }[] = [];
  if (inv.discount_cents > 0) {
    const pct = inv.discount?.kind === 'percent' ? ` (${formatRate(inv.discount.value / 10_000)})` : '';
    rows.push({ label: tr(msg`Discount${{ percent: pct }}`), cents: -inv.discount_cents, strong: false });
  }
  const serviceTax = serviceTaxOf(inv);
  if (serviceTax !== 0) {
    const rate = Number(inv.tax_rate) > 0 ? ` (${formatRate(inv.tax_rate)})` : '';
    rows.push({
      label: tr(msg`${{ tax: inv.tax_label || tr(msg`Tax`) }} on services${{ rate }}`),
      cents: serviceTax,
      strong: false,
    });
  }
  rows.push({ label: tr(msg`Total`), cents: inv.total_cents, strong: true });
  return rows;
}
