import { callsFor } from './endpoint';
import type { paymentSchemas } from './payments';

const tags = ['payments'];

/** Online payments: checkout through the company's provider, the provider's return, attempts and the settings. */
export const paymentCalls = callsFor<typeof paymentSchemas>()({
  options: {
    summary: 'How this company takes online payments',
    method: 'GET',
    path: '/v1/payments/options',
    access: 'verified',
    tags,
    description:
      'Whether a Pay button shows (`provider` is not `none`) and what the provider is called to customers.',
  },
  checkout: {
    summary: 'Start an online payment',
    method: 'POST',
    path: '/v1/payments/checkout',
    access: 'verified',
    tags,
    status: 201,
    idempotent: true,
    description:
      'Creates a payment attempt for the caller’s own issued, unpaid invoices of one currency (amount = the sum of their balances now) and answers the provider’s page to send the browser to. An invoice that is not the caller’s: 404. Paid, cancelled or draft invoices, mixed currencies, no provider set up, or an invoice already in a pending attempt: 409. Send an Idempotency-Key so a retry never creates a second attempt.',
  },
  attempt: {
    summary: 'Get a payment attempt',
    method: 'GET',
    path: '/v1/payments/attempts/:id',
    access: 'verified',
    tags,
    description:
      'A customer’s own attempt, or any attempt of the company for staff (others: 404). A pending attempt is checked with the provider first where the provider can tell.',
  },
  attempts: {
    summary: 'List payment attempts',
    method: 'GET',
    path: '/v1/payments/attempts',
    access: 'staff',
    tags: ['staff', ...tags],
    description: 'The company’s attempts, newest first; `status=flagged` lists those that need a look.',
  },
  return: {
    summary: 'Return from a payment provider',
    method: 'GET',
    path: '/v1/payments/return/:provider',
    access: 'public',
    tags,
    description:
      'Where the provider sends the customer’s browser back. The result is verified (signature or hash) and compared with our attempt (amount, currency), recorded once, then answered with a 303 to the PWA’s `/user/invoices/payment/<attempt id>`. A replayed or late result changes nothing; a result that fails verification is not recorded (303 to the same page, which shows the attempt as it stands, or to `/user/invoices` when no attempt is named).',
  },
  testPage: {
    summary: 'The test provider’s payment page',
    method: 'GET',
    path: '/v1/payments/test/:id',
    access: 'public',
    tags,
    file: true,
    description:
      'The built-in test provider’s hosted page (HTML; development and tests, or PAYMENTS_TEST_PROVIDER=1): a card form for the attempt. 4242 4242 4242 4242 approves, 4000 0000 0000 0002 declines.',
  },
  testPay: {
    summary: 'Pay on the test provider’s page',
    method: 'POST',
    path: '/v1/payments/test/:id',
    access: 'public',
    tags,
    file: true,
    description:
      'The test page’s form (form-encoded or JSON): charges the card in the sandbox, then 303 to `/v1/payments/return/test` with the signed result; `close=1` approves without sending the browser back (the "closed the tab" case, found by the re-check); `cancel=1` goes back without paying.',
  },
  settings: {
    summary: 'Get the online payment settings',
    method: 'GET',
    path: '/v1/settings/payments',
    access: 'admin',
    tags: ['staff', 'settings', ...tags],
    description:
      'The provider and its settings; secrets are never returned (`api_key_set` says whether one is stored).',
  },
  updateSettings: {
    summary: 'Change the online payment settings',
    method: 'PUT',
    path: '/v1/settings/payments',
    access: 'admin',
    tags: ['staff', 'settings', ...tags],
    description:
      'The provider and its settings. `wipay.api_key` is write-only: left out, the stored key stays. Stored encrypted; audited without the secret’s value.',
  },
});
