import './i18n';
import { t } from '@lingui/core/macro';
import type { z } from 'zod';
import type {
  CreateInvoiceBody,
  Discount,
  InvoiceDetail,
  InvoiceLineInput,
  InvoiceLineType,
  InvoicePreviewBody,
  UnbilledPackage,
  UpdateInvoiceBody,
} from '../../../contract/invoices';

/**
 * The add/edit form as staff type it: money in currency units ("1,250.00"), rates and the percent discount in
 * percent; the bodies the contract checks are made from it here (integer cents, basis points, rate strings).
 */
export interface LineValues {
  /** The line's identity on screen (React key, focus after a move); never sent. */
  key: string;
  type: InvoiceLineType;
  description: string;
  quantity: number | string;
  /** Currency units, as typed. */
  unit_price: number | string;
  /** Kept on the lines a package added, so the invoice knows what it bills. */
  package_id: string | null;
}

export type DiscountKind = 'none' | 'amount' | 'percent';

export interface InvoiceFormValues {
  customer_id: string;
  lines: LineValues[];
  discount_kind: DiscountKind;
  /** Currency units for `amount`, percent for `percent`. */
  discount_value: number | string;
  /** Percent; empty means the company's rate. */
  tax_rate: number | string;
  issue_date: string | null;
  due_at: string | null;
  notes: string;
  terms: string;
  /** Editing an issued invoice: why (the history and the customer see it). */
  revision_note: string;
}

let keySeq = 0;
export const newLineKey = () => `l${Date.now().toString(36)}-${++keySeq}`;

/**
 * A decimal as typed ("1,250.5", 12.25) as an integer of `scale` decimals (125050, 1225); NaN when it is not a
 * plain non-negative decimal with at most `scale` decimals. Strings are read digit by digit, never through a float.
 */
export function decimalToInt(value: number | string, scale: number): number {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text.replace(/[,\s]/g, ''));
  if (!m) return Number.NaN;
  const frac = m[2] ?? '';
  if (frac.length > scale) return Number.NaN;
  return Number(m[1]) * 10 ** scale + Number(frac.padEnd(scale, '0') || '0');
}

/** Money typed in currency units → integer cents (NaN when not a valid amount). */
export const toCents = (value: number | string) => decimalToInt(value, 2);

/** Integer cents → the number a money input shows (12.5 for 1250; the input pads it to 12.50). */
export const centsToInput = (cents: number) => cents / 100;

/** A whole quantity as typed; NaN otherwise. */
export function toQuantity(value: number | string): number {
  const n = decimalToInt(value, 0);
  return Number.isSafeInteger(n) ? n : Number.NaN;
}

/**
 * A percent as typed ("15", 12.5) → the rate string the contract wants ("0.15", "0.125"); undefined when empty
 * (the company's rate). Something that is no percent from 0 to 100 comes back as it was typed, so the schema
 * refuses it.
 */
export function percentToRate(value: number | string): string | undefined {
  if (value === '' || value === null || value === undefined) return undefined;
  const units = decimalToInt(value, 4); // ten-thousandths of a percent = millionths of the rate
  if (Number.isNaN(units) || units > 1_000_000) return `${value}%`;
  const whole = Math.floor(units / 1_000_000);
  const frac = String(units % 1_000_000)
    .padStart(6, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** A rate string ("0.1500") as the percent a staff member reads and types ("15"). */
export function rateToPercent(rate: string): string {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(rate);
  if (!m) return rate;
  const units = Number(m[1]) * 1_000_000 + Number((m[2] ?? '').slice(0, 6).padEnd(6, '0') || '0');
  const whole = Math.floor(units / 10_000);
  const frac = String(units % 10_000)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

export function discountOf(v: Pick<InvoiceFormValues, 'discount_kind' | 'discount_value'>): Discount | null {
  if (v.discount_kind === 'none') return null;
  // Basis points for a percent (12.5 % = 1250), cents for an amount: both two decimals of what is typed.
  return { kind: v.discount_kind, value: decimalToInt(v.discount_value, 2) };
}

export function lineInput(l: LineValues): InvoiceLineInput {
  return {
    type: l.type,
    description: l.description.trim(),
    quantity: toQuantity(l.quantity),
    unit_price_cents: toCents(l.unit_price),
    package_id: l.package_id,
  };
}

/** The fields create, update and preview share, from the form. */
export function formFields(v: InvoiceFormValues) {
  return {
    lines: v.lines.map(lineInput),
    discount: discountOf(v),
    tax_rate: percentToRate(v.tax_rate),
    issue_date: v.issue_date || null,
    due_at: v.due_at || null,
    notes: v.notes.trim(),
    terms: v.terms.trim(),
  };
}

export type SaveIntent = 'draft' | 'issue' | 'send';

/**
 * A new invoice. Empty terms take the company's. "Issue and send" creates the draft and sends it in a second call
 * (the send issues it): a failed mail then leaves an invoice the screen knows and can resend, never a duplicate.
 */
export function createBody(v: InvoiceFormValues, intent: SaveIntent): CreateInvoiceBody {
  const { terms, ...fields } = formFields(v);
  return {
    customer_id: v.customer_id,
    ...fields,
    ...(terms ? { terms } : {}),
    // biome-ignore lint/suspicious/noThenProperty: the create body's field (a plain JSON value), never awaited
    then: intent === 'issue' ? 'issue' : 'draft',
  };
}

/** An edit: the whole form; `issue` also issues a draft; an issued invoice carries the revision note. */
export function updateBody(v: InvoiceFormValues, intent: SaveIntent, revising: boolean): UpdateInvoiceBody {
  const fields = formFields(v);
  return {
    ...fields,
    // Cleared dates on an issued invoice keep theirs (the server's rule); a draft may clear them.
    ...(intent === 'issue' && !revising ? { status: 'issued' as const } : {}),
    ...(revising ? { revision_note: v.revision_note.trim() } : {}),
  };
}

/** What the preview prices: null while a number on the form is not valid (the totals wait for it). */
export function previewBody(v: InvoiceFormValues): InvoicePreviewBody | null {
  const fields = formFields(v);
  const lines = fields.lines.map((l) => ({
    ...l,
    // The description does not change a figure; a line still being described is priced all the same.
    description: l.description || '—',
  }));
  const numbersValid =
    lines.every(
      (l) =>
        Number.isInteger(l.quantity) &&
        l.quantity >= 1 &&
        l.quantity <= 1000 &&
        Number.isInteger(l.unit_price_cents) &&
        l.unit_price_cents <= 1_000_000_000,
    ) &&
    (fields.discount === null || Number.isInteger(fields.discount.value)) &&
    (fields.tax_rate === undefined || /^(0(\.\d{1,6})?|1(\.0{1,6})?)$/.test(fields.tax_rate));
  if (!numbersValid) return null;
  return {
    ...(v.customer_id ? { customer_id: v.customer_id } : {}),
    lines,
    discount: fields.discount,
    ...(fields.tax_rate === undefined ? {} : { tax_rate: fields.tax_rate }),
  };
}

/** The form's own path for a field the contract (or the server) names: cents and basis points are typed as units. */
export function toFormPath(path: string): string {
  const p = path.replace(/^body\./, '');
  const line = /^lines\.(\d+)\.(\w+)$/.exec(p);
  if (line) return `lines.${line[1]}.${line[2] === 'unit_price_cents' ? 'unit_price' : line[2]}`;
  if (p === 'discount' || p.startsWith('discount.')) return 'discount_value';
  if (p === 'status') return 'form';
  return p;
}

/** Messages in the words of the form (it asks for money and percent, not cents and rates). */
// Run while validating, after the screen has rendered: the global `t` reads the language then.
function formMessage(path: string, issue: { code: string; message: string }): string {
  if (path.endsWith('.unit_price') && issue.code === 'invalid_type')
    return t`Enter the unit price, e.g. 1250.00`;
  if (path.endsWith('.quantity') && issue.code === 'invalid_type') return t`Enter a whole quantity`;
  if (path === 'tax_rate') return t`Enter a rate from 0 to 100 %, or leave it empty for the company’s`;
  if (path === 'discount_value' && issue.code === 'invalid_type')
    return t`Enter the discount, at most 2 decimals`;
  return issue.message;
}

/** A Mantine `validate` function from a contract schema: the body made from the form, checked, mapped back. */
export function validateWith(schema: z.ZodType, toBody: (v: InvoiceFormValues) => unknown) {
  return (values: InvoiceFormValues): Record<string, string> => {
    const errors: Record<string, string> = {};
    const result = schema.safeParse(toBody(values));
    if (!result.success) {
      for (const issue of result.error.issues) {
        const path = toFormPath(issue.path.join('.') || 'form');
        errors[path] ??= formMessage(path, issue);
      }
    }
    if (values.discount_kind === 'percent' && decimalToInt(values.discount_value, 2) > 10_000) {
      errors.discount_value ??= t`At most 100 %`;
    }
    return errors;
  };
}

/** Every field name the server may put a message on, for a form of `lineCount` lines (see applyServerErrors). */
export function serverFieldNames(lineCount: number): Record<string, string> {
  const names = [
    'customer_id',
    'lines',
    'discount',
    'discount.kind',
    'discount.value',
    'tax_rate',
    'issue_date',
    'due_at',
    'notes',
    'terms',
    'revision_note',
  ];
  for (let i = 0; i < lineCount; i++) {
    for (const f of ['type', 'description', 'quantity', 'unit_price_cents', 'package_id']) {
      names.push(`lines.${i}.${f}`);
    }
  }
  return Object.fromEntries(names.map((n) => [n, '']));
}

export function emptyValues(): InvoiceFormValues {
  return {
    customer_id: '',
    lines: [],
    discount_kind: 'none',
    discount_value: '',
    tax_rate: '',
    issue_date: null,
    due_at: null,
    notes: '',
    terms: '',
    revision_note: '',
  };
}

export function blankLine(): LineValues {
  return { key: newLineKey(), type: 'other', description: '', quantity: 1, unit_price: '', package_id: null };
}

function lineValues(l: InvoiceLineInput): LineValues {
  return {
    key: newLineKey(),
    type: l.type,
    description: l.description,
    quantity: l.quantity,
    unit_price: centsToInput(l.unit_price_cents),
    package_id: l.package_id ?? null,
  };
}

/** An invoice as the form edits it. */
export function valuesFromInvoice(inv: InvoiceDetail): InvoiceFormValues {
  return {
    customer_id: inv.customer.id,
    lines: inv.lines.map(lineValues),
    discount_kind: inv.discount?.kind ?? 'none',
    discount_value: inv.discount ? inv.discount.value / 100 : '',
    tax_rate: rateToPercent(inv.tax_rate),
    issue_date: inv.issue_date,
    due_at: inv.due_at,
    notes: inv.notes,
    terms: inv.terms,
    revision_note: '',
  };
}

/** True when the package's lines are on the form. */
export const hasPackage = (lines: LineValues[], packageId: string) =>
  lines.some((l) => l.package_id === packageId);

/** Adds a package's server-computed lines at the end, or takes them all off. */
export function togglePackage(lines: LineValues[], pkg: UnbilledPackage): LineValues[] {
  if (hasPackage(lines, pkg.id)) return lines.filter((l) => l.package_id !== pkg.id);
  return [...lines, ...pkg.lines.map(lineValues)];
}

/** Moves one line up or down (a no-op at either end). */
export function moveLine(lines: LineValues[], index: number, by: -1 | 1): LineValues[] {
  const to = index + by;
  if (to < 0 || to >= lines.length || index < 0 || index >= lines.length) return lines;
  const next = [...lines];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** A calendar date typed as 2026-12-05 or Dec 5, 2026 (what the date fields show) → YYYY-MM-DD, else null. */
export function parseDay(input: string): string | null {
  const text = input.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const date = iso ? new Date(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])) : new Date(text);
  if (Number.isNaN(date.getTime()) || !/\d{4}/.test(text)) return null;
  const out = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  // 2026-02-31 rolls over to March in Date: not a real day.
  if (iso && out !== text) return null;
  return out;
}
