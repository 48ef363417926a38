// The back office's door: a customer reaches none of its screens and none of its calls; staff land in it, with its
// own navigation and today's figures, each a way into its list.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, shot } from './support/checks';
import { apiUrl, asCustomer, DEMO, sharedTokens, until, waitForPath, withSession } from './support/helpers';

const browser = setupBrowser();

const ADMIN_SCREENS = [
  '/admin',
  '/admin/receive',
  '/admin/import',
  '/admin/packages',
  '/admin/packages/00000000-0000-4000-8000-000000000000',
  '/admin/prealerts',
  '/admin/shipments',
  '/admin/customers',
  '/admin/invoice/list',
  '/admin/invoice/add',
  '/admin/menu',
  '/admin/settings',
  '/admin/staff',
  '/admin/rates',
  '/admin/duties',
];

type OpenApi = { paths: Record<string, Record<string, { tags?: string[] }>> };

/** Every staff operation the server documents (tag "staff"), with its path parameters filled in. */
async function staffOperations(): Promise<{ method: string; url: string }[]> {
  const doc = (await (await fetch(apiUrl('/docs/json'))).json()) as OpenApi;
  const ops: { method: string; url: string }[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!op.tags?.includes('staff')) continue;
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      ops.push({ method: method.toUpperCase(), url });
    }
  }
  return ops;
}

describe('the back office’s door', () => {
  it('refuses a customer every staff call (403 in the envelope) and every back-office screen', async () => {
    const customer = await sharedTokens(DEMO.customer);
    const ops = await staffOperations();
    // The back office's calls are all there: a filter that found none would prove nothing.
    expect(ops.length).toBeGreaterThan(25);
    expect(ops.map((o) => o.url)).toContain('/v1/admin/dashboard');
    const wrong: string[] = [];
    for (const op of ops) {
      const res = await fetch(apiUrl(op.url), {
        method: op.method,
        headers: {
          authorization: `Bearer ${customer.access_token}`,
          ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
        },
        ...(op.method === 'GET' || op.method === 'DELETE' ? {} : { body: '{}' }),
      });
      const body = (await res.json().catch(() => null)) as { success?: boolean } | null;
      if (res.status !== 403 || body?.success !== false) wrong.push(`${op.method} ${op.url}: ${res.status}`);
    }
    expect(wrong).toEqual([]);

    const found: string[] = [];
    for (const size of [DESKTOP, PHONE]) {
      await asCustomer(browser(), size, async (page) => {
        for (const path of ADMIN_SCREENS) {
          await page.goto(path);
          await waitForPath(page, '/error/not-authorized');
          await until(() => page.getByRole('heading', { name: 'You are not authorized!' }).isVisible()).toBe(
            true,
          );
        }
        await audit(page, `not authorized at ${size.width}`, found);
        await expectNoOverflow(page, `not authorized at ${size.width}`);
      });
    }
    expect(found).toEqual([]);
  });

  /** The figure's card on the dashboard, by its label. */
  const figure = (page: Page, label: string) =>
    page.getByRole('link', { name: new RegExp(`^${label}\\s*[\\d,]+`) });

  for (const size of [DESKTOP, PHONE]) {
    it(`starts staff in the back office, with its menu and today's figures as links (${size.width} px)`, async () => {
      const found: string[] = [];
      await withSession(browser(), size, await sharedTokens(DEMO.clerk), async (page) => {
        await page.goto('/');
        await waitForPath(page, '/admin');
        await until(() => page.getByRole('heading', { name: 'Today', level: 1 }).isVisible()).toBe(true);
        for (const label of [
          'Received today',
          'Unassigned parcels',
          'Unmatched pre-alerts',
          'Ready for pickup',
        ]) {
          await until(() => figure(page, label).isVisible()).toBe(true);
        }
        await audit(page, `dashboard at ${size.width}`, found);
        await expectNoOverflow(page, `dashboard at ${size.width}`);
        await shot(page, `admin-dashboard-${size.width}`);

        // The back office's own navigation: its screens and the way back to the portal; no menu editor for a clerk.
        if (size === PHONE) await page.getByRole('button', { name: 'Open navigation' }).click();
        const nav = page.getByRole('navigation', { name: 'Main' }).last();
        await until(() => nav.getByRole('link', { name: 'Receive parcels' }).isVisible()).toBe(true);
        expect(await nav.getByRole('link', { name: 'Customer portal' }).count()).toBe(1);
        expect(await nav.getByRole('link', { name: 'Menus' }).count()).toBe(0);
        if (size === PHONE) await page.keyboard.press('Escape');

        await figure(page, 'Unassigned parcels').click();
        await waitForPath(page, '/admin/packages', { unassigned: '1' });
        await page.goBack();
        await figure(page, 'Ready for pickup').click();
        await waitForPath(page, '/admin/packages', { status: 'ready_for_pickup' });
        await page.goBack();
        await figure(page, 'Unmatched pre-alerts').click();
        await waitForPath(page, '/admin/prealerts');
      });
      expect(found).toEqual([]);
    });
  }
});
