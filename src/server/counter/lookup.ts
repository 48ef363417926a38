import { msg } from '@lingui/core/runtime-macro';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { COUNTER_STATUSES, type CounterLookup, type CounterPackage } from '../../contract/counter';
import { dayIn } from '../../contract/format';
import { trackingNumberSchema } from '../../contract/packages';
import { timeZoneOf } from '../companies/time-zones';
import type { Db } from '../db';
import type { CompanyRow } from '../db/rows';
import {
  authorizedPersons,
  identifications,
  invoiceLines,
  invoices,
  packageReleases,
  packages,
  users,
} from '../db/schema';
import { badRequest, notFound } from '../errors';
import { statusNames } from '../package-status/status-names';
import { passAtCounter } from '../pickup-pass/pickup-pass.service';
import { balanceOf, billingOf, nameOf, OPEN } from './billing';

/* The counter's lookup: a customer's parcels at the branch, what they owe, and who may collect for them. */

type CounterQuery = {
  mailbox?: string | undefined;
  tracking?: string | undefined;
  pass?: string | undefined;
};
const counterStatuses: string[] = [...COUNTER_STATUSES];

/** The customer a lookup names: by mailbox number (digits alone take the company's prefix) or by a package. */
async function customerFor(db: Db, company: CompanyRow, q: CounterQuery) {
  if (q.pass) {
    const { user, pass } = await passAtCounter(db, company, q.pass);
    return { user, scanned: null, how: 'pass' as const, pass };
  }
  if (q.tracking) {
    const parsed = trackingNumberSchema.safeParse(q.tracking);
    if (!parsed.success) {
      throw badRequest(msg`Validation failed`, {
        tracking: [parsed.error.issues[0]?.message ?? 'Not a tracking number'],
      });
    }
    const [pkg] = await db
      .select()
      .from(packages)
      .where(and(eq(packages.companyId, company.id), eq(packages.trackingNumber, parsed.data)))
      .orderBy(desc(packages.createdAt))
      .limit(1);
    if (!pkg) throw notFound(`No package with the tracking number ${parsed.data}`);
    if (!pkg.userId) throw notFound(`${pkg.trackingNumber} is Unassigned: assign it to its customer first`);
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, pkg.userId), eq(users.companyId, company.id)))
      .limit(1);
    if (!user) throw notFound(msg`No customer found`);
    return { user, scanned: pkg, how: 'tracking' as const, pass: null };
  }
  const raw = (q.mailbox ?? '').toUpperCase().replace(/\s+/g, '');
  if (!raw)
    throw badRequest(msg`Validation failed`, { mailbox: ['Enter a mailbox number or scan a package'] });
  const mailbox = /^\d+$/.test(raw) ? `${company.mailboxPrefix}-${raw}` : raw;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.companyId, company.id), eq(users.mailboxNumber, mailbox)))
    .limit(1);
  if (!user) throw notFound(`No customer with the mailbox number ${mailbox}`);
  return { user, scanned: null, how: 'mailbox' as const, pass: null };
}

/** The customer a lookup names, their parcels at the counter, open invoices and authorized persons. */
async function lookup(db: Db, company: CompanyRow, q: CounterQuery): Promise<CounterLookup> {
  const { user, scanned, how, pass } = await customerFor(db, company, q);
  const [names, waiting, open, persons] = await Promise.all([
    statusNames(db),
    db
      .select()
      .from(packages)
      .leftJoin(packageReleases, eq(packageReleases.packageId, packages.id))
      .where(
        and(
          eq(packages.companyId, company.id),
          eq(packages.userId, user.id),
          inArray(packages.statusCode, counterStatuses),
          isNull(packageReleases.id),
        ),
      )
      .orderBy(asc(packages.receivedAt), asc(packages.createdAt))
      .limit(200),
    db
      .select()
      .from(invoices)
      .where(
        and(eq(invoices.companyId, company.id), eq(invoices.userId, user.id), inArray(invoices.status, OPEN)),
      )
      .orderBy(asc(invoices.dueAt), asc(invoices.createdAt)),
    db
      .select({ p: authorizedPersons, idType: identifications })
      .from(authorizedPersons)
      .innerJoin(identifications, eq(identifications.id, authorizedPersons.identificationId))
      .where(
        and(
          eq(authorizedPersons.companyId, company.id),
          eq(authorizedPersons.userId, user.id),
          eq(authorizedPersons.isActive, true),
        ),
      )
      .orderBy(asc(authorizedPersons.fullName)),
  ]);
  const pkgs = waiting.map((w) => w.packages);
  const billing = await billingOf(
    db,
    company.id,
    pkgs.map((p) => p.id),
  );
  const lines = open.length
    ? await db
        .selectDistinct({ invoiceId: invoiceLines.invoiceId, tracking: packages.trackingNumber })
        .from(invoiceLines)
        .innerJoin(packages, eq(packages.id, invoiceLines.packageId))
        .where(
          inArray(
            invoiceLines.invoiceId,
            open.map((i) => i.id),
          ),
        )
    : [];
  let scannedOut: CounterLookup['scanned'] = null;
  if (scanned) {
    const [rel] = await db
      .select()
      .from(packageReleases)
      .where(eq(packageReleases.packageId, scanned.id))
      .limit(1);
    scannedOut = {
      id: scanned.id,
      tracking_number: scanned.trackingNumber,
      status: scanned.statusCode as CounterLookup['packages'][number]['status'],
      status_name: names.get(scanned.statusCode) ?? scanned.statusCode,
      at_counter: !rel && counterStatuses.includes(scanned.statusCode),
      released: rel ? { at: rel.createdAt.toISOString(), collected_by: rel.collectedBy } : null,
    };
  }
  // Past its due date means past it in the company's zone (at 8 pm in Jamaica UTC is already tomorrow).
  const today = dayIn(new Date(), await timeZoneOf(db, company.id));
  const invoicesOut = open.map((i) => ({
    id: i.id,
    number: i.number,
    status: i.status,
    total_cents: i.totalCents,
    amount_paid_cents: i.amountPaidCents,
    balance_cents: balanceOf(i),
    issue_date: i.issueDate,
    due_at: i.dueAt,
    overdue: i.status === 'overdue' || (i.dueAt !== null && i.dueAt < today),
    tracking_numbers: lines.filter((l) => l.invoiceId === i.id).map((l) => l.tracking),
  }));
  return {
    matched_by: how,
    customer: {
      id: user.id,
      name: nameOf(user),
      mailbox_number: user.mailboxNumber,
      email: user.email,
      phone: user.phone,
      is_active: user.isActive,
    },
    scanned: scannedOut,
    pass,
    packages: pkgs.map((p) => ({
      id: p.id,
      tracking_number: p.trackingNumber,
      description: p.description,
      status: p.statusCode as CounterPackage['status'],
      status_name: names.get(p.statusCode) ?? p.statusCode,
      weight: p.weight,
      pieces: p.pieces,
      received_at: p.receivedAt?.toISOString() ?? null,
      ...(billing.get(p.id) ?? { billing: 'not_billed' as const, invoice: null }),
    })),
    invoices: invoicesOut,
    balance_due_cents: invoicesOut.reduce((n, i) => n + i.balance_cents, 0),
    currency: company.currency,
    authorized_persons: persons.map(({ p, idType }) => ({
      id: p.id,
      full_name: p.fullName,
      identification: { id: idType.id, code: idType.code, name: idType.name },
      id_number: p.idNumber,
      relationship: p.relationship,
      phone: p.phone,
    })),
  };
}

export function createCounterLookup(deps: { db: Db }) {
  return {
    lookup: (company: CompanyRow, q: CounterQuery) => lookup(deps.db, company, q),
  };
}
