import type { InvoiceDetail, InvoiceSummary } from '../../contract/invoices';
import type { PackageSummary } from '../../contract/packages';
import { type Cast, cast } from './access';
import { createTestApp, type TestApp } from './harness';
import { expectOk } from './helpers';
import type { Page } from './packages';

/** Helpers of the invoice route tests (one file a topic). */

/** A fresh app and everyone the invoice tests sign in as. */
export async function invoicesApp(
  opts: Parameters<typeof createTestApp>[0] = {},
): Promise<{ t: TestApp; c: Cast }> {
  const t = await createTestApp(opts);
  return { t, c: await cast(t) };
}

/** The invoice calls the tests make, on the app `app()` returns. */
export function invoiceCalls(app: () => TestApp) {
  const list = async (token: string, query = '', host = 'localhost') =>
    expectOk<Page<InvoiceSummary>>(
      await app().request({ method: 'GET', url: `/v1/invoices${query}`, token, host }),
    );
  const detail = async (token: string, id: string) =>
    expectOk<InvoiceDetail>(await app().request({ method: 'GET', url: `/v1/invoices/${id}`, token }));
  const myPackages = async (token: string, status: string) =>
    expectOk<Page<PackageSummary>>(
      await app().request({ method: 'GET', url: `/v1/packages?status=${status}&pageSize=100`, token }),
    ).items;
  const create = (token: string, payload: unknown) =>
    app().request({ method: 'POST', url: '/v1/invoices', token, payload: payload as object });
  const update = (token: string, id: string, payload: unknown) =>
    app().request({ method: 'PUT', url: `/v1/invoices/${id}`, token, payload: payload as object });
  return { list, detail, myPackages, create, update };
}
