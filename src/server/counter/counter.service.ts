import { and, asc, desc, eq, gte, inArray, isNull, lt, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { paymentMethods } from '../../contract/constants';
import {
  type Closeout,
  COUNTER_STATUSES,
  type CounterBilling,
  type CounterLookup,
  type CounterPackage,
  maskIdNumber,
  type ReleaseResult,
} from '../../contract/counter';
import { dayIn } from '../../contract/format';
import type { InvoiceStatus, PaymentMethod } from '../../contract/invoices';
import { trackingNumberSchema } from '../../contract/packages';
import { timeZoneOf } from '../companies/time-zones';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import {
  authorizedPersons,
  identifications,
  invoiceLines,
  invoices,
  packageReleases,
  packages,
  payments,
  users,
} from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import type { PackageStatus } from '../package-status/move-status';
import { mayMove } from '../package-status/rules';
import { nameIn, statusNames } from '../package-status/status-names';
import { dateIn, isTimeZone, nextDate, startOfDay } from './day';

type InvoiceRow = typeof invoices.$inferSelect;

/** Invoices a customer still owes on. */
const OPEN: InvoiceStatus[] = ['issued', 'partially_paid', 'overdue'];
const counterStatuses: string[] = [...COUNTER_STATUSES];

const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
/** What is left to pay: nothing on a paid invoice (older paid rows may not carry amount_paid). */
const balanceOf = (i: Pick<InvoiceRow, 'status' | 'totalCents' | 'amountPaidCents'>) =>
  i.status === 'paid' ? 0 : Math.max(0, i.totalCents - i.amountPaidCents);
/** ID numbers as people write them: case, spaces and dashes aside. */
const plainId = (s: string) => s.replace(/[\s-]/g, '').toUpperCase();

/**
 * How each package stands with its invoices (cancelled ones aside): unpaid when any issued invoice of it has a
 * balance, paid when it is on issued invoices all settled, else not billed (a draft at most).
 */
async function billingOf(
  q: Db,
  companyId: string,
  packageIds: string[],
): Promise<Map<string, { billing: CounterBilling; invoice: CounterPackage['invoice'] }>> {
  const out = new Map<string, { billing: CounterBilling; invoice: CounterPackage['invoice'] }>();
  for (const id of packageIds) out.set(id, { billing: 'not_billed', invoice: null });
  if (packageIds.length === 0) return out;
  const rows = await q
    .selectDistinct({
      packageId: invoiceLines.packageId,
      id: invoices.id,
      number: invoices.number,
      status: invoices.status,
      totalCents: invoices.totalCents,
      amountPaidCents: invoices.amountPaidCents,
      createdAt: invoices.createdAt,
    })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(
      and(
        eq(invoices.companyId, companyId),
        inArray(invoiceLines.packageId, packageIds),
        ne(invoices.status, 'cancelled'),
      ),
    )
    .orderBy(asc(invoices.createdAt));
  const rank: Record<CounterBilling, number> = { not_billed: 0, paid: 1, unpaid: 2 };
  for (const r of rows) {
    if (!r.packageId) continue;
    const balance = balanceOf(r);
    const billing: CounterBilling = r.status === 'draft' ? 'not_billed' : balance > 0 ? 'unpaid' : 'paid';
    const had = out.get(r.packageId);
    // The worst standing wins: one unpaid invoice is enough to hold the parcel.
    if (!had || (had.invoice && rank[billing] <= rank[had.billing])) continue;
    out.set(r.packageId, {
      billing,
      invoice: { id: r.id, number: r.number, status: r.status, balance_cents: balance },
    });
  }
  return out;
}

/** The pickup counter: a customer's parcels at the branch and what they owe, releases, and the day's close-out. */
export function createCounterService(deps: { db: Db; status: PackageStatus }) {
  const { db } = deps;

  /** The customer a lookup names: by mailbox number (digits alone take the company's prefix) or by a package. */
  async function customerFor(
    company: CompanyRow,
    q: { mailbox?: string | undefined; tracking?: string | undefined },
  ) {
    if (q.tracking) {
      const parsed = trackingNumberSchema.safeParse(q.tracking);
      if (!parsed.success) {
        throw badRequest('Validation failed', {
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
      if (!user) throw notFound('No customer found');
      return { user, scanned: pkg, how: 'tracking' as const };
    }
    const raw = (q.mailbox ?? '').toUpperCase().replace(/\s+/g, '');
    if (!raw)
      throw badRequest('Validation failed', { mailbox: ['Enter a mailbox number or scan a package'] });
    const mailbox = /^\d+$/.test(raw) ? `${company.mailboxPrefix}-${raw}` : raw;
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.companyId, company.id), eq(users.mailboxNumber, mailbox)))
      .limit(1);
    if (!user) throw notFound(`No customer with the mailbox number ${mailbox}`);
    return { user, scanned: null, how: 'mailbox' as const };
  }

  const service = {
    async lookup(
      company: CompanyRow,
      q: { mailbox?: string | undefined; tracking?: string | undefined },
    ): Promise<CounterLookup> {
      const { user, scanned, how } = await customerFor(company, q);
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
            and(
              eq(invoices.companyId, company.id),
              eq(invoices.userId, user.id),
              inArray(invoices.status, OPEN),
            ),
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
    },

    /**
     * Hands parcels over in `tx` (the Idempotency-Key's transaction): the packages locked, every rule checked, then
     * a release row, the status Delivered with a "Collected by" event and an audit entry each, and the customer's
     * bell (its mail goes out after the reply).
     */
    async release(
      tx: Db,
      company: CompanyRow,
      staff: UserRow,
      body: {
        package_ids: string[];
        authorized_person_id?: string | null | undefined;
        identification_id: number;
        id_number: string;
        override_reason?: string | undefined;
      },
      origin: string,
    ): Promise<ReleaseResult> {
      const ids = [...new Set(body.package_ids)];
      // Locked in id order, so two desks releasing overlapping parcels queue instead of deadlocking.
      const locked = await tx
        .select()
        .from(packages)
        .where(and(eq(packages.companyId, company.id), inArray(packages.id, ids)))
        .orderBy(asc(packages.id))
        .for('update');
      if (locked.length !== ids.length) throw notFound('Package not found');
      const owners = new Set(locked.map((p) => p.userId));
      const [ownerId] = [...owners];
      if (owners.size !== 1 || !ownerId) {
        throw badRequest('Validation failed', {
          package_ids: ['Release the packages of one customer at a time'],
        });
      }
      const released = await tx
        .select({ r: packageReleases, tracking: packages.trackingNumber })
        .from(packageReleases)
        .innerJoin(packages, eq(packages.id, packageReleases.packageId))
        .where(inArray(packageReleases.packageId, ids));
      if (released.length > 0) {
        const said = released.map((r) => `${r.tracking} by ${r.r.collectedBy}`);
        throw conflict(`Already collected: ${said.join(', ')}`, {
          package_ids: said.map((x) => `Already collected: ${x}`),
        });
      }
      // The status's rules say what the counter may hand over; said here first, per parcel, in the desk's words.
      const name = nameIn(await statusNames(tx));
      const away = locked.filter((p) => !mayMove(p.statusCode, 'delivered', 'counter'));
      if (away.length > 0) {
        const listed = away.map((p) => `${p.trackingNumber} (${name(p.statusCode)})`).join(', ');
        throw conflict(`Not at the counter: ${listed} cannot move to ${name('delivered')}`, {
          package_ids: away.map((p) => `${p.trackingNumber} is ${name(p.statusCode)}`),
        });
      }
      const [idType] = await tx
        .select()
        .from(identifications)
        .where(eq(identifications.id, body.identification_id))
        .limit(1);
      if (!idType)
        throw badRequest('Validation failed', { identification_id: ['Choose an ID type from the list'] });

      const [owner] = await tx.select().from(users).where(eq(users.id, ownerId)).limit(1);
      if (!owner) throw notFound('Package not found');
      let collectedBy = nameOf(owner);
      let personId: string | null = null;
      if (body.authorized_person_id) {
        const [person] = await tx
          .select()
          .from(authorizedPersons)
          .where(
            and(
              eq(authorizedPersons.id, body.authorized_person_id),
              eq(authorizedPersons.companyId, company.id),
              eq(authorizedPersons.userId, owner.id),
            ),
          )
          .limit(1);
        if (!person?.isActive) {
          throw badRequest('Validation failed', {
            authorized_person_id: [`Not an active authorized person of ${nameOf(owner)}`],
          });
        }
        // The desk checks the ID against the customer's record: a different document is someone else.
        const errors: Record<string, string[]> = {};
        if (person.identificationId !== idType.id) {
          errors.identification_id = [`${person.fullName} is on record with another type of ID`];
        }
        if (plainId(person.idNumber) !== plainId(body.id_number)) {
          errors.id_number = [`Does not match the ID number on record for ${person.fullName}`];
        }
        if (Object.keys(errors).length > 0) throw badRequest('The ID does not match the record', errors);
        collectedBy = person.fullName;
        personId = person.id;
      }

      const billing = await billingOf(tx, company.id, ids);
      const unpaid = locked.filter((p) => billing.get(p.id)?.billing !== 'paid');
      const reason = body.override_reason?.trim() ?? '';
      if (unpaid.length > 0 && !reason) {
        throw badRequest('Validation failed', {
          override_reason: [
            `${unpaid.map((p) => p.trackingNumber).join(', ')} ${unpaid.length === 1 ? 'is' : 'are'} not paid: say why ${unpaid.length === 1 ? 'it' : 'they'} may leave unpaid`,
          ],
        });
      }

      const now = new Date();
      const masked = maskIdNumber(body.id_number);
      // What the customer reads on the timeline: the ID number masked to its last four.
      const note = `Collected by ${collectedBy} (${idType.name} ${masked})`;
      const unpaidIds = new Set(unpaid.map((p) => p.id));
      await tx.insert(packageReleases).values(
        locked.map((p) => ({
          companyId: company.id,
          packageId: p.id,
          authorizedPersonId: personId,
          collectedBy,
          idType: idType.name,
          idNumber: body.id_number,
          overrideReason: unpaidIds.has(p.id) ? reason : null,
          releasedBy: staff.id,
          createdAt: now,
        })),
      );
      // The status's owner writes the package, its "Collected by" event and audit entry, and tells the customer.
      await deps.status.moveStatus(tx, {
        company,
        actor: staff,
        mover: 'counter',
        to: 'delivered',
        at: now,
        note,
        packages: locked.map((p) => ({
          id: p.id,
          audit: {
            changes: {
              collected_by: [null, collectedBy],
              id_checked: [null, `${idType.name} ${body.id_number}`],
            },
            note: unpaidIds.has(p.id)
              ? `Released unpaid (${billing.get(p.id)?.billing === 'unpaid' ? 'balance due' : 'not billed'}): ${reason}`
              : 'Released at the counter, paid',
          },
        })),
        tell: { origin, collected: { by: collectedBy, id: `${idType.name} ${masked}` } },
      });
      return {
        customer_id: owner.id,
        released: locked.map((p) => ({ id: p.id, tracking_number: p.trackingNumber })),
        collected_by: collectedBy,
        authorized_person_id: personId,
        id_type: idType.name,
        id_number_masked: masked,
        overridden: unpaid.length,
        released_at: now.toISOString(),
      };
    },

    /** One day at the counter, from local midnight in `tz`: payments by method and staff, reversals, releases. */
    async closeout(
      company: CompanyRow,
      q: { date?: string | undefined; tz?: string | undefined },
    ): Promise<Closeout> {
      const tz = q.tz || 'UTC';
      if (!isTimeZone(tz))
        throw badRequest('Validation failed', { tz: ['Not a time zone this server knows'] });
      const date = q.date ?? dateIn(tz);
      const from = startOfDay(date, tz);
      const to = startOfDay(nextDate(date), tz);
      const customer = alias(users, 'customer');
      const staffUser = alias(users, 'staff_user');
      const reverser = alias(users, 'reverser');
      const paymentRows = (where: ReturnType<typeof and>) =>
        db
          .select({
            p: payments,
            number: invoices.number,
            customer: {
              id: customer.id,
              firstName: customer.firstName,
              lastName: customer.lastName,
              mailbox: customer.mailboxNumber,
            },
            staffFirst: staffUser.firstName,
            staffLast: staffUser.lastName,
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
      const [taken, reversed, releases] = await Promise.all([
        paymentRows(
          and(eq(payments.companyId, company.id), eq(payments.paidOn, date), isNull(payments.reversedAt)),
        ),
        paymentRows(
          and(
            eq(payments.companyId, company.id),
            gte(payments.reversedAt, from),
            lt(payments.reversedAt, to),
          ),
        ),
        db
          .select({
            r: packageReleases,
            tracking: packages.trackingNumber,
            customer: {
              id: customer.id,
              firstName: customer.firstName,
              lastName: customer.lastName,
              mailbox: customer.mailboxNumber,
            },
            staffFirst: staffUser.firstName,
            staffLast: staffUser.lastName,
          })
          .from(packageReleases)
          .innerJoin(packages, eq(packages.id, packageReleases.packageId))
          .innerJoin(customer, eq(customer.id, packages.userId))
          .leftJoin(staffUser, eq(staffUser.id, packageReleases.releasedBy))
          .where(
            and(
              eq(packageReleases.companyId, company.id),
              gte(packageReleases.createdAt, from),
              lt(packageReleases.createdAt, to),
            ),
          )
          .orderBy(asc(packageReleases.createdAt), asc(packages.trackingNumber)),
      ]);
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
        date,
        tz,
        from: from.toISOString(),
        to: to.toISOString(),
        currency: company.currency,
        payments: {
          count: flat.length,
          total_cents: flat.reduce((n, r) => n + r.amount, 0),
          by_method: byMethod(flat),
          by_staff: byStaff,
          items: taken.map((t) => ({
            id: t.p.id,
            invoice_id: t.p.invoiceId,
            invoice_number: t.number,
            customer: ref(t.customer),
            amount_cents: t.p.amountCents,
            method: t.p.method,
            reference: t.p.reference,
            recorded_by: person(t.staffFirst, t.staffLast),
            created_at: t.p.createdAt.toISOString(),
          })),
        },
        reversals: {
          count: reversed.length,
          total_cents: reversed.reduce((n, r) => n + r.p.amountCents, 0),
          items: reversed.map((t) => ({
            id: t.p.id,
            invoice_id: t.p.invoiceId,
            invoice_number: t.number,
            customer: ref(t.customer),
            amount_cents: t.p.amountCents,
            method: t.p.method,
            paid_on: t.p.paidOn,
            reversed_at: (t.p.reversedAt ?? t.p.createdAt).toISOString(),
            reversed_by: person(t.reverserFirst, t.reverserLast),
            reason: t.p.reverseReason ?? '',
          })),
        },
        releases: {
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
        },
      };
    },
  };
  return service;
}

export type CounterService = ReturnType<typeof createCounterService>;
