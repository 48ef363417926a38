import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZED_PERSONS_MAX, type AuthorizedPerson } from '../../contract/authorized-persons';
import type { Identification } from '../../contract/reference';
import { users } from '../db/schema';
import { type Cast, cast, expectRefused, outsiders } from '../test/access';
import { createTestApp, type TestApp } from '../test/harness';
import { expectError, expectOk, signUp } from '../test/helpers';

describe('authorized persons', () => {
  let t: TestApp;
  let c: Cast;
  let ids: Identification[];

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    ids = expectOk<Identification[]>(await t.request({ method: 'GET', url: '/v1/identifications' }));
  });
  afterAll(() => t.close());

  const person = (over: Record<string, unknown> = {}) => ({
    full_name: 'Odette Brown',
    identification_id: ids[1]?.id,
    id_number: 'P 778 221',
    phone: '876-555-0199',
    email: 'odette@example.test',
    relationship: 'Aunt',
    ...over,
  });
  const list = async (token: string, host = 'localhost') =>
    expectOk<AuthorizedPerson[]>(
      await t.request({ method: 'GET', url: '/v1/authorizedpersons', token, host }),
    );
  const add = (token: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: '/v1/authorizedpersons', token, payload: payload as object, headers });

  it('lists the customer’s seeded persons with their ID type', async () => {
    const mine = await list(c.customer.access);
    expect(mine.map((p) => [p.full_name, p.identification.code, p.is_active])).toEqual([
      ['Marlon Campbell', 'drivers_licence', true],
      ['Tanya Richards', 'passport', false],
    ]);
    expect(await list(c.neighbour.access)).toEqual([]);
  });

  it('adds, edits (partially) and removes a person', async () => {
    const created = expectOk<AuthorizedPerson>(
      await add(c.customer.access, person()),
      201,
      'Authorized person added',
    );
    expect(created).toMatchObject({
      full_name: 'Odette Brown',
      identification_id: ids[1]?.id,
      identification: { name: 'Passport' },
      email: 'odette@example.test',
      is_active: true,
    });
    const edited = expectOk<AuthorizedPerson>(
      await t.request({
        method: 'PUT',
        url: `/v1/authorizedpersons/${created.id}`,
        token: c.customer.access,
        payload: { is_active: false, email: '', phone: '876 555 0100' },
      }),
    );
    expect(edited).toMatchObject({
      is_active: false,
      email: null,
      phone: '876 555 0100',
      full_name: 'Odette Brown',
    });
    expect((await list(c.customer.access)).map((p) => p.id)).toContain(created.id);
    expectOk(
      await t.request({
        method: 'DELETE',
        url: `/v1/authorizedpersons/${created.id}`,
        token: c.customer.access,
      }),
    );
    expectError(
      await t.request({
        method: 'DELETE',
        url: `/v1/authorizedpersons/${created.id}`,
        token: c.customer.access,
      }),
      404,
    );
    expect((await list(c.customer.access)).map((p) => p.id)).not.toContain(created.id);
  });

  it('puts each validation error on its field', async () => {
    const empty = expectError(await add(c.customer.access, {}), 400, 'Validation failed');
    expect(Object.keys(empty.errors ?? {}).sort()).toEqual(
      ['full_name', 'id_number', 'identification_id', 'phone', 'relationship'].sort(),
    );
    const bad = expectError(
      await add(
        c.customer.access,
        person({ email: 'not-an-email', phone: 'call me', id_number: '<script>' }),
      ),
      400,
    );
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['email', 'id_number', 'phone']);
    const unknownId = expectError(await add(c.customer.access, person({ identification_id: 9999 })), 400);
    expect(unknownId.errors).toEqual({ identification_id: ['Choose an ID type from the list'] });
    const mine = (await list(c.customer.access))[0];
    const put = expectError(
      await t.request({
        method: 'PUT',
        url: `/v1/authorizedpersons/${mine?.id}`,
        token: c.customer.access,
        payload: { full_name: '', identification_id: 9999 },
      }),
      400,
    );
    expect(put.errors?.full_name).toBeDefined();
    const putId = expectError(
      await t.request({
        method: 'PUT',
        url: `/v1/authorizedpersons/${mine?.id}`,
        token: c.customer.access,
        payload: { identification_id: 9999 },
      }),
      400,
    );
    expect(putId.errors?.identification_id).toBeDefined();
  });

  it('honours Idempotency-Key: a replay gets the first reply, a different body with the key is refused', async () => {
    const key = { 'idempotency-key': 'ap-create-0000001' };
    const first = await add(c.customer.access, person({ full_name: 'Replay Person' }), key);
    const second = await add(c.customer.access, person({ full_name: 'Replay Person' }), key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data.id).toBe(first.json().data.id);
    expect((await list(c.customer.access)).filter((p) => p.full_name === 'Replay Person')).toHaveLength(1);
    expectError(await add(c.customer.access, person({ full_name: 'Someone Else' }), key), 422);
  });

  it(`allows at most ${AUTHORIZED_PERSONS_MAX} persons`, async () => {
    const s = await signUp(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, s.userId));
    const { access } = await t.login(s.email, s.password);
    for (let i = 0; i < AUTHORIZED_PERSONS_MAX; i++) {
      expectOk(await add(access, person({ full_name: `Person ${i + 1}` })), 201);
    }
    expectError(await add(access, person({ full_name: 'One too many' })), 409);
  });

  it('nobody but the owner sees or changes them', async () => {
    const victim = expectOk<AuthorizedPerson>(
      await add(c.customer.access, person({ full_name: 'Private Person' })),
      201,
    );
    const calls = [
      {
        name: 'edit',
        run: (token: string | undefined, host: string) =>
          t.request({
            method: 'PUT',
            url: `/v1/authorizedpersons/${victim.id}`,
            token,
            host,
            payload: { is_active: false },
          }),
      },
      {
        name: 'delete',
        run: (token: string | undefined, host: string) =>
          t.request({ method: 'DELETE', url: `/v1/authorizedpersons/${victim.id}`, token, host }),
      },
    ];
    const callers = outsiders(c);
    await expectRefused(callers, calls);
    // Staff are not owners either.
    await expectRefused([{ who: 'staff', token: c.admin.access, host: 'localhost', expect: [404] }], calls);
    for (const who of [
      ...callers,
      { who: 'staff', token: c.admin.access, host: 'localhost', expect: [404] },
    ]) {
      const res = await t.request({
        method: 'GET',
        url: '/v1/authorizedpersons',
        token: who.token,
        host: who.host,
      });
      if (who.expect.includes(404))
        expect(expectOk<AuthorizedPerson[]>(res).some((p) => p.id === victim.id)).toBe(false);
      else expect(who.expect).toContain(res.statusCode);
    }
    const still = (await list(c.customer.access)).find((p) => p.id === victim.id);
    expect(still?.is_active).toBe(true);
  });
});
