import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PackageStatusCode } from '../../contract/constants';
import type { AccountSettings } from '../../contract/fees';
import { DEFAULT_TIME_ZONE, dayIn, formatDate, formatMoney } from '../../contract/format';
import type {
  InvoiceLineType,
  InvoiceStatus,
  InvoiceSummary,
  InvoiceTotals,
  Payment,
} from '../../contract/invoices';
import {
  type CustomsBase,
  type Discount,
  type HowToPay,
  type InvoiceDetail,
  lineGroupOf,
  type StoredCustomsBase,
} from '../../contract/invoices';
import { categoriesOf, settingsOf } from '../companies/account-settings';
import type { Db } from '../db';
import {
  companies,
  invoiceCounters,
  invoiceLines,
  type invoices,
  packages,
  payments,
  users,
} from '../db/schema';
import { notFound } from '../errors';
import { computeEstimate, parseDecimal, roundHalfUp } from '../estimator/duty';
import { categoryCodeFor, packageCharges } from './package-charges';

export type InvoiceRow = typeof invoices.$inferSelect;
type Customer = { id: string; firstName: string; lastName: string; mailboxNumber: string; email: string };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** A calendar date `days` after `from` (read in UTC: pass noon of a calendar date), YYYY-MM-DD. */
export const dateIn = (days: number, from = new Date()) =>
  new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
/** Today as a calendar date in the company's time zone ("2026-11-26" until midnight in Kingston, not UTC's). */
export const today = (timeZone = DEFAULT_TIME_ZONE) => dayIn(new Date(), timeZone);

/** The lines the discount comes off (and the company's tax is charged on). */
export const SERVICE_TYPES: readonly InvoiceLineType[] = ['shipping', 'handling', 'other'];
/** The government's charges, collected as they are: no discount, no company tax on them. */
export const CUSTOMS_TYPES: readonly InvoiceLineType[] = ['customs', 'duty'];

/** Statuses an invoice is open (money owed) in. */
export const OPEN_STATUSES = ['issued', 'partially_paid', 'overdue'] as const satisfies InvoiceStatus[];

export type PricedLine = { type: InvoiceLineType; quantity: number; unit_price_cents: number };

function safe(v: bigint): number {
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new Error('amount out of range');
  }
  return Number(v);
}

/**
 * THE invoice arithmetic (preview, create, update, the PDF all come here). Integer cents as BigInt, the tax rate an
 * exact decimal, rounded half up once:
 * - line total = quantity × unit price;
 * - subtotal = every line but `tax` lines; service = shipping + handling + other; customs = customs + duty;
 * - discount: an amount, or basis points of the service lines (rounded half up), never more than the service lines;
 * - tax = the `tax` lines + tax_rate × (service − discount), rounded half up;
 * - total = subtotal − discount + tax.
 */
export function computeTotals(
  lines: readonly PricedLine[],
  discount: Discount | null | undefined,
  taxRate: string,
): InvoiceTotals & { line_totals: number[] } {
  let service = 0n;
  let customs = 0n;
  let taxLines = 0n;
  const lineTotals: number[] = [];
  for (const l of lines) {
    const t = BigInt(l.quantity) * BigInt(l.unit_price_cents);
    lineTotals.push(safe(t));
    if (l.type === 'tax') taxLines += t;
    else if (CUSTOMS_TYPES.includes(l.type)) customs += t;
    else service += t;
  }
  let off = 0n;
  if (discount && discount.value > 0) {
    off =
      discount.kind === 'amount'
        ? BigInt(discount.value)
        : roundHalfUp(service * BigInt(discount.value), 10_000n);
    if (off > service) off = service;
  }
  const rate = parseDecimal(taxRate);
  const tax = taxLines + roundHalfUp((service - off) * rate.n, rate.d);
  const subtotal = service + customs;
  return {
    line_totals: lineTotals,
    subtotal_cents: safe(subtotal),
    service_cents: safe(service),
    customs_cents: safe(customs),
    discount_cents: safe(off),
    tax_cents: safe(tax),
    total_cents: safe(subtotal - off + tax),
  };
}

/** The stored discount of an invoice row, as the contract shows it. */
export const discountOf = (inv: Pick<InvoiceRow, 'discountKind' | 'discountValue'>): Discount | null =>
  inv.discountKind ? { kind: inv.discountKind, value: inv.discountValue } : null;

/**
 * The status an issued invoice has for its money and due date: paid at a zero balance (with something paid or
 * owed), overdue past the due date, partially paid with something paid, issued otherwise. Drafts and cancelled
 * invoices keep their status.
 */
export function settledStatus(
  inv: Pick<InvoiceRow, 'status' | 'totalCents' | 'amountPaidCents' | 'dueAt'>,
  on = today(),
): InvoiceStatus {
  if (inv.status === 'draft' || inv.status === 'cancelled') return inv.status;
  if (inv.amountPaidCents > 0 && inv.amountPaidCents >= inv.totalCents) return 'paid';
  if (inv.dueAt && inv.dueAt < on) return 'overdue';
  return inv.amountPaidCents > 0 ? 'partially_paid' : 'issued';
}

/** The next invoice number of the company for `year`: INV-2026-000123 (atomic, safe under concurrency). */
export async function nextInvoiceNumber(db: Db, companyId: string, year: number): Promise<string> {
  const [row] = await db
    .insert(invoiceCounters)
    .values({ companyId, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.companyId, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  if (!row) throw new Error('invoice counter returned no row');
  return `INV-${year}-${String(row.last).padStart(6, '0')}`;
}

export function summary(
  inv: InvoiceRow,
  c: Customer,
  tracking: string[],
  split: { service: number; customs: number },
  staff: boolean,
): InvoiceSummary {
  return {
    id: inv.id,
    number: inv.number,
    status: inv.status,
    currency: inv.currency,
    subtotal_cents: inv.subtotalCents,
    service_cents: split.service,
    customs_cents: split.customs,
    discount_cents: inv.discountCents,
    tax_cents: inv.taxCents,
    total_cents: inv.totalCents,
    amount_paid_cents: inv.amountPaidCents,
    balance_cents: inv.status === 'cancelled' ? 0 : inv.totalCents - inv.amountPaidCents,
    revision: inv.revision,
    issue_date: inv.issueDate,
    issued_at: iso(inv.issuedAt),
    due_at: inv.dueAt,
    paid_at: iso(inv.paidAt),
    sent_at: iso(inv.sentAt),
    send_error: staff ? inv.sendError : null,
    cancelled_at: iso(inv.cancelledAt),
    cancel_reason: inv.cancelReason,
    created_at: inv.createdAt.toISOString(),
    updated_at: inv.updatedAt.toISOString(),
    customer: {
      id: c.id,
      name: `${c.firstName} ${c.lastName}`.trim(),
      mailbox_number: c.mailboxNumber,
      email: c.email,
    },
    tracking_numbers: tracking,
    pdf_url: `/v1/invoices/${inv.id}/pdf`,
  };
}

export const customerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  mailboxNumber: users.mailboxNumber,
  email: users.email,
};

/** An invoice's payments, oldest first; a customer sees no staff note and no staff name. */
export async function paymentsOf(db: Db, invoiceId: string, staff: boolean): Promise<Payment[]> {
  const rows = await db
    .select({ p: payments, firstName: users.firstName, lastName: users.lastName })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map(({ p, firstName, lastName }) => ({
    id: p.id,
    amount_cents: p.amountCents,
    paid_on: p.paidOn,
    method: p.method,
    reference: p.reference,
    note: staff ? p.note : '',
    points: p.points,
    recorded_by: staff && firstName !== null ? `${firstName} ${lastName ?? ''}`.trim() : null,
    created_at: p.createdAt.toISOString(),
    reversed_at: iso(p.reversedAt),
    reverse_reason: p.reverseReason,
  }));
}

export async function detailOf(db: Db, inv: InvoiceRow, staff: boolean): Promise<InvoiceDetail> {
  const [[customer], lines, pays] = await Promise.all([
    db.select(customerColumns).from(users).where(eq(users.id, inv.userId)).limit(1),
    db
      .select({
        l: invoiceLines,
        pkg: {
          id: packages.id,
          tracking: packages.trackingNumber,
          description: packages.description,
          status: packages.statusCode,
          weight: packages.weight,
          declaredValueCents: packages.declaredValueCents,
        },
      })
      .from(invoiceLines)
      .leftJoin(packages, eq(packages.id, invoiceLines.packageId))
      .where(eq(invoiceLines.invoiceId, inv.id))
      .orderBy(asc(invoiceLines.position), asc(invoiceLines.id)),
    paymentsOf(db, inv.id, staff),
  ]);
  if (!customer) throw notFound('Invoice not found');
  const [company] = await db
    .select({ exchangeRate: companies.exchangeRate })
    .from(companies)
    .where(eq(companies.id, inv.companyId))
    .limit(1);
  const settings = await settingsOf(db, inv.companyId);
  const pkgs = new Map<string, InvoiceDetail['packages'][number]>();
  for (const { pkg } of lines) {
    if (pkg && !pkgs.has(pkg.id)) {
      pkgs.set(pkg.id, {
        id: pkg.id,
        tracking_number: pkg.tracking,
        description: pkg.description,
        status: pkg.status as PackageStatusCode,
      });
    }
  }
  const t = computeTotals(
    lines.map(({ l }) => ({ type: l.type, quantity: l.quantity, unit_price_cents: l.unitPriceCents })),
    discountOf(inv),
    inv.taxRate,
  );
  const fromCif = computedOnCif(
    lines.map(({ l }) => ({
      type: l.type,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      package_id: l.packageId,
    })),
    inv.customsBases,
  );
  return {
    ...summary(
      inv,
      customer,
      [...pkgs.values()].map((p) => p.tracking_number),
      { service: t.service_cents, customs: t.customs_cents },
      staff,
    ),
    notes: inv.notes,
    terms: inv.terms,
    discount: discountOf(inv),
    tax_rate: inv.taxRate,
    lines: lines.map(({ l, pkg }, i) => ({
      id: l.id,
      position: l.position,
      type: l.type,
      description: l.description,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      line_total_cents: l.lineTotalCents,
      package_id: l.packageId,
      tracking_number: pkg?.tracking ?? null,
      group: lineGroupOf(l.type),
      ...(fromCif[i] !== undefined ? { computed_on_cif: fromCif[i] } : {}),
    })),
    packages: [...pkgs.values()],
    payments: pays,
    customs_bases: inv.customsBases
      ? inv.customsBases.map(shownBase)
      : await customsBasesOf(db, inv, lines, settings, company?.exchangeRate ?? '1'),
    how_to_pay: howToPay(inv, settings),
    tax_label: settings.invoice.tax_label,
  };
}

type LinePackage = {
  id: string;
  tracking: string;
  description: string;
  weight: string;
  declaredValueCents: number;
};
type Category = Awaited<ReturnType<typeof categoriesOf>>[number];

/**
 * The CIF value a package's customs lines are computed on, by the estimator's calculator (the one that prices the
 * lines): goods value at the exchange rate, freight by the weight schedule, insurance by air; with the customs lines
 * that calculator gives for it (packageCharges), so a line staff changed afterwards can be told apart.
 */
export function customsBaseOf(input: {
  pkg: LinePackage;
  categories: readonly Category[];
  settings: AccountSettings;
  exchangeRate: string;
  currency: string;
  at?: Date;
}): StoredCustomsBase {
  const { pkg, categories, settings, exchangeRate } = input;
  const code = categoryCodeFor(pkg.description);
  const category = categories.find((c) => c.code === code) ?? categories.find((c) => c.code === 'general');
  const weight = Math.round(Number(pkg.weight) * 100);
  const e = computeEstimate({
    valueUsdCents: pkg.declaredValueCents,
    weightHundredths: weight > 0 ? weight : 100,
    method: 'air',
    dutyRate: category?.dutyRate ?? '0',
    gctRate: category?.gctRate ?? '0',
    exchangeRate,
    settings,
  });
  const { lines } = packageCharges({
    pkg: {
      id: pkg.id,
      trackingNumber: pkg.tracking,
      description: pkg.description,
      weight: pkg.weight,
      declaredValueCents: pkg.declaredValueCents,
      statusCode: '',
      readySince: null,
    },
    category: category ?? null,
    settings,
    exchangeRate,
    currency: input.currency,
  });
  return {
    package_id: pkg.id,
    tracking_number: pkg.tracking,
    description: pkg.description,
    goods_value_usd_cents: pkg.declaredValueCents,
    exchange_rate: exchangeRate,
    goods_value_cents: e.valueJmd,
    freight_cents: e.freight,
    insurance_cents: e.insurance,
    cif_cents: e.cif,
    computed_at: (input.at ?? new Date()).toISOString(),
    computed_lines: lines
      .filter((l) => lineGroupOf(l.type) === 'customs')
      .map((l) => ({ type: l.type, unit_price_cents: l.unit_price_cents })),
  };
}

type PricedPackageLine = {
  type: InvoiceLineType;
  quantity: number;
  unit_price_cents: number;
  package_id?: string | null | undefined;
};

/**
 * The customs bases to store with an invoice's lines (same transaction): one per package with a customs line and a
 * declared value. An issued invoice keeps the ones it was issued with (`frozen`): only a package a revision adds gets
 * one. A draft's follow today's exchange rate and settings, except where its customs lines are still those computed on
 * the stored value (lines saved again unchanged after the rate moved): that value still explains them.
 */
export async function storedCustomsBases(
  db: Db,
  companyId: string,
  lines: readonly PricedPackageLine[],
  previous: readonly StoredCustomsBase[] | null,
  frozen: boolean,
): Promise<StoredCustomsBase[]> {
  const ids = [
    ...new Set(
      lines
        .filter((l) => l.package_id && lineGroupOf(l.type) === 'customs')
        .map((l) => l.package_id as string),
    ),
  ];
  if (ids.length === 0) return [];
  const before = new Map((previous ?? []).map((b) => [b.package_id, b]));
  const missing = frozen ? ids.filter((id) => !before.has(id)) : ids;
  const fresh = new Map<string, StoredCustomsBase>();
  if (missing.length > 0) {
    const [pkgs, [company], settings, categories] = await Promise.all([
      db
        .select({
          id: packages.id,
          tracking: packages.trackingNumber,
          description: packages.description,
          weight: packages.weight,
          declaredValueCents: packages.declaredValueCents,
        })
        .from(packages)
        .where(and(eq(packages.companyId, companyId), inArray(packages.id, missing))),
      db
        .select({ exchangeRate: companies.exchangeRate, currency: companies.currency })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1),
      settingsOf(db, companyId),
      categoriesOf(db, companyId),
    ]);
    const at = new Date();
    for (const pkg of pkgs) {
      if (pkg.declaredValueCents <= 0) continue;
      fresh.set(
        pkg.id,
        customsBaseOf({
          pkg,
          categories,
          settings,
          exchangeRate: company?.exchangeRate ?? '1',
          currency: company?.currency ?? 'JMD',
          at,
        }),
      );
    }
  }
  const explains = (id: string, base: StoredCustomsBase) =>
    computedOnCif(
      lines.filter((l) => l.package_id === id).map((l) => ({ ...l, package_id: l.package_id ?? null })),
      [base],
    ).every((v) => v !== false);
  return ids.flatMap((id) => {
    const was = before.get(id);
    const now = fresh.get(id);
    if (frozen && was) return [was];
    if (was && now && !explains(id, now) && explains(id, was)) return [was];
    const b = now ?? was;
    return b ? [b] : [];
  });
}

/**
 * Which customs lines are the figures computed on their package's stored CIF value: each computed line is matched
 * once, by type and amount; a line staff changed (or added) is not. Undefined where nothing is stored.
 */
export function computedOnCif(
  lines: readonly {
    type: InvoiceLineType;
    quantity: number;
    unit_price_cents: number;
    package_id: string | null;
  }[],
  stored: readonly StoredCustomsBase[] | null,
): (boolean | undefined)[] {
  if (!stored) return lines.map(() => undefined);
  const left = new Map(stored.map((b) => [b.package_id, [...b.computed_lines]]));
  return lines.map((l) => {
    if (lineGroupOf(l.type) !== 'customs' || !l.package_id) return undefined;
    const pool = left.get(l.package_id);
    if (!pool) return undefined;
    const i = pool.findIndex((c) => c.type === l.type && c.unit_price_cents === l.unit_price_cents);
    if (i < 0 || l.quantity !== 1) return false;
    pool.splice(i, 1);
    return true;
  });
}

/** What the customer sees of a stored base (its computed lines stay on the server). */
const shownBase = ({ computed_lines: _, ...b }: StoredCustomsBase): CustomsBase => b;

/**
 * Today's CIF value of each package with customs lines, for invoices older than the stored value: the exchange rate
 * and settings of today, which may differ from those the lines were computed with.
 */
async function customsBasesOf(
  db: Db,
  inv: InvoiceRow,
  lines: { l: { type: InvoiceLineType }; pkg: LinePackage | null }[],
  settings: AccountSettings,
  exchangeRate: string,
): Promise<CustomsBase[]> {
  const taxed = new Map<string, LinePackage>();
  for (const { l, pkg } of lines) {
    if (pkg && pkg.declaredValueCents > 0 && lineGroupOf(l.type) === 'customs') taxed.set(pkg.id, pkg);
  }
  if (taxed.size === 0) return [];
  const categories = await categoriesOf(db, inv.companyId);
  return [...taxed.values()].map((pkg) => {
    const {
      computed_lines: _,
      computed_at: __,
      ...b
    } = customsBaseOf({
      pkg,
      categories,
      settings,
      exchangeRate,
      currency: inv.currency,
    });
    return b;
  });
}

/** How to pay, while something is owed: the company's methods, the invoice number as the bank reference. */
function howToPay(inv: InvoiceRow, settings: AccountSettings): HowToPay | null {
  if (!inv.number || inv.status === 'draft' || inv.status === 'paid' || inv.status === 'cancelled')
    return null;
  const p = settings.payment;
  const bank = p.bank_transfer;
  return {
    bank_transfer: bank.account_number ? { ...bank, reference: inv.number } : null,
    counter: p.counter || null,
    online_url: p.online_url || null,
    overdue: p.overdue,
  };
}

/** Service and customs sums of many invoices at once (the list's rows), from their lines. */
export async function splitsOf(db: Db, companyId: string, ids: string[]) {
  const out = new Map<string, { service: number; customs: number }>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      invoiceId: invoiceLines.invoiceId,
      service:
        sql<number>`coalesce(sum(${invoiceLines.lineTotalCents}) filter (where ${invoiceLines.type} in ('shipping','handling','other')), 0)`.mapWith(
          Number,
        ),
      customs:
        sql<number>`coalesce(sum(${invoiceLines.lineTotalCents}) filter (where ${invoiceLines.type} in ('customs','duty')), 0)`.mapWith(
          Number,
        ),
    })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.companyId, companyId), inArray(invoiceLines.invoiceId, ids)))
    .groupBy(invoiceLines.invoiceId);
  for (const r of rows) out.set(r.invoiceId, { service: r.service, customs: r.customs });
  return out;
}

export type InvoiceNotice = 'issued' | 'updated' | 'payment' | 'paid' | 'cancelled';

/** What the customer reads (bell and mail) when an invoice is issued, changed, paid or cancelled. */
export function invoiceNotice(inv: InvoiceRow, what: InvoiceNotice, amountCents = 0) {
  const total = formatMoney(inv.totalCents, inv.currency);
  const balance = formatMoney(Math.max(0, inv.totalCents - inv.amountPaidCents), inv.currency);
  const n = inv.number ?? 'draft';
  return {
    issued: {
      title: `Invoice ${n} is ready`,
      body: `Your invoice ${n} for ${total} is ready${inv.dueAt ? `, due by ${formatDate(inv.dueAt)}` : ''}.`,
    },
    updated: {
      title: `Invoice ${n} was updated`,
      body: `Your invoice ${n} was revised: the total is now ${total}, the balance ${balance}.`,
    },
    payment: {
      title: `Payment received for ${n}`,
      body: `We received ${formatMoney(amountCents, inv.currency)} on invoice ${n}. The balance is ${balance}.`,
    },
    paid: {
      title: `Invoice ${n} is paid`,
      body: `We received your payment${amountCents ? ` of ${formatMoney(amountCents, inv.currency)}` : ''}: invoice ${n} (${total}) is paid in full. Thank you.`,
    },
    cancelled: {
      title: `Invoice ${n} was cancelled`,
      body: `Invoice ${n} (${total}) was cancelled; you owe nothing on it.`,
    },
  }[what];
}

/** The rows of an invoice's lines, in order, each with its total. */
export function lineRows(
  invoiceId: string,
  companyId: string,
  lines: {
    type: InvoiceLineType;
    description: string;
    quantity: number;
    unit_price_cents: number;
    package_id?: string | null | undefined;
  }[],
) {
  return lines.map((l, i) => ({
    invoiceId,
    companyId,
    position: i + 1,
    type: l.type,
    description: l.description,
    quantity: l.quantity,
    unitPriceCents: l.unit_price_cents,
    lineTotalCents: l.quantity * l.unit_price_cents,
    packageId: l.package_id ?? null,
  }));
}
