import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likePattern } from '../db/like';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';

type User = {
  id: string;
  email: string;
  first_name: string;
  role: string;
  company_id: string;
  mailbox_number: string;
};
type Page = { items: User[]; page: number; pageSize: number; total: number };

const ISLAND_EMAILS = [
  DEMO.customer.email,
  DEMO.unverified.email,
  DEMO.admin.email,
  DEMO.clerk.email,
  DEMO.platform.email,
];

describe('GET /v1/users and GET /v1/users/{id}', () => {
  let t: TestApp;
  let admin: { access: string; userId: string };
  let customer: { access: string; userId: string };
  let unverified: { access: string; userId: string };
  let blue: { access: string; userId: string };
  const list = async (token: string, query = '') =>
    expectOk<Page>(await t.request({ method: 'GET', url: `/v1/users${query}`, token }));
  const one = (token: string, id: string, host = 'localhost') =>
    t.request({ method: 'GET', url: `/v1/users/${id}`, token, host });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login(DEMO.admin.email, DEMO.admin.password);
    customer = await t.login(DEMO.customer.email, DEMO.customer.password);
    unverified = await t.login(DEMO.unverified.email, DEMO.unverified.password);
    blue = await t.login(DEMO.blue.email, DEMO.blue.password, 'blue.localhost');
  });
  afterAll(() => t.close());

  it('gives a customer a list of only themself', async () => {
    const page = await list(customer.access);
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 1 });
    expect(page.items.map((u) => u.email)).toEqual([DEMO.customer.email]);
    // Asking for someone else by search does not widen it.
    expect((await list(customer.access, '?q=admin')).items.map((u) => u.id)).toEqual([customer.userId]);
  });

  it("gives an admin their company's users, paginated, never another company's", async () => {
    const page = await list(admin.access);
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: ISLAND_EMAILS.length });
    expect(page.items.map((u) => u.email).sort()).toEqual([...ISLAND_EMAILS].sort());
    expect(page.items.every((u) => u.company_id === page.items[0]?.company_id)).toBe(true);
    expect(page.items.some((u) => u.email.endsWith('@blue.test'))).toBe(false);

    const p1 = await list(admin.access, '?pageSize=3&page=1');
    const p2 = await list(admin.access, '?pageSize=3&page=2');
    expect(p1).toMatchObject({ page: 1, pageSize: 3, total: 5 });
    expect(p1.items).toHaveLength(3);
    expect(p2).toMatchObject({ page: 2, pageSize: 3, total: 5 });
    expect(p2.items).toHaveLength(2);
    expect(new Set([...p1.items, ...p2.items].map((u) => u.id)).size).toBe(5);
  });

  it('searches by name, email and mailbox number (q), case-insensitively', async () => {
    const byName = await list(admin.access, '?q=KERRY');
    expect(byName.items.map((u) => u.email)).toEqual([DEMO.customer.email]);
    expect(byName.total).toBe(1);
    expect((await list(admin.access, '?q=unverified@')).items.map((u) => u.email)).toEqual([
      DEMO.unverified.email,
    ]);
    const mailbox = (await list(admin.access, `?q=${DEMO.admin.email}`)).items[0]?.mailbox_number ?? '';
    expect((await list(admin.access, `?q=${mailbox}`)).items.map((u) => u.email)).toEqual([DEMO.admin.email]);
    // The other company's customer is not found even by its exact email.
    expect((await list(admin.access, `?q=${DEMO.blue.email}`)).total).toBe(0);
  });

  it('treats LIKE wildcards in q as plain characters', async () => {
    expect((await list(admin.access, '?q=%25')).total).toBe(0);
    expect((await list(admin.access, '?q=_')).total).toBe(0);
  });

  it('filters by role', async () => {
    const admins = await list(admin.access, '?role=admin');
    expect(admins.items.map((u) => u.email).sort()).toEqual([DEMO.admin.email, DEMO.platform.email].sort());
    expect((await list(admin.access, '?role=customer')).total).toBe(2);
  });

  it('refuses a bad query with 400 and an anonymous caller with 401', async () => {
    const err = expectError(
      await t.request({ method: 'GET', url: '/v1/users?pageSize=1000', token: admin.access }),
      400,
    );
    expect(err.message).toBe('Validation failed (querystring)');
    expect(err.errors?.pageSize).toBeTruthy();
    expectError(await t.request({ method: 'GET', url: '/v1/users?role=god', token: admin.access }), 400);
    expectError(await t.request({ method: 'GET', url: '/v1/users' }), 401);
  });

  it('shows a user themself', async () => {
    expect(expectOk<User>(await one(customer.access, customer.userId))).toMatchObject({
      id: customer.userId,
      email: DEMO.customer.email,
      role: 'customer',
    });
    expect(expectOk<User>(await one(blue.access, blue.userId, 'blue.localhost')).email).toBe(DEMO.blue.email);
  });

  it('answers another user of the company with 404 for a customer, 200 for an admin', async () => {
    expectError(await one(customer.access, unverified.userId), 404, 'User not found');
    expectError(await one(customer.access, admin.userId), 404, 'User not found');
    expect(expectOk<User>(await one(admin.access, unverified.userId)).email).toBe(DEMO.unverified.email);
  });

  it("answers another company's user with 404, even for an admin", async () => {
    expectError(await one(admin.access, blue.userId), 404, 'User not found');
    expectError(await one(blue.access, customer.userId, 'blue.localhost'), 404, 'User not found');
  });

  it('refuses an id that is not a uuid with 400', async () => {
    expectError(await one(admin.access, 'me'), 400);
  });
});

describe('likePattern', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(likePattern('50%')).toBe('%50\\%%');
    expect(likePattern('a_b')).toBe('%a\\_b%');
    expect(likePattern('c:\\x')).toBe('%c:\\\\x%');
    expect(likePattern('plain')).toBe('%plain%');
  });
});
