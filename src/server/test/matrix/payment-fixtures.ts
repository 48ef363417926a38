import { paymentSettings } from '../../db/schema-payments';
import type { TestApp } from '../harness';
import { created } from './fixture-types';

/**
 * The matrix's online payment rows (matrix/payments.ts) need the test provider on and a pending attempt of the owner
 * on an issued invoice of theirs (made through the API, as the owner would).
 */
export async function paymentFixtures(
  t: TestApp,
  companyId: string,
  ownerAccess: string,
  newIssuedInvoice: () => Promise<string>,
): Promise<{ payInvoiceId: string; paymentAttemptId: string }> {
  await t.database.db.insert(paymentSettings).values({ companyId, provider: 'test' });
  const payInvoiceId = await newIssuedInvoice();
  const res = await t.request({
    method: 'POST',
    url: '/v1/payments/checkout',
    token: ownerAccess,
    payload: { invoice_ids: [payInvoiceId] },
  });
  return {
    payInvoiceId,
    paymentAttemptId: created<{ attempt: { id: string } }>(res, 'payment attempt').attempt.id,
  };
}
