// Languages as people meet them: a Spanish browser from /login to the verification mail and on to another device,
// a customer who switches to Arabic (right to left, offline pre-alert, invoice and its PDF), French numbers, dates
// and plurals, and the pseudo-locale's longer words at 375 px. Words are read from the shipped catalogs.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  baseUrl,
  DESKTOP,
  faithfulOffline,
  findMail,
  PHONE,
  type Size,
  setupBrowser,
} from './support/browser';
import { tr, trAny, trInner, trPattern } from './support/catalog';
import { expectClean, expectNoOverflow, settled } from './support/checks';
import { pdfFile } from './support/files';
import {
  apiLogin,
  apiUrl,
  applyTokens,
  cookie,
  loginWithForm,
  uniqueEmail,
  until,
  waitForPath,
} from './support/helpers';
import { chooseLanguage, clippedText, invoicedCustomer } from './support/languages';

const browser = setupBrowser();
const SIZES: [string, Size][] = [
  ['375 px', PHONE],
  ['1280 px', DESKTOP],
];

async function pageIn(size: Size, locale?: string) {
  const context = await browser().newContext({
    baseURL: baseUrl(),
    viewport: size,
    ...(locale ? { locale } : {}),
  });
  await faithfulOffline(context);
  return { context, page: await context.newPage() };
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, level: 1 });

describe('Spanish, from the browser to the mail and another device', () => {
  for (const [label, size] of SIZES) {
    it(`a visitor whose browser prefers Spanish signs up in Spanish (${label})`, async () => {
      const es = (english: string) => trAny(['features/auth', 'web'], 'es', english);
      const { context, page } = await pageIn(size, 'es-DO');
      const email = uniqueEmail(`es${size.width}`);
      const password = 'una-Clave-segura-9';
      try {
        await page.goto('/login');
        await until(() => heading(page, es('Welcome back')).isVisible()).toBe(true);
        expect(await page.locator('html').getAttribute('lang')).toBe('es');
        expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
        await expectClean(page, `login es ${label}`);

        await page
          .getByRole('link', { name: trInner('features/auth', 'es', 'New here? <0>Create an account</0>') })
          .click();
        await page.getByRole('textbox', { name: es('First name') }).fill('Yesenia');
        await page.getByRole('textbox', { name: es('Last name') }).fill('Peralta');
        await page.getByRole('textbox', { name: es('Email') }).fill(email);
        await page.getByRole('textbox', { name: es('Phone') }).fill('809-555-0123');
        await page.getByLabel(es('Password'), { exact: true }).fill(password);
        await page.getByRole('combobox', { name: es('Parish') }).click();
        await page.getByRole('option', { name: 'St. Andrew' }).click();
        await page.getByRole('textbox', { name: es('Address') }).fill('Calle El Conde 12, Santo Domingo');
        await expectClean(page, `sign-up es ${label}`);
        await page.getByRole('button', { name: es('Create account') }).click();
        await waitForPath(page, '/verification');
        await until(() => heading(page, es('Verify your email')).isVisible()).toBe(true);

        // The mail is written in the language the visitor signed up in.
        const mail = await findMail(email, tr('server', 'es', 'Confirm your email'));
        expect(mail.subject).not.toContain('Confirm your email');
        // The choice is kept in the spec's cookie: a reload stays in Spanish.
        const kept = (await context.cookies()).find((c) => c.name === 'locale');
        expect(kept?.value).toBe('es');
        expect(kept?.sameSite).toBe('Lax');
        expect(kept?.path).toBe('/');
        expect((kept?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
        await page.reload();
        await until(() => heading(page, es('Verify your email')).isVisible()).toBe(true);
        await page.goto(mail.links[0] ?? '');
        await waitForPath(page, '/verification/verified');
      } finally {
        await context.close();
      }

      // Another device whose browser speaks English: once signed in, the saved preference brings Spanish back.
      const other = await pageIn(size, 'en-US');
      try {
        await other.page.goto('/login');
        await until(() => heading(other.page, 'Welcome back').isVisible()).toBe(true);
        await loginWithForm(other.page, { email, password });
        await waitForPath(other.page, '/user');
        await until(
          () =>
            heading(other.page, trPattern('features/dashboard', 'es', 'Welcome, {firstName}!')).isVisible(),
          {
            timeout: 15_000,
          },
        ).toBe(true);
        expect(await other.page.locator('html').getAttribute('lang')).toBe('es');
        expect(await cookie(other.context, 'locale')).toBe('es');
        await expectClean(other.page, `dashboard es ${label}`);
      } finally {
        await other.context.close();
      }
    }, 120_000);
  }
});

describe('Arabic, right to left', () => {
  for (const [label, size] of SIZES) {
    it(`a customer switches to Arabic: mirrored layout, packages, an offline pre-alert, an invoice (${label})`, async () => {
      const ar = (english: string, where = 'web') => tr(where, 'ar', english);
      const who = await invoicedCustomer(`ar${size.width}`);
      const { context, page } = await pageIn(size);
      const tokens = await apiLogin(who);
      await applyTokens(context, tokens);
      try {
        await page.goto('/user');
        await until(() => heading(page, /^Welcome, /).isVisible()).toBe(true);
        await chooseLanguage(page, 'العربية');
        await until(() => page.locator('html').getAttribute('dir')).toBe('rtl');
        expect(await page.locator('html').getAttribute('lang')).toBe('ar');
        await until(() =>
          heading(page, trPattern('features/dashboard', 'ar', 'Welcome, {firstName}!')).isVisible(),
        ).toBe(true);
        await expectClean(page, `dashboard ar ${label}`);
        if (size.width >= 1024) {
          // The navigation moved to the right-hand side.
          const nav = await page.getByRole('navigation').first().boundingBox();
          expect((nav?.x ?? 0) + (nav?.width ?? 0) / 2).toBeGreaterThan(size.width / 2);
        }

        // The package list: Arabic around the tracking number, which still reads left to right.
        await page.goto('/user/packages/history');
        const link = page.getByRole('link', { name: who.tracking, exact: true }).first();
        await until(() => link.isVisible()).toBe(true);
        const direction = await link.evaluate((el) => getComputedStyle(el).direction);
        const isolated = await link.evaluate((el) =>
          Boolean(el.closest('bdi, [dir="ltr"]') ?? el.querySelector('bdi, [dir="ltr"]')),
        );
        expect(direction === 'ltr' || isolated, 'tracking number isolated left-to-right').toBe(true);
        await expectClean(page, `packages ar ${label}`);

        // A pre-alert sent offline waits in the outbox, which says so in Arabic, and goes when the network is back.
        await page.goto('/user/packages/pre-alert');
        const pa = (english: string) => tr('features/prealerts', 'ar', english);
        await until(() => heading(page, pa('Pre-alert a package')).isVisible(), { timeout: 20_000 }).toBe(
          true,
        );
        await settled(page);
        await context.setOffline(true);
        const tracking = `AR${Date.now().toString(36).toUpperCase()}${size.width}`;
        await page.getByRole('textbox', { name: pa('Tracking number'), exact: true }).fill(tracking);
        await page.getByRole('textbox', { name: pa('Seller or store'), exact: true }).fill('Amazon');
        await page.getByRole('textbox', { name: pa('Description'), exact: true }).fill('كتب');
        await page.getByRole('textbox', { name: pa('Weight (lb)'), exact: true }).fill('2');
        await page.getByRole('textbox', { name: pa('Declared value (US$)'), exact: true }).fill('20');
        await page.getByRole('combobox', { name: pa('Package type') }).click();
        await page.getByRole('option', { name: pa('Box'), exact: true }).click();
        await page
          .getByLabel(pa('Invoice or receipt files'), { exact: true })
          .setInputFiles([pdfFile('invoice.pdf')]);
        await page.getByRole('button', { name: pa('Send pre-alert') }).click();
        await until(() => page.getByText(tracking).first().isVisible(), { timeout: 15_000 }).toBe(true);
        const waiting = (await page.locator('body').textContent()) ?? '';
        expect(/[\u0600-\u06FF]/.test(waiting)).toBe(true);
        await context.setOffline(false);

        // An invoice, its amounts readable, and its PDF made in Arabic.
        await page.goto(`/user/invoices/${who.invoice.id}`);
        await until(() => page.getByText(who.invoice.number).first().isVisible()).toBe(true);
        await until(() => page.getByText(/J\$/).first().isVisible()).toBe(true);
        await expectClean(page, `invoice ar ${label}`);
        // The PDF is drawn in the language the app asks in (its locale cookie, sent with the download).
        const pdf = await fetch(apiUrl(`/v1/invoices/${who.invoice.id}/pdf`), {
          headers: {
            authorization: `Bearer ${tokens.access_token}`,
            cookie: `locale=${await cookie(context, 'locale')}`,
          },
        });
        expect(pdf.status).toBe(200);
        expect(pdf.headers.get('content-type')).toContain('application/pdf');
        const bytes = Buffer.from(await pdf.arrayBuffer());
        expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
        expect(bytes.toString('latin1')).toContain('/Lang (ar)');
        expect(ar('Language')).toBeTruthy();
      } finally {
        await context.close();
      }
    }, 150_000);
  }
});

describe('French numbers, dates and plurals', () => {
  for (const [label, size] of SIZES) {
    it(`the estimator, "1 colis" then "3 colis", and today's date as "27 nov. 2026" (${label})`, async () => {
      const who = await invoicedCustomer(`fr${size.width}`, 1, 'fr');
      const { context, page } = await pageIn(size, 'fr-FR');
      await applyTokens(context, await apiLogin(who));
      try {
        await page.goto('/user/packages/cost-estimator');
        const est = (english: string) => tr('features/estimator', 'fr', english);
        await until(() => page.getByRole('combobox', { name: est('Category') }).isVisible(), {
          timeout: 15_000,
        }).toBe(true);
        expect(await page.locator('html').getAttribute('lang')).toBe('fr');
        await expectClean(page, `estimator fr ${label}`);

        await page.goto('/user/packages/history');
        const summary = page.getByTestId('results-summary');
        await until(() => summary.textContent()).toMatch(/\b1 colis\b/);
        await who.receive(2);
        await page.reload();
        await until(() => summary.textContent()).toMatch(/\b3 colis\b/);
        const today = new Intl.DateTimeFormat('fr', {
          day: 'numeric',
          month: 'short',
          year: 'numeric',
          timeZone: 'America/Jamaica',
        }).format(new Date());
        await page.getByRole('link', { name: who.tracking, exact: true }).first().click();
        await until(() => page.getByText(today).first().isVisible()).toBe(true);
        await expectClean(page, `package fr ${label}`);
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});

describe('the pseudo-locale at 375 px', () => {
  it('longer, accented words clip nowhere and overflow no screen', async () => {
    const who = await invoicedCustomer('pseudo');
    const { context, page } = await pageIn(PHONE);
    await context.addCookies([{ name: 'locale', value: 'pseudo', url: baseUrl() }]);
    await applyTokens(context, await apiLogin(who));
    try {
      const found: string[] = [];
      for (const path of [
        '/user',
        '/user/packages/history',
        '/user/invoices',
        '/user/profile',
        '/user/pickup-pass',
      ]) {
        await page.goto(path);
        await until(() => page.getByRole('heading', { level: 1 }).first().isVisible(), {
          timeout: 15_000,
        }).toBe(true);
        await settled(page);
        // Every heading is pseudo-localized: a word left out of the catalogs would stay plain English.
        expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toMatch(/[áéíóú~]/);
        await expectNoOverflow(page, `pseudo ${path}`);
        found.push(...(await clippedText(page)).map((c) => `${path}: ${c}`));
      }
      expect(found, found.join('\n')).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
