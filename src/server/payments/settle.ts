import { msg } from '@lingui/core/runtime-macro';
import { and, asc, eq } from 'drizzle-orm';
import { formatMoney } from '../../contract/format';
import type { AuditService } from '../audit/audit.service';
import type { Db } from '../db';
import type { CompanyRow } from '../db/rows';
import { invoices } from '../db/schema';
import {
  type PaymentAttemptRow,
  paymentAttemptInvoices,
  paymentAttempts,
  paymentEvents,
} from '../db/schema-payments';
import { t } from '../i18n';
import { isOpen, locked } from '../invoices/invoice-context';
import { applyPayment } from '../invoices/invoice-payments';
import type { NotificationService } from '../notifications/notifications.service';
import type { PointsService } from '../points/points.service';
import type { ProviderResult } from './provider';

export type SettleDeps = {
  db: Db;
  audit: AuditService;
  notifications: NotificationService;
  points: PointsService;
};

/** What became of a provider's result: recorded, or nothing changed (a duplicate, late or refused one). */
export type Settled = 'recorded' | 'unchanged' | 'refused';

/**
 * Records a verified provider result on its attempt, once, in one transaction: the event row (unique per provider
 * event: a replay or a concurrent duplicate inserts nothing and changes nothing), then for an approval one `online`
 * payment per invoice covered, as far as each invoice still owes (an invoice paid meanwhile at the counter takes
 * nothing more; the rest is the attempt's surplus, flagged for staff to refund), the points, the audit entries and
 * one receipt (bell + mail) queued in the same transaction. The amount and currency are our attempt's: a result
 * claiming another is refused.
 */
export async function settle(
  deps: SettleDeps,
  company: CompanyRow,
  attemptId: string,
  result: ProviderResult,
  channel: 'redirect' | 'recheck',
): Promise<Settled> {
  return deps.db.transaction(async (tx) => {
    const [attempt] = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.companyId, company.id)))
      .for('update');
    if (!attempt || result.attemptId !== attempt.id) return 'refused';
    if (
      result.outcome === 'approved' &&
      (result.amountCents !== attempt.amountCents || result.currency !== attempt.currency)
    ) {
      return 'refused';
    }
    const [event] = await tx
      .insert(paymentEvents)
      .values({
        companyId: company.id,
        attemptId: attempt.id,
        provider: attempt.provider,
        providerEventId: result.providerEventId,
        outcome: result.outcome,
        amountCents: result.amountCents,
        currency: result.currency,
        channel,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!event) return 'unchanged';
    if (result.outcome !== 'approved') {
      // A decline or a cancel ends only an attempt still waiting; after an approval it is late news.
      if (attempt.status !== 'pending') return 'unchanged';
      await tx
        .update(paymentAttempts)
        .set({
          status: result.outcome,
          reason: result.reason,
          completedAt: new Date(),
          providerReference: attempt.providerReference ?? result.providerReference,
        })
        .where(eq(paymentAttempts.id, attempt.id));
      return 'recorded';
    }
    // The money is recorded once per attempt, whichever report of it (redirect, re-check) came first.
    if (attempt.recordedAt) return 'unchanged';
    await recordMoney(deps, tx, company, attempt, result);
    return 'recorded';
  });
}

async function recordMoney(
  deps: SettleDeps,
  tx: Db,
  company: CompanyRow,
  attempt: PaymentAttemptRow,
  result: ProviderResult,
) {
  const reference = attempt.providerReference ?? result.providerReference ?? attempt.orderId;
  // Locked in one order (by id), as every other writer of several invoices would, so two never wait on each other.
  const covered = await tx
    .select({ invoiceId: paymentAttemptInvoices.invoiceId, planned: paymentAttemptInvoices.amountCents })
    .from(paymentAttemptInvoices)
    .where(eq(paymentAttemptInvoices.attemptId, attempt.id))
    .orderBy(asc(paymentAttemptInvoices.invoiceId));
  let applied = 0;
  const numbers: string[] = [];
  const short: string[] = [];
  for (const c of covered) {
    const inv = await locked(tx, company, c.invoiceId);
    const owed = isOpen(inv.status) ? Math.max(0, inv.totalCents - inv.amountPaidCents) : 0;
    const fit = Math.min(c.planned, owed);
    if (fit < c.planned) short.push(inv.number ?? inv.id);
    if (fit <= 0) continue;
    await applyPayment(deps, tx, company, null, inv, {
      amountCents: fit,
      method: 'online',
      reference,
      note: `Online payment ${attempt.id}`,
      points: 0,
      origin: attempt.origin,
      notify: 'never',
    });
    applied += fit;
    numbers.push(inv.number ?? '');
  }
  const surplus = attempt.amountCents - applied;
  const now = new Date();
  await tx
    .update(paymentAttempts)
    .set({
      status: surplus > 0 ? 'flagged' : 'paid',
      reason:
        surplus > 0
          ? `${formatMoney(surplus, attempt.currency)} was paid online beyond what ${short.join(', ')} still owed (paid or changed meanwhile): refund it to the customer`
          : null,
      surplusCents: surplus,
      recordedAt: now,
      completedAt: now,
      providerReference: reference === attempt.orderId ? attempt.providerReference : reference,
    })
    .where(eq(paymentAttempts.id, attempt.id));
  await tellReceipt(deps, tx, company, attempt, { applied, surplus, reference, numbers });
}

/** One receipt for the whole payment: the bell and a mail (always: it is the customer's receipt). */
async function tellReceipt(
  deps: SettleDeps,
  tx: Db,
  company: CompanyRow,
  attempt: PaymentAttemptRow,
  r: { applied: number; surplus: number; reference: string; numbers: string[] },
) {
  const list = r.numbers.filter(Boolean).join(', ');
  const reference = r.reference;
  // The receipt in the customer's language (amounts too): written when the notice knows its recipient.
  const words = () => {
    const paid = formatMoney(attempt.amountCents, attempt.currency);
    const applied = formatMoney(r.applied, attempt.currency);
    const surplus = formatMoney(r.surplus, attempt.currency);
    const body = [
      t(msg`Receipt: we received ${{ paid }} paid online by card (reference ${{ reference }}).`),
      list ? t(msg`It paid ${{ applied }} on invoice ${{ list }}.`) : '',
      r.surplus > 0 ? t(msg`${{ surplus }} of it was no longer owed; our staff will refund it.`) : '',
    ]
      .filter(Boolean)
      .join(' ');
    return {
      kind: 'invoice' as const,
      title: t(msg`Payment received: ${{ paid }}`),
      body,
      link: `/user/invoices/payment/${attempt.id}`,
    };
  };
  const ids = await tx
    .select({ id: invoices.id })
    .from(paymentAttemptInvoices)
    .innerJoin(invoices, eq(invoices.id, paymentAttemptInvoices.invoiceId))
    .where(eq(paymentAttemptInvoices.attemptId, attempt.id));
  await deps.notifications.notify(company, attempt.userId, words, {
    origin: attempt.origin,
    mail: 'always',
    within: tx,
    about: ids.map((i) => ({ entity: 'invoice' as const, id: i.id })),
    // The receipt is always mailed (it is the record of a card payment); the push follows the user's choice.
    push: {
      event: 'payment_received',
      tag: ids.length === 1 && ids[0] ? `invoice:${ids[0].id}` : `payment:${attempt.id}`,
    },
  });
}
