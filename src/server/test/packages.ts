import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { PackageSummary } from '../../contract/packages';
import { users } from '../db/schema';
import type { Session } from './access';
import { createTestApp, DEMO, type TestApp } from './harness';
import { expectOk, signUp } from './helpers';
import { multipart } from './multipart';

/** Helpers of the package, pre-alert and receipt route tests (one file a topic). */

export type Page<T> = {
  items: T[];
  page: number;
  pageSize: number;
  total: number | null;
  total_capped?: boolean;
};

export function filesOnDisk(t: TestApp): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let entries: import('node:fs').Dirent[] = [];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else out.push(join(dir, e.name));
    }
  };
  walk(join(t.config.dataDir, 'files'));
  return out;
}

export const prealertFields = (tracking: string) => ({
  tracking_number: tracking,
  seller_name: 'Amazon',
  description: 'Running shoes',
  weight: '2.5',
  value: '45.99',
  package_type: 'parcel',
});
/** The app and callers of the package tests: the demo customer (whose rows they are), staff and outsiders. */
export type PackagesCast = {
  t: TestApp;
  customer: Session;
  admin: Session;
  blue: Session;
  unverified: Session;
  /** Another verified customer of the same company. */
  neighbour: Session;
};

export async function packagesCast(): Promise<PackagesCast> {
  const t = await createTestApp();
  const customer = await t.login(DEMO.customer.email, DEMO.customer.password);
  const admin = await t.login(DEMO.admin.email, DEMO.admin.password);
  const blue = await t.login(DEMO.blue.email, DEMO.blue.password, 'blue.localhost');
  const unverified = await t.login(DEMO.unverified.email, DEMO.unverified.password);
  const s = await signUp(t);
  await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, s.userId));
  const neighbour = await t.login(s.email, s.password);
  return { t, customer, admin, blue, unverified, neighbour };
}

/** The calls the package tests make most, on the app `app()` returns. */
export function packageCalls(app: () => TestApp) {
  const list = async (token: string, query = '', host = 'localhost') =>
    expectOk<Page<PackageSummary>>(
      await app().request({ method: 'GET', url: `/v1/packages${query}`, token, host }),
    );

  const postPrealert = async (
    token: string,
    fields: Record<string, string>,
    fileList: Parameters<typeof multipart>[1],
  ) => {
    const body = await multipart(fields, fileList);
    return app().request({ method: 'POST', url: '/v1/peralert', token, ...body });
  };
  return { list, postPrealert };
}
