// The account screens of issue 7, at desktop and phone widths: the profile (edit with a validation error first,
// save, reload, the header's name), the password change (wrong current password on its field, then success: this
// session keeps working, the other device is signed out, the old password fails and the new one works), the
// dashboard's balance due and points, and the bell (a staff status change shows up as an unread notification that
// links to the package; mark all as read). axe on every screen and with the bell open; screenshots in
// test-results/e2e to be looked at.
// The profile and password journeys use a fresh account of their own: the demo customer's password is shared by
// every other file. The demo customer is only read (the dashboard's figures).
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { NotificationPage } from '../../src/contract/notifications';
import type { PackageDetail } from '../../src/contract/packages';
import type { AccountSummary, Profile } from '../../src/contract/profile';
import { DESKTOP, PHONE, type Size, setupBrowser } from './support/browser';
import { expectClean, settled, shot } from './support/checks';
import {
  apiCall,
  apiLogin,
  apiUrl,
  cookie,
  DEMO,
  describedText,
  freshAccount,
  loginWithForm,
  notification,
  sharedTokens,
  type Tokens,
  until,
  waitForPath,
  withSession,
} from './support/helpers';
import { apiReceive } from './support/intake';
import { controlled, persistedQueryKeys } from './support/offline';

const browser = setupBrowser();

async function refreshWorks(refreshToken: string): Promise<boolean> {
  const res = await fetch(apiUrl('/v1/auth/refresh'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  return res.ok;
}

/** A page of its own with a session put in its cookies (steps fail in 15 s with their name). */
const signedIn = (
  size: Size,
  tokens: Tokens,
  journey: (page: Page, context: BrowserContext) => Promise<void>,
) => withSession(browser(), size, tokens, journey, { stepTimeout: 15_000 });

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

async function openProfile(page: Page, firstName: string) {
  await page.goto('/user/profile');
  await until(() => page.getByRole('heading', { name: 'Personal details' }).isVisible(), {
    timeout: 15_000,
  }).toBe(true);
  await until(() => field(page, 'First name').inputValue()).toBe(firstName);
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

/** A fresh verified account of the journey's own (first name Shanice), with a session through the API. */
async function freshPerson(tag: string) {
  const person = await freshAccount(tag);
  return { person, personTokens: await apiLogin(person) };
}

/** The warehouse receives a parcel for the person (a notification of its own); returns the package. */
async function receivedFor(personTokens: Tokens): Promise<PackageDetail> {
  const admin = await sharedTokens(DEMO.admin);
  const profile = (await apiCall<Profile>(personTokens.access_token, '/v1/profile')).data;
  const received = await apiReceive<PackageDetail>(admin.access_token, {
    tracking_number: `1Z${Date.now().toString(36).toUpperCase()}`,
    mailbox_number: profile.mailbox_number,
    description: 'Running shoes',
    weight: 2.5,
  });
  expect(received.status, received.message).toBe(201);
  return received.data;
}

describe('profile', () => {
  it('edits the details: a validation error lands on its field, then saves, and a reload shows the new values', async () => {
    const { person, personTokens } = await freshPerson('profile');
    const before = (await apiCall<Profile>(personTokens.access_token, '/v1/profile')).data;
    await signedIn(DESKTOP, personTokens, async (page) => {
      await openProfile(page, person.first);
      await until(() => page.title()).toMatch(/^Profile/);
      expect(await field(page, 'Last name').inputValue()).toBe(person.last);
      expect(await page.getByTestId('profile-email').textContent()).toBe(person.email);
      expect(await page.getByRole('combobox', { name: 'Parish' }).inputValue()).toBe('St. Andrew');
      // The mailbox and the US address, read-only, with copy buttons.
      const mailbox = (await page.getByTestId('profile-mailbox-number').textContent())?.trim();
      expect(mailbox).toBe(before.mailbox_number);
      expect(await page.getByTestId('profile-address').textContent()).toContain(
        `${before.warehouse_address.line1} ${before.mailbox_number}`,
      );
      expect(await page.getByRole('button', { name: 'Copy address', exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Copy mailbox number' }).isVisible()).toBe(true);
      await expectClean(page, 'profile (desktop)');
      await shot(page, 'profile-desktop');

      // Nothing changed yet: "Save changes" waits for a change.
      expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);

      // A validation error first: on its field, described to assistive technology, nothing sent.
      await field(page, 'First name').fill('');
      await field(page, 'Phone').fill('call me');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await until(() => describedText(page, field(page, 'First name'))).toContain('Enter your first name');
      expect(await field(page, 'First name').getAttribute('aria-invalid')).toBe('true');
      expect(await describedText(page, field(page, 'Phone'))).toContain('Enter a phone number');
      await expectClean(page, 'profile with errors');
      await shot(page, 'profile-field-errors');

      await field(page, 'First name').fill('Tamika');
      await field(page, 'Phone').fill('876-555-0199');
      await field(page, 'Address').fill('7 Constant Spring Road, Kingston 10');
      await page.getByRole('combobox', { name: 'Parish' }).click();
      await page.getByRole('option', { name: 'Kingston', exact: true }).click();
      await until(() => page.getByRole('combobox', { name: 'Parish' }).inputValue()).toBe('Kingston');
      await page.getByRole('textbox', { name: 'TRN (optional)' }).fill('123-456-789');
      const invoices = page.getByRole('switch', { name: 'Invoices' });
      expect(await invoices.isChecked()).toBe(true);
      await invoices.uncheck({ force: true });
      await page.getByRole('button', { name: 'Save changes' }).click();
      await until(() => notification(page, 'Profile saved').count()).toBe(1);
      // The header's user menu reads the user again: the new name shows at once.
      await until(() => page.getByRole('button', { name: /^User menu/ }).textContent()).toContain(
        'Tamika Morgan',
      );

      // This device's copy of the cache is written at most once a second: a reload within that second would
      // start from the copy before the save (the screen refetches the profile, but the header's user may wait).
      await page.waitForTimeout(1500);
      await page.reload();
      await openProfile(page, 'Tamika');
      expect(await field(page, 'Phone').inputValue()).toBe('876-555-0199');
      expect(await field(page, 'Address').inputValue()).toBe('7 Constant Spring Road, Kingston 10');
      expect(await page.getByRole('combobox', { name: 'Parish' }).inputValue()).toBe('Kingston');
      expect(await page.getByRole('textbox', { name: 'TRN (optional)' }).inputValue()).toBe('123456789');
      expect(await page.getByRole('switch', { name: 'Invoices' }).isChecked()).toBe(false);
      expect(await page.getByRole('switch', { name: 'Package updates' }).isChecked()).toBe(true);
      await until(() => page.getByRole('button', { name: /^User menu/ }).textContent()).toContain(
        'Tamika Morgan',
      );
    });
    const after = (await apiCall<Profile>(personTokens.access_token, '/v1/profile')).data;
    expect(after.user).toMatchObject({ first_name: 'Tamika', phone: '876-555-0199', trn: '123456789' });
    expect(after.parish?.name).toBe('Kingston');
    expect(after.notification_preferences.email_invoices).toBe(false);
  });

  it('holds at 375 px: every field labelled, nothing scrolls sideways', async () => {
    const { person, personTokens } = await freshPerson('profile-phone');
    await signedIn(PHONE, personTokens, async (page) => {
      await openProfile(page, person.first);
      await expectClean(page, 'profile (phone)');
      await shot(page, 'profile-phone');
      // Nothing changed, nothing to save; a change, and Enter in a field submits the form.
      expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
      await field(page, 'Last name').fill(`${person.last}-Brown`);
      expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(false);
      await page.keyboard.press('Enter');
      await until(() => notification(page, 'Profile saved').count()).toBe(1);
    });
  });
});

describe('dashboard figures', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('shows the balance due and the points, each linking to its screen (%s)', async (name, size) => {
    const tokens = await sharedTokens(DEMO.customer);
    const summary = (await apiCall<AccountSummary>(tokens.access_token, '/v1/account/summary')).data;
    expect(summary.balance_due_cents, 'the demo customer has open invoices').toBeGreaterThan(0);
    const amount = (summary.balance_due_cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    await signedIn(size, tokens, async (page) => {
      await page.goto('/user');
      const balance = page.getByTestId('balance-due');
      await until(() => balance.textContent()).toContain(amount);
      expect(await balance.textContent()).toContain(`${summary.open_invoices} open invoice`);
      const points = page.getByTestId('points-balance');
      expect(await points.textContent()).toContain(summary.points_balance.toLocaleString('en-US'));
      await expectClean(page, `dashboard (${name})`);
      await shot(page, `dashboard-figures-${name}`, { fullPage: false });

      await balance.click();
      await waitForPath(page, '/user/invoices');
      await page.goBack();
      await waitForPath(page, '/user');
      await page.getByTestId('points-balance').click();
      await waitForPath(page, '/user/points/history');
    });
  });
});

describe('notifications bell', () => {
  it('shows a staff status change as unread, opens it at the package, and marks all read', async () => {
    const { personTokens } = await freshPerson('bell');
    const admin = await sharedTokens(DEMO.admin);
    const pkg = await receivedFor(personTokens);
    const moved = await apiCall<PackageDetail>(admin.access_token, `/v1/admin/packages/${pkg.id}/status`, {
      body: { status: 'in_transit', note: 'On the evening flight.' },
    });
    expect(moved.status, moved.message).toBe(200);
    const page0 = (await apiCall<NotificationPage>(personTokens.access_token, '/v1/notifications')).data;
    expect(page0.unread_count).toBe(2);

    await signedIn(DESKTOP, personTokens, async (page) => {
      await page.goto('/user');
      await until(() => bell(page).getAttribute('aria-label')).toBe('Notifications, 2 unread');
      expect(await page.getByTestId('notifications-count').textContent()).toBe('2');

      // From the keyboard: Enter opens the panel, focus moves into it, Escape gives it back to the bell.
      await bell(page).focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await until(() => panel.isVisible()).toBe(true);
      const items = panel.getByRole('list', { name: 'Recent notifications' }).getByRole('link');
      await until(() => items.count()).toBe(2);
      const newest = items.first();
      expect(await newest.textContent()).toContain('In transit');
      expect(await newest.textContent()).toContain('Unread:');
      expect(await newest.getAttribute('href')).toBe(`/user/packages/${pkg.id}`);
      await expectClean(page, 'bell open (desktop)');
      await shot(page, 'bell-open-desktop', { fullPage: false });
      await page.keyboard.press('Escape');
      await until(() => panel.isVisible()).toBe(false);
      await until(() => bell(page).evaluate((el) => el === document.activeElement)).toBe(true);

      // Opening one marks it read and goes to the package.
      await bell(page).click();
      await until(() => panel.isVisible()).toBe(true);
      await panel.getByRole('link', { name: /In transit/ }).click();
      await waitForPath(page, `/user/packages/${pkg.id}`);
      await until(() => bell(page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
      await until(() => page.getByRole('heading', { name: pkg.tracking_number }).count()).toBeGreaterThan(0);

      await bell(page).click();
      await until(() => panel.isVisible()).toBe(true);
      await panel.getByRole('button', { name: 'Mark all as read' }).click();
      await until(() => bell(page).getAttribute('aria-label')).toBe('Notifications');
      expect(await page.getByTestId('notifications-count').count()).toBe(0);
      expect(await panel.getByText(/^Unread:/).count()).toBe(0);
      await expectClean(page, 'bell all read');
      await shot(page, 'bell-all-read-desktop', { fullPage: false });
    });
    const after = (await apiCall<NotificationPage>(personTokens.access_token, '/v1/notifications')).data;
    expect(after.unread_count).toBe(0);
  });

  it('opens at 375 px without anything scrolling sideways', async () => {
    // A person whose notifications are all read (the receipt's), then a status change: one unread.
    const { personTokens } = await freshPerson('bell-phone');
    const admin = await sharedTokens(DEMO.admin);
    const pkg = await receivedFor(personTokens);
    const read = await apiCall(personTokens.access_token, '/v1/notifications/read-all', { body: {} });
    expect(read.status, read.message).toBe(200);
    const moved = await apiCall<PackageDetail>(admin.access_token, `/v1/admin/packages/${pkg.id}/status`, {
      body: { status: 'at_customs' },
    });
    expect(moved.status, moved.message).toBe(200);
    await signedIn(PHONE, personTokens, async (page) => {
      await page.goto('/user');
      await until(() => bell(page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
      await bell(page).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await until(() => panel.isVisible()).toBe(true);
      const box = await panel.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, 'the panel fits the screen').toBe(true);
      await expectClean(page, 'bell open (phone)');
      await shot(page, 'bell-open-phone', { fullPage: false });
    });
  });
});

describe('offline', () => {
  it('shows the saved bell, figures and profile offline, and a save fails with a message instead of spinning', async () => {
    // A person with a notification of their own (a parcel received), to be seen offline.
    const { person, personTokens } = await freshPerson('offline');
    await receivedFor(personTokens);
    const unread = (await apiCall<NotificationPage>(personTokens.access_token, '/v1/notifications')).data
      .unread_count;
    await signedIn(DESKTOP, personTokens, async (page, context) => {
      await page.goto('/user');
      await until(() => page.getByTestId('balance-due').isVisible(), { timeout: 15_000 }).toBe(true);
      await controlled(page);
      // The cache reaches IndexedDB about a second after the data (the service worker, registered once the page
      // is idle, can take control sooner): see the dashboard's there before loading the next page.
      await until(() => persistedQueryKeys(page), { timeout: 10_000 }).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\["account","summary"\]/)]),
      );
      await page.goto('/user/profile');
      await openProfile(page, person.first);
      // The cache reaches IndexedDB about a second after the data: see it there before going offline.
      await until(() => persistedQueryKeys(page), { timeout: 10_000 }).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\["me","notifications",/),
          expect.stringMatching(/^\["account","summary"\]/),
          expect.stringMatching(/^\["profile"\]/),
        ]),
      );

      await context.setOffline(true);
      await page.goto('/user');
      await until(() => page.getByTestId('offline-banner').isVisible(), { timeout: 15_000 }).toBe(true);
      await until(() => bell(page).getAttribute('aria-label')).toBe(`Notifications, ${unread} unread`);
      await until(() => page.getByTestId('balance-due').isVisible()).toBe(true);
      await bell(page).click();
      const panel = page.getByRole('dialog', { name: 'Notifications' });
      await until(() => panel.getByText(/these are the notifications saved on this device/).isVisible()).toBe(
        true,
      );
      expect(await panel.getByRole('link').count()).toBeGreaterThan(0);
      expect(await panel.locator('[aria-busy="true"]').count()).toBe(0);
      await settled(page);
      await shot(page, 'bell-offline', { fullPage: false });
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: 'Profile' }).first().click();
      await waitForPath(page, '/user/profile');
      await openProfile(page, person.first);
      await field(page, 'Last name').fill('Morgan-Offline');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await until(() =>
        page.getByRole('alert').filter({ hasText: 'Could not save your profile' }).textContent(),
      ).toContain('Network error');
      expect(
        await page.getByRole('button', { name: 'Save changes' }).getAttribute('data-loading'),
      ).toBeNull();
      await context.setOffline(false);
    });
  });
});

describe('password change', () => {
  it('puts a wrong current password on its field, then changes it: this session stays, the others end', async () => {
    const { person } = await freshPerson('password');
    const here = await apiLogin(person);
    const otherDevice = await apiLogin(person);
    const newPassword = 'second-Passphrase-77';
    await signedIn(DESKTOP, here, async (page, context) => {
      await openProfile(page, person.first);
      const current = page.getByLabel('Current password', { exact: true });
      await current.fill('not-my-password-1');
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Change password' }).click();
      await until(() => describedText(page, current)).toContain('This is not your current password');
      expect(await current.getAttribute('aria-invalid')).toBe('true');
      await current.scrollIntoViewIfNeeded();
      await expectClean(page, 'password error');
      await shot(page, 'password-wrong-current', { fullPage: false });

      await current.fill(person.password);
      await page.getByRole('button', { name: 'Change password' }).click();
      await until(() => notification(page, 'Password changed').count()).toBe(1);
      await until(() => current.inputValue()).toBe('');

      // The other device is signed out; this one keeps its session, also once its access token is gone.
      expect(await refreshWorks(otherDevice.refresh_token)).toBe(false);
      await context.clearCookies({ name: 'accessToken' });
      await openProfile(page, person.first);
      expect(await cookie(context, 'accessToken')).toBeTruthy();

      await page.getByRole('button', { name: /^User menu/ }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await waitForPath(page, '/login');
      await loginWithForm(page, { email: person.email, password: person.password });
      await until(() => page.getByRole('alert').filter({ hasText: 'Could not log in' }).count()).toBe(1);
      expect(new URL(page.url()).pathname).toBe('/login');
      await loginWithForm(page, { email: person.email, password: newPassword });
      await waitForPath(page, '/user');
      await until(() => page.getByRole('heading', { name: `Welcome, ${person.first}!` }).isVisible()).toBe(
        true,
      );
    });
  });
});
