import type { OnlineProvider } from '../../contract/payments';
import type { Db } from '../db';
import type { PaymentAttemptRow, WipayStored } from '../db/schema-payments';

/** What a provider told us about an attempt, once its message was verified. Amounts are the provider's claim. */
export type ProviderResult = {
  attemptId: string;
  outcome: 'approved' | 'declined' | 'cancelled';
  providerReference: string | null;
  /** Unique per provider: the same fact reported twice (redirect, then re-check) has the same id. */
  providerEventId: string;
  /** What the provider says was charged, in our attempt's terms (its own fee excluded); compared, never recorded. */
  amountCents: number | null;
  currency: string | null;
  /** In words, for the customer: why it was declined. */
  reason: string | null;
};

/** A message that failed verification (bad signature or hash, unknown attempt): nothing is recorded. */
export class RefusedResult extends Error {}

/** The company's settings a provider needs, secrets opened. */
export type ProviderCredentials = { wipay: (WipayStored & { apiKey: string }) | null };

export type CheckoutContext = {
  attempt: PaymentAttemptRow;
  /** Where the provider sends the browser back (our `/v1/payments/return/<provider>`), absolute. */
  returnUrl: string;
  /** The origin of the company's site (the test provider's page is served there). */
  origin: string;
  credentials: ProviderCredentials;
  customer: { name: string; email: string };
};

/**
 * One online payment provider. Each has its own way of answering (a signed redirect, a hashed redirect, a webhook,
 * a server-side confirmation); the adapter turns it into a verified `ProviderResult` for the payment service.
 */
export interface PaymentProviderAdapter {
  readonly name: OnlineProvider;
  /** The customer's word for it, when the company gave none. */
  readonly label: string;
  /** Asks the provider for a hosted page for the attempt: where to send the browser (and its reference, if known). */
  createCheckout(ctx: CheckoutContext): Promise<{ redirectUrl: string; providerReference: string | null }>;
  /** Which of our attempts a returning browser's message names, before anything is verified (by id or order id). */
  attemptOf(query: Record<string, string | undefined>): { id?: string; orderId?: string } | null;
  /** Verifies the message against the attempt it names; throws RefusedResult when it does not hold. */
  verifyResult(
    query: Record<string, string | undefined>,
    attempt: PaymentAttemptRow,
    credentials: ProviderCredentials,
  ): ProviderResult;
  /** The provider's own view of the attempt; null when it cannot tell (no status API) or knows of no payment yet. */
  fetchStatus(
    db: Db,
    attempt: PaymentAttemptRow,
    credentials: ProviderCredentials,
  ): Promise<ProviderResult | null>;
  /** True when fetchStatus can ever know: without it a pending attempt is flagged for staff instead. */
  readonly canCheckStatus: boolean;
  /** Gives money back through the provider, in `tx`; absent where the provider has no refund call. */
  refund?: (tx: Db, attempt: PaymentAttemptRow, amountCents: number) => Promise<string>;
}

/** Cents as the decimal string providers take ("1234.50"). */
export const decimalOf = (cents: number) => (cents / 100).toFixed(2);
/** A provider's decimal string as cents, or null when it is not one. */
export function centsOf(value: string | undefined): number | null {
  if (!value || !/^\d{1,12}(\.\d{1,2})?$/.test(value)) return null;
  const [whole = '0', frac = ''] = value.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}
