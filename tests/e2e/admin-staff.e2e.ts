// Staff (issue 29): the admin invites a clerk from /admin/staff; the invitation's link, read from the local mailbox,
// lets the clerk choose a password and lands them signed in on /admin; the admin deactivates them and their open
// session is refused at once. The screen at 375 px (and the invitation page) with axe; a clerk has no entry for it.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, mailLink, newPage, PHONE, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, shot } from './support/checks';
import {
  apiCall,
  apiUrl,
  DEMO,
  notification,
  sharedTokens,
  uniqueEmail,
  until,
  waitForPath,
  withSession,
} from './support/helpers';

const browser = setupBrowser();
const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Staff' });

/** Invites `email` as a clerk through the screen's modal (keyboard: the form is filled and sent with Enter). */
async function inviteClerk(page: Page, email: string) {
  await page.getByRole('button', { name: 'Invite staff' }).click();
  const form = page.getByRole('form', { name: 'Invite staff' });
  await form.getByLabel('E-mail').fill(email);
  expect(await form.getByRole('combobox', { name: /^Role/ }).inputValue()).toBe('Staff (clerk)');
  await form.getByLabel('E-mail').press('Enter');
  await until(() => notification(page, `Invitation sent to ${email}`).count()).toBe(1);
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await until(() => pending.textContent()).toContain(email);
}

describe('staff', () => {
  it('an invited clerk sets a password and lands on /admin; deactivated, they are out at once', async () => {
    const email = uniqueEmail('clerk');
    const admin = await sharedTokens(DEMO.admin);
    await withSession(
      browser(),
      DESKTOP,
      admin,
      async (adminPage) => {
        await adminPage.goto('/admin/staff');
        await until(() => heading(adminPage).isVisible()).toBe(true);
        await inviteClerk(adminPage, email);

        // The link is on the company's host; opened in a browser with no session.
        const link = await mailLink(email, 'You are invited to join');
        expect(new URL(link).pathname).toMatch(/^\/invite\/[\w-]{20,}$/);
        const { context, page } = await newPage(browser(), DESKTOP);
        page.setDefaultTimeout(15_000);
        try {
          await page.goto(link);
          await until(() => page.getByRole('heading', { level: 1, name: /^Join / }).isVisible()).toBe(true);
          expect(await page.getByText(email).count()).toBeGreaterThan(0);
          await page.getByLabel('First name').fill('Kemar');
          await page.getByLabel('Last name').fill('Brown');
          await page.getByLabel('Password', { exact: true }).fill('warehouse-Shift-42');
          await page.getByRole('button', { name: 'Accept invitation' }).click();
          await waitForPath(page, '/admin');
          await until(() => page.getByRole('navigation', { name: 'Main' }).first().isVisible()).toBe(true);

          // The link is spent: opened again, it says so plainly.
          const again = await context.newPage();
          await again.goto(link);
          await until(() => again.getByText(/already used/).isVisible()).toBe(true);
          await again.close();

          // The admin sees them on the list and deactivates them, after a confirmation.
          await adminPage.reload();
          const people = adminPage.getByRole('list', { name: 'Staff members' });
          await until(() => people.textContent()).toContain('Kemar Brown');
          await adminPage.getByRole('button', { name: 'Deactivate Kemar Brown' }).click();
          const dialog = adminPage.getByRole('dialog', { name: 'Deactivate' });
          await dialog.getByRole('button', { name: 'Deactivate' }).click();
          await until(() => notification(adminPage, 'Kemar Brown was deactivated').count()).toBe(1);
          await until(() => people.textContent()).toContain('Deactivated');

          // The clerk's open session is refused: the next screen sends them to the login.
          await page.goto('/admin/packages');
          await waitForPath(page, '/login');
        } finally {
          await context.close();
        }
      },
      { stepTimeout: 15_000 },
    );
    const login = await fetch(apiUrl('/v1/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'warehouse-Shift-42' }),
    });
    expect(login.status).toBe(401);
  });

  it('holds at 375 px with no serious axe violation, the invitation page too', async () => {
    const found: string[] = [];
    const email = uniqueEmail('phone');
    await withSession(
      browser(),
      PHONE,
      await sharedTokens(DEMO.admin),
      async (page) => {
        await page.goto('/admin/staff');
        await until(() => heading(page).isVisible()).toBe(true);
        await inviteClerk(page, email);
        await shot(page, 'admin-staff-375', { fullPage: true });
        await audit(page, 'staff 375', found);
        await expectNoOverflow(page, 'staff 375');
        await page.getByRole('button', { name: 'Invite staff' }).click();
        await page.getByRole('form', { name: 'Invite staff' }).waitFor();
        await audit(page, 'invite modal 375', found);
        await page.keyboard.press('Escape');
        // The invitation page, as the invited person sees it on a phone.
        await page.goto(await mailLink(email, 'You are invited to join'));
        await until(() => page.getByRole('button', { name: 'Accept invitation' }).isVisible()).toBe(true);
        await shot(page, 'invite-page-375', { fullPage: true });
        await audit(page, 'invitation page 375', found);
        await expectNoOverflow(page, 'invitation page 375');
      },
      { stepTimeout: 15_000 },
    );
    expect(found).toEqual([]);
  });

  it('a clerk has no entry for it and is turned away at its address; the API refuses them', async () => {
    await withSession(
      browser(),
      DESKTOP,
      await sharedTokens(DEMO.clerk),
      async (page) => {
        await page.goto('/admin');
        const nav = page.locator('nav[aria-label="Main"]').first();
        await until(() => nav.getByRole('link').count()).toBeGreaterThan(3);
        expect((await nav.getByRole('link').allInnerTexts()).map((n) => n.trim())).not.toContain('Staff');
        await page.goto('/admin/staff');
        await waitForPath(page, '/error/not-authorized');
      },
      { stepTimeout: 15_000 },
    );
    const reply = await apiCall((await sharedTokens(DEMO.clerk)).access_token, '/v1/admin/staff');
    expect(reply.status).toBe(403);
  });
});
