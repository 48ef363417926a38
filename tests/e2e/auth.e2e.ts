// Sign-up, verification, login, guards, token refresh and password reset, as a user lives them in Chromium.
import { describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, mailLink, newPage, PHONE, setupBrowser } from './support/browser';
import { expectClean, shot } from './support/checks';
import {
  apiLogin,
  applyTokens,
  cookie,
  DEMO,
  expectDashboard,
  jwtClaims,
  loginWithForm,
  pathOf,
  signIn,
  signInShared,
  uniqueEmail,
  until,
  waitForPath,
} from './support/helpers';

const browser = setupBrowser();

describe('sign-up and verification', () => {
  it('signs up, verifies the email from the mailbox, logs out, logs in and sees the mailbox and warehouse', async () => {
    const { context, page } = await newPage(browser());
    const email = uniqueEmail('signup');
    const password = 'a-Strong-passphrase-9';
    try {
      await page.goto('/signup');
      await page.getByRole('textbox', { name: 'First name' }).fill('Shanice');
      await page.getByRole('textbox', { name: 'Last name' }).fill('Morgan');
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('textbox', { name: 'Phone' }).fill('876-555-0123');
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('combobox', { name: 'Parish' }).click();
      await page.getByRole('option', { name: 'St. Andrew' }).click();
      await until(() => page.getByRole('combobox', { name: 'Parish' }).inputValue()).toBe('St. Andrew');
      await page.getByRole('textbox', { name: 'Address' }).fill('12 Hope Road, Kingston 6');
      await page.getByRole('textbox', { name: 'TRN (optional)' }).fill('123456789');
      await page.getByRole('button', { name: 'Create account' }).click();

      await waitForPath(page, '/verification');
      await until(() => page.getByRole('heading', { name: 'Verify your email' }).isVisible()).toBe(true);
      // It says where the mail went, and how to use another address.
      await until(() => page.getByText(`We sent a verification link to ${email}.`).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Sign up again with the right email' }).isVisible()).toBe(
        true,
      );
      // A fresh account may ask for another email only after the cooldown, which the button shows.
      await until(() => page.getByRole('button', { name: /^Resend verification email/ }).count()).toBe(1);

      const link = await mailLink(email, 'Confirm your email');
      expect(new URL(link).pathname).toMatch(/^\/verification\/[^/]+$/);
      await page.goto(link);
      await waitForPath(page, '/verification/verified');
      await until(() => page.getByRole('heading', { name: 'Email verified' }).isVisible()).toBe(true);

      await page.getByRole('link', { name: 'Go to your dashboard' }).click();
      await waitForPath(page, '/user');
      const firstMailbox = await expectDashboard(page, 'Shanice');

      await page.getByRole('button', { name: /^User menu/ }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await waitForPath(page, '/login');
      expect(await cookie(context, 'accessToken')).toBeUndefined();
      expect(await cookie(context, 'refreshToken')).toBeUndefined();

      await loginWithForm(page, { email, password });
      await waitForPath(page, '/user');
      const mailbox = await expectDashboard(page, 'Shanice');
      expect(mailbox).toBe(firstMailbox);
      expect(mailbox).toMatch(/^IEX-\d+$/);
    } finally {
      await context.close();
    }
  });

  it('sends an unverified user to /verification, also when /user is typed in the address bar', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto('/login');
      await loginWithForm(page, DEMO.unverified);
      await waitForPath(page, '/verification');
      await until(() => page.getByRole('heading', { name: 'Verify your email' }).isVisible()).toBe(true);

      await page.goto('/user');
      await waitForPath(page, '/verification');
      await until(() => page.getByRole('heading', { name: 'Verify your email' }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: /^Welcome/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

describe('verification screens, logged out, at 375 and 1280 px', () => {
  for (const size of [PHONE, DESKTOP]) {
    it(`${size.width} px: a normal visit logs no error; a failed link says why in one sentence and how to get a new one`, async () => {
      const { context, page } = await newPage(browser(), size);
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
      });
      try {
        await page.goto('/verification');
        await until(() => page.getByRole('heading', { name: 'Verify your email' }).isVisible()).toBe(true);
        await until(() => page.getByRole('link', { name: 'Log in' }).isVisible()).toBe(true);
        await expectClean(page, `verification ${size.width}`);
        await shot(page, `verification-pending-${size.width}`);
        expect(errors, errors.join('\n')).toEqual([]);

        // A link cut short by a mail app: no request, one sentence, the way out.
        await page.goto('/verification/abc');
        await until(() =>
          page.getByRole('heading', { name: 'We could not verify your email' }).isVisible(),
        ).toBe(true);
        expect(await page.getByRole('alert').textContent()).toBe(
          'This link has expired or has already been used.',
        );
        expect(await page.getByText('Validation failed').count()).toBe(0);
        await page.getByRole('link', { name: 'Log in to get a new link' }).click();
        await waitForPath(page, '/login');
        expect(errors, errors.join('\n')).toEqual([]);

        // A whole link the server refuses says the same, with no server wording glued in front.
        await page.goto(`/verification/${'x'.repeat(43)}`);
        await until(() => page.getByRole('alert').textContent()).toBe(
          'This link has expired or has already been used.',
        );
        await expectClean(page, `failed verification ${size.width}`);
        await shot(page, `verification-failed-${size.width}`);
      } finally {
        await context.close();
      }
    });
  }
});

describe('guards', () => {
  it('returns to a deep link after logging in, and keeps a verified user away from /login and /', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto('/user/invoices');
      await waitForPath(page, '/login', { redirect: '/user/invoices' });
      await until(() => page.getByRole('button', { name: 'Log in' }).isVisible()).toBe(true);

      await loginWithForm(page, DEMO.customer);
      await waitForPath(page, '/user/invoices');

      // Journey 4: a verified user asking for /login or / lands on the dashboard.
      await page.goto('/login');
      await waitForPath(page, '/user');
      await expectDashboard(page, DEMO.customer.first);
      await page.goto('/signup');
      await waitForPath(page, '/user');
      // "/" reached inside the app (e.g. "Back to Home" on the 404 page, see tenant.e2e.ts) goes on to /user;
      // typed in the address bar it is the test below.
    } finally {
      await context.close();
    }
  });

  it('sends a verified user who types "/" in the address bar to /user', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signInShared(context, DEMO.customer);
      const res = await page.goto('/');
      expect(res?.status()).toBe(200);
      await waitForPath(page, '/user');
      await expectDashboard(page, DEMO.customer.first);
    } finally {
      await context.close();
    }
  });

  it('shows the not-authorized page to a customer opening an admin page', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signInShared(context, DEMO.customer);
      await page.goto('/admin/invoice/list');
      await waitForPath(page, '/error/not-authorized');
      await until(() => page.getByRole('heading', { name: 'You are not authorized!' }).isVisible()).toBe(
        true,
      );
    } finally {
      await context.close();
    }
  });

  it('submits the login form from the keyboard: Tab reaches Email, Password, Log in in order, Enter submits', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto('/login');
      await until(() => page.getByRole('button', { name: 'Log in' }).isVisible()).toBe(true);

      const focused = () =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return '';
          const label = el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null;
          return `${el.tagName.toLowerCase()}:${(label ?? el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}`;
        });
      const order: string[] = [];
      for (let i = 0; i < 9; i++) {
        await page.keyboard.press('Tab');
        const now = await focused();
        order.push(now);
        if (now === 'input:Email') await page.keyboard.type(DEMO.customer.email);
        if (now === 'input:Password') await page.keyboard.type(DEMO.customer.password);
        if (now === 'button:Log in') break;
      }
      const at = (name: string) => order.indexOf(name);
      // The language menu comes first (top of the screen, for whoever cannot read the form yet), then the form.
      expect(order[0], `focus order: ${order.join(' → ')}`).toBe('select:Language');
      expect(order[1], `focus order: ${order.join(' → ')}`).toBe('input:Email');
      expect(at('input:Password'), `focus order: ${order.join(' → ')}`).toBeGreaterThan(at('input:Email'));
      expect(at('button:Log in'), `focus order: ${order.join(' → ')}`).toBeGreaterThan(at('input:Password'));

      await page.keyboard.press('Enter');
      await waitForPath(page, '/user');
      await expectDashboard(page, DEMO.customer.first);
    } finally {
      await context.close();
    }
  });
});

describe('session tokens', () => {
  it('refreshes a rejected access token silently: the page stays and the cookie is replaced', async () => {
    const { context, page } = await newPage(browser());
    try {
      const tokens = await signIn(context, DEMO.customer);
      await page.goto('/user');
      await expectDashboard(page, DEMO.customer.first);

      // Same claims (so the offline guard lets the page load), signature the server cannot accept.
      const [head, body] = tokens.access_token.split('.');
      const tampered = `${head}.${body}.${'A'.repeat(43)}`;
      await applyTokens(context, { access_token: tampered, refresh_token: tokens.refresh_token });
      expect(await cookie(context, 'accessToken')).toBe(tampered);

      const refreshes: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/auth/refresh')
          refreshes.push(r.url());
      });
      await page.reload();
      await expectDashboard(page, DEMO.customer.first);
      expect(pathOf(page)).toBe('/user');
      // The dashboard may show first from the answers saved on this device; its calls then meet the 401 and refresh.
      await until(() => refreshes.length).toBeGreaterThanOrEqual(1);
      expect(pathOf(page)).toBe('/user');

      await until(() => cookie(context, 'accessToken')).not.toBe(tampered);
      const renewed = (await cookie(context, 'accessToken')) ?? '';
      expect(jwtClaims(renewed).sub).toBe(jwtClaims(tokens.access_token).sub);
      // The refresh token rotates with it.
      expect(await cookie(context, 'refreshToken')).not.toBe(tokens.refresh_token);
    } finally {
      await context.close();
    }
  });

  it('ends at /login with the cookies cleared when the refresh token was revoked', async () => {
    const { context, page } = await newPage(browser());
    try {
      const tokens = await signIn(context, DEMO.customer);
      await page.goto('/user/invoices');
      await until(() => pathOf(page)).toBe('/user/invoices');

      // Log the session out on the server, as another tab or an admin would, and make the access token stale.
      const refreshToken = (await cookie(context, 'refreshToken')) ?? '';
      expect(refreshToken).toBe(tokens.refresh_token);
      const res = await fetch(`${baseUrl()}/v1/auth/logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      });
      expect(res.status).toBe(200);
      const [head, body] = tokens.access_token.split('.');
      await applyTokens(context, {
        access_token: `${head}.${body}.${'A'.repeat(43)}`,
        refresh_token: refreshToken,
      });

      await page.reload();
      await waitForPath(page, '/login');
      await until(() => page.getByRole('button', { name: 'Log in' }).isVisible()).toBe(true);
      await until(() => cookie(context, 'accessToken')).toBeUndefined();
      expect(await cookie(context, 'refreshToken')).toBeUndefined();
      expect(await cookie(context, 'isAuthenticated')).toBeUndefined();
    } finally {
      await context.close();
    }
  });
});

describe('password reset', () => {
  it('asks for a link, sets a new password from the mail, and logs in with it', async () => {
    const email = uniqueEmail('reset');
    const oldPassword = 'first-Passphrase-42';
    const newPassword = 'second-Passphrase-77';
    // The account comes from the API: this journey is about the reset, not the sign-up form.
    const reg = await fetch(`http://127.0.0.1:${new URL(baseUrl()).port}/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Rohan',
        last_name: 'Clarke',
        email,
        phone: '876-555-0188',
        password: oldPassword,
        parish_id: 1,
        address: '3 Barbican Road',
      }),
    });
    expect(reg.status, await reg.clone().text()).toBe(201);

    const { context, page } = await newPage(browser());
    try {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await waitForPath(page, '/forgotPassword');
      // The URL changes before the page's chunk has loaded: until then the login form (with its own "Email") is
      // still on screen.
      await until(() => page.getByRole('heading', { name: 'Forgot your password?' }).isVisible()).toBe(true);
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await until(() => page.getByRole('heading', { name: 'Check your email' }).isVisible()).toBe(true);

      const link = await mailLink(email, 'Reset your');
      const url = new URL(link);
      expect(url.pathname).toBe('/resetPassword');
      expect(url.searchParams.get('token')).toBeTruthy();
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Reset password' }).click();
      await until(() => page.getByRole('heading', { name: 'Password changed' }).isVisible()).toBe(true);

      await page.getByRole('link', { name: 'Back to login' }).click();
      await waitForPath(page, '/login');
      await loginWithForm(page, { email, password: newPassword });
      // The account was never verified: the new password works and the guard asks for verification.
      await waitForPath(page, '/verification');
      await until(() => page.getByRole('heading', { name: 'Verify your email' }).isVisible()).toBe(true);

      // The old password no longer works (checked through the API, outside the form's rate budget).
      await expect(apiLogin({ email, password: oldPassword })).rejects.toThrow(/401/);
    } finally {
      await context.close();
    }
  });
});
