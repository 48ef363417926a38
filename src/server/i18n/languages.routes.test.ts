import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Menu } from '../../contract/menus';
import type { NotificationPage } from '../../contract/notifications';
import type { PackageSummary } from '../../contract/packages';
import type { Profile } from '../../contract/profile';
import type { User } from '../../contract/users';
import { type Cast, cast } from '../test/access';
import { me, type Tokens } from '../test/auth';
import { createTestApp, type TestApp } from '../test/harness';
import { expectError, expectOk, mailMatching, registerBody, waitForMail } from '../test/helpers';

type Page<T> = { items: T[] };

// The caller's language (the locale cookie, else Accept-Language) and each recipient's (their saved choice).
describe('languages on the server', () => {
  let t: TestApp;
  let c: Cast;
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  });
  afterAll(() => t.close());

  it('mails the verification of a sign-up made in Spanish in Spanish, and keeps Spanish as the user’s language', async () => {
    const body = registerBody();
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/register',
      headers: { cookie: 'locale=es' },
      payload: body,
    });
    expectOk(res, 201, 'Revisa tu correo para terminar el registro');
    const [mail] = await waitForMail(t, body.email as string);
    expect(mail?.subject).toBe('Confirma tu correo para Island Express');
    expect(mail?.text).toContain(`Hola, ${body.first_name}:`);
    expect(mail?.text).toContain('Confirma tu dirección de correo para empezar a usar tu cuenta');
    expect(mail?.html).toContain('lang="es"');
    const tokens = expectOk<Tokens>(
      await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: body.email, password: body.password },
      }),
    );
    expect(expectOk<User>(await me(t, tokens.access_token)).locale).toBe('es');
  });

  it('answers API errors in the caller’s language: the cookie first, then Accept-Language', async () => {
    const wrong = { email: 'customer@demo.test', password: 'not-the-password-1' };
    const french = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' },
      payload: wrong,
    });
    expectError(french, 401, 'E-mail ou mot de passe incorrect');
    const cookie = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { cookie: 'locale=fr', 'accept-language': 'es' },
      payload: wrong,
    });
    expectError(cookie, 401, 'E-mail ou mot de passe incorrect');
    const invalid = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'accept-language': 'fr' },
      payload: { email: 'customer@demo.test' },
    });
    expectError(invalid, 400, 'La validation a échoué');
    // English stays as it was, word for word.
    expectError(
      await t.request({ method: 'POST', url: '/v1/auth/login', payload: wrong }),
      401,
      'Invalid email or password',
    );
  });

  it('writes a notice and its mail in the language the customer saved (Arabic), whoever caused it', async () => {
    const saved = expectOk<Profile>(
      await t.request({
        method: 'PUT',
        url: '/v1/profile',
        token: c.customer.access,
        payload: { locale: 'ar' },
      }),
    );
    expect(saved.user.locale).toBe('ar');
    const pkg = expectOk<Page<PackageSummary>>(
      await t.request({ method: 'GET', url: '/v1/packages?status=in_transit', token: c.customer.access }),
    ).items[0];
    if (!pkg) throw new Error('no package');
    // The admin works in English.
    expectOk(
      await t.request({
        method: 'POST',
        url: `/v1/admin/packages/${pkg.id}/status`,
        token: c.admin.access,
        headers: { cookie: 'locale=en' },
        payload: { status: 'at_customs', note: '' },
      }),
    );
    const [latest] = expectOk<NotificationPage>(
      await t.request({ method: 'GET', url: '/v1/notifications', token: c.customer.access }),
    ).items;
    expect(latest?.body).toContain('طردك');
    const mail = await mailMatching(t, 'customer@demo.test', new RegExp(`^${pkg.tracking_number}: `));
    expect(mail?.text).toContain('مرحبًا');
    expect(mail?.html).toContain('dir="rtl"');
    expectOk(
      await t.request({
        method: 'PUT',
        url: '/v1/profile',
        token: c.customer.access,
        payload: { locale: 'en' },
      }),
    );
  });

  it('shows the standard menu labels in the reader’s language and a company’s own labels as typed', async () => {
    const menus = expectOk<Menu[]>(
      await t.request({
        method: 'GET',
        url: '/v1/menus',
        token: c.customer.access,
        headers: { cookie: 'locale=es' },
      }),
    );
    const titles = menus.flatMap((m) => m.items.map((i) => i.title));
    expect(titles).toContain('Mis paquetes');
    expect(titles).not.toContain('My packages');
  });
});
