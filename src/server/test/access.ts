import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { users } from '../db/schema';
import { DEMO, type TestApp } from './harness';
import { signUp } from './helpers';

export type Session = Awaited<ReturnType<TestApp['login']>>;

/** Everyone the access tables need: the victim (demo customer), staff, and the outsiders. */
export type Cast = {
  customer: Session;
  admin: Session;
  /** The other company's customer (on blue.localhost). */
  blue: Session;
  unverified: Session;
  /** Another verified customer of the same company. */
  neighbour: Session;
  /** An admin of the other company (on blue.localhost). */
  blueStaff: Session;
};

export async function cast(t: TestApp): Promise<Cast> {
  const [customer, admin, blue, unverified] = await Promise.all([
    t.login(DEMO.customer.email, DEMO.customer.password),
    t.login(DEMO.admin.email, DEMO.admin.password),
    t.login(DEMO.blue.email, DEMO.blue.password, 'blue.localhost'),
    t.login(DEMO.unverified.email, DEMO.unverified.password),
  ]);
  const s = await signUp(t);
  await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, s.userId));
  const neighbour = await t.login(s.email, s.password);
  const b = await signUp(t, 'blue.localhost');
  await t.database.db
    .update(users)
    .set({ emailVerifiedAt: new Date(), role: 'admin' })
    .where(eq(users.id, b.userId));
  const blueStaff = await t.login(b.email, b.password, 'blue.localhost');
  return { customer, admin, blue, unverified, neighbour, blueStaff };
}

export type Caller = { who: string; token: string | undefined; host: string; expect: number[] };

/** The outsiders and what each must get on a call about someone else's row. */
export function outsiders(c: Cast): Caller[] {
  return [
    {
      who: 'another customer of the company',
      token: c.neighbour.access,
      host: 'localhost',
      expect: [404, 403],
    },
    {
      who: 'a customer of the other company',
      token: c.blue.access,
      host: 'blue.localhost',
      expect: [404, 403],
    },
    // Staff of the other company: 404 on anything of this one (400 when a body names this company's customer).
    {
      who: 'staff of the other company',
      token: c.blueStaff.access,
      host: 'blue.localhost',
      expect: [404, 400],
    },
    { who: 'the other company’s token on this host', token: c.blue.access, host: 'localhost', expect: [401] },
    {
      who: 'the other company’s staff token on this host',
      token: c.blueStaff.access,
      host: 'localhost',
      expect: [401],
    },
    { who: 'anonymous', token: undefined, host: 'localhost', expect: [401] },
    { who: 'an unverified user', token: c.unverified.access, host: 'localhost', expect: [403] },
  ];
}

export type Call = {
  name: string;
  run: (token: string | undefined, host: string) => Promise<LightMyRequestResponse>;
};

/** Every outsider is refused on every call, with an error envelope. */
export async function expectRefused(callers: Caller[], calls: Call[]): Promise<void> {
  for (const c of callers) {
    for (const call of calls) {
      const res = await call.run(c.token, c.host);
      expect(c.expect, `${c.who} → ${call.name}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      expect(res.json().success).toBe(false);
    }
  }
}
