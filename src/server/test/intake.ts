import { eq } from 'drizzle-orm';
import type { Prealert } from '../../contract/packages';
import { packages, users } from '../db/schema';
import { createTestApp, DEMO } from './harness';
import { expectOk, type SignedUp, signUp } from './helpers';
import { multipart, PDF } from './multipart';
import { prealertFields } from './packages';

/** The intake tests' bed (one a file): a test app, its staff, two verified customers, and the calls they make. */

let seq = 0;
/** A tracking number no other intake test uses. */
export const tn = (p = 'INT') => `${p}${Date.now().toString(36).toUpperCase()}${++seq}`;

export async function intakeBed() {
  const t = await createTestApp();
  const admin = await t.login(DEMO.admin.email, DEMO.admin.password);
  const clerk = await t.login(DEMO.clerk.email, DEMO.clerk.password);
  const blueAdmin = await t.login(DEMO.blue.email, DEMO.blue.password, 'blue.localhost');

  async function verified(overrides: Record<string, unknown> = {}) {
    const s = await signUp(t, 'localhost', overrides);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, s.userId));
    return s;
  }

  /** A receipt through the API, as the receiving desk (or its outbox, with a key) sends it. */
  async function receive(
    token: string,
    fields: Record<string, string>,
    opts: { photo?: Buffer; photoType?: string; key?: string; host?: string } = {},
  ) {
    const body = await multipart(
      fields,
      opts.photo
        ? [{ name: 'parcel.png', bytes: opts.photo, type: opts.photoType ?? 'image/png', field: 'photo' }]
        : [],
    );
    return t.request({
      method: 'POST',
      url: '/v1/admin/packages/receive',
      token,
      ...(opts.host ? { host: opts.host } : {}),
      payload: body.payload,
      headers: { ...body.headers, ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
    });
  }

  async function prealert(s: SignedUp, tracking: string) {
    const body = await multipart(prealertFields(tracking), [{ name: 'invoice.pdf', bytes: PDF }]);
    return expectOk<Prealert>(
      await t.request({ method: 'POST', url: '/v1/peralert', token: s.access, ...body }),
      201,
    );
  }

  const packageRow = async (id: string) =>
    (await t.database.db.select().from(packages).where(eq(packages.id, id)).limit(1))[0];

  // Zora (with pre-alerts) and Kemar, found by email: fresh, verified, and wanting package mail (the default).
  const shanice = await verified({ first_name: 'Zora', last_name: `Intake${Date.now().toString(36)}` });
  const other = await verified({ first_name: 'Kemar', last_name: 'Bailey' });
  return { t, admin, clerk, blueAdmin, shanice, other, verified, receive, prealert, packageRow };
}

export type IntakeBed = Awaited<ReturnType<typeof intakeBed>>;
