import { asc, eq } from 'drizzle-orm';
import { formatMoney } from '../../contract/format';
import {
  type InvoiceLineType,
  type InvoiceStatus,
  lineGroupOf,
  type StoredCustomsBase,
} from '../../contract/invoices';
import { settingsOf } from '../companies/account-settings';
import type { Db } from '../db/index';
import { type companies, invoiceLines, invoices, packages, payments, type users } from '../db/schema';
import { computeEstimate, percent, pricingOf } from '../estimator/duty';
import { customsBaseOf } from '../invoices/customs-bases';
import { nextInvoiceNumber } from '../invoices/invoice-issue';
import { lineRows } from '../invoices/invoice-records';
import { computeTotals } from '../invoices/invoice-totals';
import { categoryCodeFor } from '../invoices/package-charges';
import { categoriesInForce, ratesInForce } from '../rates/in-force';

const DAY = 86_400_000;

type Company = typeof companies.$inferSelect;
type User = typeof users.$inferSelect;
type Package = typeof packages.$inferSelect;
type LinePlan = {
  type: InvoiceLineType;
  description: string;
  quantity: number;
  unit_price_cents: number;
  package_id: string;
};

/* The demo customers' invoices, built from their packages the way staff would draft and issue them. */

async function linesFor(db: Db, company: Company, pkg: Package): Promise<LinePlan[]> {
  const [settings, rates, categories] = await Promise.all([
    settingsOf(db, company.id),
    ratesInForce(db, company.id),
    categoriesInForce(db, company.id),
  ]);
  const code = categoryCodeFor(pkg.description);
  const category = categories.find((c) => c.code === code);
  const e = computeEstimate({
    valueUsdCents: pkg.declaredValueCents,
    weightHundredths: Math.round(Number(pkg.weight) * 100),
    method: 'air',
    dutyRate: category?.dutyRate ?? '0.20',
    gctRate: category?.gctRate ?? '0.15',
    exchangeRate: rates.exchange_rate,
    settings: pricingOf(rates, settings.customs, 'air'),
  });
  const base = { quantity: 1, package_id: pkg.id };
  const lines: LinePlan[] = [
    {
      ...base,
      type: 'shipping',
      description: `Air freight, ${e.chargeableLb} lb: ${pkg.description}`,
      unit_price_cents: e.freight,
    },
  ];
  if (e.handling > 0) {
    lines.push({ ...base, type: 'handling', description: 'Handling', unit_price_cents: e.handling });
  }
  if (e.duty > 0) {
    lines.push({
      ...base,
      type: 'duty',
      description: `Import duty (${percent(category?.dutyRate ?? '0.20')} % of CIF ${formatMoney(e.cif)})`,
      unit_price_cents: e.duty,
    });
  }
  if (!e.deMinimisApplied) {
    lines.push({
      ...base,
      type: 'customs',
      description: 'Customs fees: SCF, environmental levy, stamp duty, CAF',
      unit_price_cents: e.scf + e.envl + e.stamp + e.caf,
    });
  }
  if (e.gct > 0) {
    lines.push({
      ...base,
      type: 'tax',
      description: `GCT on import (${percent(category?.gctRate ?? '0.15')} %)`,
      unit_price_cents: e.gct,
    });
  }
  return lines;
}

type InvoicePlan = {
  status: InvoiceStatus;
  /** Share of the total paid (in percent) for a partly paid invoice; paid ones are paid in full. */
  paidPercent?: number;
  issuedAt: Date | null;
  dueAt: string | null;
  paidAt: Date | null;
  cancelledAt: Date | null;
  createdAt: Date;
  pkgs: Package[];
  notes: string;
};

const day = (d: Date) => d.toISOString().slice(0, 10);

export async function seedInvoices(
  db: Db,
  company: Company,
  user: User,
  staff: User | null,
  full: boolean,
): Promise<string[]> {
  const [has] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.userId, user.id))
    .limit(1);
  if (has) return [];
  const settings = await settingsOf(db, company.id);
  const pkgs = await db
    .select()
    .from(packages)
    .where(eq(packages.userId, user.id))
    .orderBy(asc(packages.createdAt), asc(packages.id));
  const by = (s: string) => pkgs.filter((p) => p.statusCode === s);
  const now = Date.now();
  const plans: InvoicePlan[] = [];

  // Delivered: paid, two days before collection. The two oldest share one invoice (consolidated shipment).
  const delivered = by('delivered');
  const groups: Package[][] = [];
  for (let i = 0; i < delivered.length; i++) {
    const p = delivered[i];
    if (!p) continue;
    if (i === 0 && full && delivered[1]) {
      groups.push([p, delivered[1]]);
      i++;
    } else groups.push([p]);
  }
  for (const g of groups) {
    const collected = (g[g.length - 1]?.deliveredAt ?? new Date(now - 10 * DAY)).getTime();
    const issued = new Date(collected - 2 * DAY);
    plans.push({
      status: 'paid',
      issuedAt: issued,
      dueAt: day(new Date(issued.getTime() + settings.invoice_due_days * DAY)),
      paidAt: new Date(collected - 2 * 3_600_000),
      cancelledAt: null,
      createdAt: issued,
      pkgs: g,
      notes: g.length > 1 ? 'Two packages shipped together.' : '',
    });
  }
  // Ready for pickup / out for delivery: issued in the last days. The first one ready has been waiting: overdue.
  const ready = [...by('ready_for_pickup'), ...by('out_for_delivery')];
  ready.forEach((p, i) => {
    const overdue = i === 0 && full;
    // The second one ready was partly paid at the counter (a deposit), the rest is due at pickup.
    const partly = i === 1 && full;
    const issued = new Date(now - (overdue ? 25 : 1 + (i % 5)) * DAY);
    plans.push({
      status: overdue ? 'overdue' : partly ? 'partially_paid' : 'issued',
      ...(partly ? { paidPercent: 40 } : {}),
      issuedAt: issued,
      dueAt: day(new Date(issued.getTime() + settings.invoice_due_days * DAY)),
      paidAt: null,
      cancelledAt: null,
      createdAt: issued,
      pkgs: [p],
      notes: overdue ? 'Storage charges apply after the free days; please pay to collect.' : '',
    });
  });
  if (full) {
    // A draft still being prepared (staff only) and one cancelled for a returned parcel.
    const customs = by('at_customs')[0];
    if (customs) {
      const created = new Date(now - DAY);
      plans.push({
        status: 'draft',
        issuedAt: null,
        dueAt: null,
        paidAt: null,
        cancelledAt: null,
        createdAt: created,
        pkgs: [customs],
        notes: 'Waiting for the customs assessment.',
      });
    }
    const returned = by('returned')[0];
    if (returned) {
      const issued = new Date((returned.receivedAt ?? new Date(now - 30 * DAY)).getTime() + DAY);
      plans.push({
        status: 'cancelled',
        issuedAt: issued,
        dueAt: day(new Date(issued.getTime() + settings.invoice_due_days * DAY)),
        paidAt: null,
        cancelledAt: new Date(issued.getTime() + 2 * DAY),
        createdAt: issued,
        pkgs: [returned],
        notes: 'Cancelled: the parcel was returned to the seller.',
      });
    }
  }

  plans.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const [categories, rates] = await Promise.all([
    categoriesInForce(db, company.id),
    ratesInForce(db, company.id),
  ]);
  const ids: string[] = [];
  for (const plan of plans) {
    const lines: LinePlan[] = [];
    // The CIF value of each package's customs lines, stored as the invoice was issued (with the lines it gave).
    const customsBases: StoredCustomsBase[] = [];
    for (const p of plan.pkgs) {
      const own = await linesFor(db, company, p);
      lines.push(...own);
      const customs = own.filter((l) => lineGroupOf(l.type) === 'customs');
      if (customs.length > 0 && p.declaredValueCents > 0) {
        const base = customsBaseOf({
          pkg: { ...p, tracking: p.trackingNumber },
          categories,
          rates,
          settings,
          currency: company.currency,
          at: plan.issuedAt ?? plan.createdAt,
        });
        base.computed_lines = customs.map((l) => ({ type: l.type, unit_price_cents: l.unit_price_cents }));
        customsBases.push(base);
      }
    }
    const t = computeTotals(lines, null, '0');
    const year = (plan.issuedAt ?? plan.createdAt).getUTCFullYear();
    // What was paid: paid ones in full (the consolidated one in two goes), a partly paid one its share.
    const paidParts: { cents: number; method: 'cash' | 'card' | 'bank_transfer'; on: Date }[] = [];
    if (plan.status === 'paid' && plan.paidAt) {
      if (plan.pkgs.length > 1) {
        const first = Math.round(t.total_cents / 2);
        paidParts.push({ cents: first, method: 'bank_transfer', on: new Date(plan.paidAt.getTime() - DAY) });
        paidParts.push({ cents: t.total_cents - first, method: 'card', on: plan.paidAt });
      } else paidParts.push({ cents: t.total_cents, method: 'cash', on: plan.paidAt });
    } else if (plan.paidPercent && plan.issuedAt) {
      const cents = Math.round((t.total_cents * plan.paidPercent) / 100);
      paidParts.push({ cents, method: 'card', on: new Date(plan.issuedAt.getTime() + 3_600_000) });
    }
    const amountPaidCents = paidParts.reduce((sum, part) => sum + part.cents, 0);
    const [inv] = await db
      .insert(invoices)
      .values({
        companyId: company.id,
        userId: user.id,
        // A draft has no number: numbers are handed out on issue.
        number: plan.status === 'draft' ? null : await nextInvoiceNumber(db, company.id, year),
        status: plan.status,
        currency: company.currency,
        subtotalCents: t.subtotal_cents,
        taxCents: t.tax_cents,
        totalCents: t.total_cents,
        amountPaidCents,
        customsBases,
        terms: settings.invoice.terms,
        notes: plan.notes,
        issueDate: plan.issuedAt ? day(plan.issuedAt) : null,
        issuedAt: plan.issuedAt,
        dueAt: plan.dueAt,
        paidAt: plan.paidAt,
        sentAt: plan.issuedAt,
        cancelledAt: plan.cancelledAt,
        cancelReason: plan.cancelledAt ? 'The parcel was returned to the seller.' : null,
        createdBy: staff?.id ?? null,
        createdAt: plan.createdAt,
        updatedAt: plan.paidAt ?? plan.cancelledAt ?? plan.createdAt,
      })
      .returning();
    if (!inv) continue;
    ids.push(inv.id);
    await db.insert(invoiceLines).values(lineRows(inv.id, company.id, lines));
    if (paidParts.length > 0) {
      await db.insert(payments).values(
        paidParts.map((part, i) => ({
          companyId: company.id,
          invoiceId: inv.id,
          userId: user.id,
          amountCents: part.cents,
          paidOn: day(part.on),
          method: part.method,
          reference: part.method === 'bank_transfer' ? `TRF-${inv.number?.slice(-6) ?? ''}` : '',
          note: i === 0 && plan.paidPercent ? 'Deposit at the counter' : '',
          recordedBy: staff?.id ?? null,
          createdAt: part.on,
        })),
      );
    }
  }
  return ids;
}
