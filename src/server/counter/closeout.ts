import { msg } from '@lingui/core/runtime-macro';
import { and, asc, eq, gte, isNull, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { paymentMethods } from '../../contract/constants';
import type { Closeout } from '../../contract/counter';
import type { PaymentMethod } from '../../contract/invoices';
import type { Db } from '../db';
import type { CompanyRow } from '../db/rows';
import { invoices, packageReleases, packages, payments, users } from '../db/schema';
import { badRequest } from '../errors';
import { nameOf } from './billing';
import { dateIn, isTimeZone, nextDate, startOfDay } from './day';

/* The counter's close-out: one day's payments by method and staff, its reversals and its releases. */

const customer = alias(users, 'customer');
const staffUser = alias(users, 'staff_user');
const reverser = alias(users, 'reverser');
const customerColumns = {
  id: customer.id,
  firstName: customer.firstName,
  lastName: customer.lastName,
  mailbox: customer.mailboxNumber,
};
/** Who took a payment or released a parcel (null when that account is gone). */
const staffColumns = { staffFirst: staffUser.firstName, staffLast: staffUser.lastName };

function paymentRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      p: payments,
      number: invoices.number,
      customer: customerColumns,
      ...staffColumns,
      reverserFirst: reverser.firstName,
      reverserLast: reverser.lastName,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(customer, eq(customer.id, payments.userId))
    .leftJoin(staffUser, eq(staffUser.id, payments.recordedBy))
    .leftJoin(reverser, eq(reverser.id, payments.reversedBy))
    .where(where)
    .orderBy(asc(payments.createdAt), asc(payments.id));
}
type PaymentRow = Awaited<ReturnType<typeof paymentRows>>[number];

function releaseRows(db: Db, companyId: string, from: Date, to: Date) {
  return db
    .select({
      r: packageReleases,
      tracking: packages.trackingNumber,
      customer: customerColumns,
      ...staffColumns,
    })
    .from(packageReleases)
    .innerJoin(packages, eq(packages.id, packageReleases.packageId))
    .innerJoin(customer, eq(customer.id, packages.userId))
    .leftJoin(staffUser, eq(staffUser.id, packageReleases.releasedBy))
    .where(
      and(
        eq(packageReleases.companyId, companyId),
        gte(packageReleases.createdAt, from),
        lt(packageReleases.createdAt, to),
      ),
    )
    .orderBy(asc(packageReleases.createdAt), asc(packages.trackingNumber));
}
type ReleaseRow = Awaited<ReturnType<typeof releaseRows>>[number];

const ref = (c: { id: string; firstName: string; lastName: string; mailbox: string }) => ({
  id: c.id,
  name: nameOf(c),
  mailbox_number: c.mailbox,
});
const person = (first: string | null, last: string | null) =>
  first === null ? null : `${first} ${last ?? ''}`.trim();
const byMethod = (rows: { method: PaymentMethod; amount: number }[]) =>
  paymentMethods.map((method) => {
    const of = rows.filter((r) => r.method === method);
    return { method, count: of.length, total_cents: of.reduce((n, r) => n + r.amount, 0) };
  });

/** What the close-out says of any payment: its invoice, whose it is, how much and how it was paid. */
const paymentItem = (t: PaymentRow) => ({
  id: t.p.id,
  invoice_id: t.p.invoiceId,
  invoice_number: t.number,
  customer: ref(t.customer),
  amount_cents: t.p.amountCents,
  method: t.p.method,
});

/** The day's payments: their sums by method and by the staff who took them, and each one. */
function paymentsOf(taken: PaymentRow[]): Closeout['payments'] {
  const flat = taken.map((t) => ({
    method: t.p.method,
    amount: t.p.amountCents,
    staffId: t.p.recordedBy,
    staff: person(t.staffFirst, t.staffLast),
  }));
  const staffIds = [...new Set(flat.map((f) => f.staffId))];
  const byStaff = staffIds
    .map((id) => {
      const of = flat.filter((f) => f.staffId === id);
      return {
        staff_id: id,
        name: of[0]?.staff ?? 'Unknown',
        count: of.length,
        total_cents: of.reduce((n, r) => n + r.amount, 0),
        by_method: byMethod(of),
      };
    })
    .sort((a, b) => b.total_cents - a.total_cents || a.name.localeCompare(b.name));
  return {
    count: flat.length,
    total_cents: flat.reduce((n, r) => n + r.amount, 0),
    by_method: byMethod(flat),
    by_staff: byStaff,
    items: taken.map((t) => ({
      ...paymentItem(t),
      reference: t.p.reference,
      recorded_by: person(t.staffFirst, t.staffLast),
      created_at: t.p.createdAt.toISOString(),
    })),
  };
}

function reversalsOf(reversed: PaymentRow[]): Closeout['reversals'] {
  return {
    count: reversed.length,
    total_cents: reversed.reduce((n, r) => n + r.p.amountCents, 0),
    items: reversed.map((t) => ({
      ...paymentItem(t),
      paid_on: t.p.paidOn,
      reversed_at: (t.p.reversedAt ?? t.p.createdAt).toISOString(),
      reversed_by: person(t.reverserFirst, t.reverserLast),
      reason: t.p.reverseReason ?? '',
    })),
  };
}

function releasesOf(releases: ReleaseRow[]): Closeout['releases'] {
  return {
    count: releases.length,
    with_override: releases.filter((r) => r.r.overrideReason !== null).length,
    items: releases.map((r) => ({
      package_id: r.r.packageId,
      tracking_number: r.tracking,
      customer: ref(r.customer),
      collected_by: r.r.collectedBy,
      id_type: r.r.idType,
      released_by: person(r.staffFirst, r.staffLast),
      override_reason: r.r.overrideReason,
      released_at: r.r.createdAt.toISOString(),
    })),
  };
}

export function createCounterCloseout(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** One day at the counter, from local midnight in `tz`: payments by method and staff, reversals, releases. */
    async closeout(
      company: CompanyRow,
      q: { date?: string | undefined; tz?: string | undefined },
    ): Promise<Closeout> {
      const tz = q.tz || 'UTC';
      if (!isTimeZone(tz))
        throw badRequest(msg`Validation failed`, { tz: ['Not a time zone this server knows'] });
      const date = q.date ?? dateIn(tz);
      const from = startOfDay(date, tz);
      const to = startOfDay(nextDate(date), tz);
      const ofCompany = eq(payments.companyId, company.id);
      const [taken, reversed, releases] = await Promise.all([
        paymentRows(db, and(ofCompany, eq(payments.paidOn, date), isNull(payments.reversedAt))),
        paymentRows(db, and(ofCompany, gte(payments.reversedAt, from), lt(payments.reversedAt, to))),
        releaseRows(db, company.id, from, to),
      ]);
      return {
        date,
        tz,
        from: from.toISOString(),
        to: to.toISOString(),
        currency: company.currency,
        payments: paymentsOf(taken),
        reversals: reversalsOf(reversed),
        releases: releasesOf(releases),
      };
    },
  };
}
