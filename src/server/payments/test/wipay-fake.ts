import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { wipayHash } from '../wipay';

/** One payment request the fake received, as WiPay would read it. */
export type FakeOrder = Record<string, string>;

/**
 * A local stand-in for WiPay's "Plugins Payment Request" API (no network here): POST /plugins/payments/request with
 * the form fields answers JSON `{ url, message, transaction_id }` as WiPay does with `Accept: application/json`. The
 * tests then play the hosted page's part with `resultFor`: the query string WiPay appends to our response_url.
 */
export async function startWipayFake(opts: { apiKey: string; feePercent?: number }) {
  const orders: FakeOrder[] = [];
  let n = 0;
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/plugins/payments/request') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}');
        return;
      }
      const form = Object.fromEntries(new URLSearchParams(body));
      const missing = [
        'account_number',
        'country_code',
        'currency',
        'environment',
        'fee_structure',
        'method',
        'order_id',
        'origin',
        'response_url',
        'total',
      ].filter((f) => !form[f]);
      if (missing.length > 0 || !/^\d+\.\d{2}$/.test(form.total ?? '')) {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: `Invalid: ${missing.join(', ') || 'total'}` }));
        return;
      }
      n += 1;
      const transactionId = `SB-${n}-1-${form.order_id}-20261127120000`;
      orders.push({ ...form, transaction_id: transactionId });
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          url: `https://fake-wipay.test/hosted/${transactionId}`,
          message: 'OK',
          transaction_id: transactionId,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  /** The hosted page's redirect back: what WiPay appends to response_url for this order. */
  function resultFor(order: FakeOrder, outcome: 'success' | 'failed', tamper: { hash?: string } = {}) {
    const original = order.total ?? '0.00';
    const fee =
      order.fee_structure === 'customer_pay' ? (Number(original) * (opts.feePercent ?? 4.2)) / 100 : 0;
    const q: Record<string, string> = {
      status: outcome,
      transaction_id: order.transaction_id ?? '',
      order_id: order.order_id ?? '',
      currency: order.currency ?? '',
      // The FINAL total: the customer paid WiPay's fee on top.
      total: (Number(original) + fee).toFixed(2),
      date: '2026-11-27 12:00:00',
      card: 'XXXXXXXXXXXX1111',
      message:
        outcome === 'success' ? '[1-R1]: Transaction is approved.' : '[2-R2]: Transaction is declined.',
    };
    if (outcome === 'success')
      q.hash = tamper.hash ?? wipayHash(q.transaction_id ?? '', original, opts.apiKey);
    return new URLSearchParams(q).toString();
  }

  return {
    url: `http://127.0.0.1:${port}`,
    orders,
    resultFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
