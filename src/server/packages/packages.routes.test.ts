import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageDetail, PackageSummary, Prealert, Receipt } from '../../contract/packages';
import { files, prealerts, users } from '../db/schema';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, signUp } from '../test/helpers';
import { EXE, multipart, PDF, PNG } from '../test/multipart';

type Page<T> = { items: T[]; page: number; pageSize: number; total: number };

function filesOnDisk(t: TestApp): string[] {
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

const prealertFields = (tracking: string) => ({
  tracking_number: tracking,
  seller_name: 'Amazon',
  description: 'Running shoes',
  weight: '2.5',
  value: '45.99',
  package_type: 'parcel',
});

describe('packages, pre-alerts, receipts and files', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<TestApp['login']>>;
  let admin: Awaited<ReturnType<TestApp['login']>>;
  let blue: Awaited<ReturnType<TestApp['login']>>;
  let unverified: Awaited<ReturnType<TestApp['login']>>;
  /** Another verified customer of the same company. */
  let neighbour: Awaited<ReturnType<TestApp['login']>>;

  beforeAll(async () => {
    t = await createTestApp();
    customer = await t.login(DEMO.customer.email, DEMO.customer.password);
    admin = await t.login(DEMO.admin.email, DEMO.admin.password);
    blue = await t.login(DEMO.blue.email, DEMO.blue.password, 'blue.localhost');
    unverified = await t.login(DEMO.unverified.email, DEMO.unverified.password);
    const s = await signUp(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, s.userId));
    neighbour = await t.login(s.email, s.password);
  });
  afterAll(() => t.close());

  const list = async (token: string, query = '', host = 'localhost') =>
    expectOk<Page<PackageSummary>>(
      await t.request({ method: 'GET', url: `/v1/packages${query}`, token, host }),
    );

  const postPrealert = async (
    token: string,
    fields: Record<string, string>,
    fileList: Parameters<typeof multipart>[1],
  ) => {
    const body = await multipart(fields, fileList);
    return t.request({ method: 'POST', url: '/v1/peralert', token, ...body });
  };

  describe('GET /v1/packages', () => {
    it('lists the customer’s ~40 seeded packages, newest first, paginated', async () => {
      const first = await list(customer.access, '?pageSize=15');
      expect(first.total).toBe(40);
      expect(first.items).toHaveLength(15);
      const dates = first.items.map((p) => p.created_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      const third = await list(customer.access, '?pageSize=15&page=3');
      expect(third.items).toHaveLength(10);
      const ids = new Set([...first.items, ...third.items].map((p) => p.id));
      expect(ids.size).toBe(25);
      expect(first.items.every((p) => p.owner.id === customer.userId)).toBe(true);
    });

    it('filters by status, searches tracking/description/seller, sorts and limits by date', async () => {
      const delivered = await list(customer.access, '?status=delivered&pageSize=100');
      expect(delivered.total).toBe(12);
      expect(
        delivered.items.every((p) => p.status === 'delivered' && p.status_name === 'Delivered / Collected'),
      ).toBe(true);

      const any = (await list(customer.access, '?pageSize=1')).items[0];
      if (!any) throw new Error('no package');
      const byTracking = await list(customer.access, `?q=${any.tracking_number.slice(-8).toLowerCase()}`);
      expect(byTracking.items.map((p) => p.id)).toContain(any.id);
      const bySeller = await list(customer.access, `?q=${encodeURIComponent(any.seller_name)}&pageSize=100`);
      expect(
        bySeller.items.every(
          (p) => p.seller_name === any.seller_name || p.description.includes(any.seller_name),
        ),
      ).toBe(true);
      expect((await list(customer.access, '?q=%25')).total).toBe(0); // a literal %, not a wildcard

      const oldest = await list(customer.access, '?sort=oldest&pageSize=100');
      const created = oldest.items.map((p) => p.created_at);
      expect([...created].sort()).toEqual(created);

      const future = await list(customer.access, '?from=2999-01-01');
      expect(future.total).toBe(0);
      const day = any.created_at.slice(0, 10);
      const sameDay = await list(customer.access, `?from=${day}&to=${day}&pageSize=100`);
      expect(sameDay.items.map((p) => p.id)).toContain(any.id);
    });

    it('refuses bad queries with field errors', async () => {
      for (const q of ['?pageSize=101', '?page=0', '?status=lost', '?from=yesterday', '?sort=random']) {
        expectError(await t.request({ method: 'GET', url: `/v1/packages${q}`, token: customer.access }), 400);
      }
    });

    it('counts packages by status for the dashboard', async () => {
      const counts = expectOk<{ total: number; by_status: Record<string, number> }>(
        await t.request({ method: 'GET', url: '/v1/packages/counts', token: customer.access }),
      );
      expect(counts.total).toBe(40);
      expect(Object.keys(counts.by_status).sort()).toEqual(
        [
          'at_customs',
          'delivered',
          'in_transit',
          'on_hold',
          'out_for_delivery',
          'pre_alerted',
          'ready_for_pickup',
          'received_us',
          'returned',
        ].sort(),
      );
    });

    it('shows staff their company’s packages, never another company’s', async () => {
      const all = await list(admin.access, '?pageSize=100');
      expect(all.total).toBeGreaterThanOrEqual(40);
      expect(all.items.some((p) => p.owner.id === customer.userId)).toBe(true);
      const blues = await list(blue.access, '?pageSize=100', 'blue.localhost');
      expect(blues.total).toBeGreaterThan(0);
      expect(blues.items.every((p) => p.owner.id === blue.userId)).toBe(true);
    });
  });

  describe('GET /v1/packages/{id}', () => {
    it('gives events in order, receipts and the linked pre-alert', async () => {
      const page = await list(customer.access, '?status=delivered&pageSize=100');
      let withPrealert: PackageDetail | undefined;
      for (const p of page.items) {
        const d = expectOk<PackageDetail>(
          await t.request({ method: 'GET', url: `/v1/packages/${p.id}`, token: customer.access }),
        );
        expect(d.events.at(-1)?.status).toBe('delivered');
        const times = d.events.map((e) => e.created_at);
        expect([...times].sort()).toEqual(times);
        if (d.prealert) withPrealert = d;
      }
      expect(withPrealert?.prealert?.status).toBe('matched');
      expect(withPrealert?.prealert?.files.length).toBeGreaterThan(0);
    });

    it('is 404 for an unknown id and 400 for a malformed one', async () => {
      expectError(
        await t.request({
          method: 'GET',
          url: '/v1/packages/00000000-0000-4000-8000-000000000000',
          token: customer.access,
        }),
        404,
      );
      expectError(
        await t.request({ method: 'GET', url: '/v1/packages/not-a-uuid', token: customer.access }),
        400,
      );
    });
  });

  describe('POST /v1/peralert', () => {
    it('creates a pre-alert with files, normalising the tracking number; lists and downloads them', async () => {
      const res = await postPrealert(customer.access, prealertFields('  1z 999 aa1 0001 '), [
        { name: 'invoice.pdf', bytes: PDF },
        { name: 'photo.png', bytes: PNG },
      ]);
      const p = expectOk<Prealert>(res, 201, 'Pre-alert sent');
      expect(p).toMatchObject({
        tracking_number: '1Z999AA10001',
        status: 'pending',
        value_cents: 4599,
        weight: '2.50',
        height: '0.00',
      });
      expect(p.files.map((f) => [f.name, f.content_type])).toEqual([
        ['invoice.pdf', 'application/pdf'],
        ['photo.png', 'image/png'],
      ]);
      const mine = expectOk<Page<Prealert>>(
        await t.request({ method: 'GET', url: '/v1/peralert', token: customer.access }),
      );
      expect(mine.items[0]?.id).toBe(p.id);
      const file = p.files[0];
      if (!file) throw new Error('no file');
      const dl = await t.request({ method: 'GET', url: `${file.url}?download=1`, token: customer.access });
      expect(dl.statusCode).toBe(200);
      expect(dl.headers['content-type']).toBe('application/pdf');
      expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="invoice.pdf"/);
      expect(dl.rawPayload.equals(PDF)).toBe(true);
    });

    it('refuses the same tracking number twice from one customer (409) but not after cancelling', async () => {
      const first = expectOk<Prealert>(
        await postPrealert(customer.access, prealertFields('DUP-12345'), [{ name: 'a.pdf', bytes: PDF }]),
        201,
      );
      const again = await postPrealert(customer.access, prealertFields(' dup-12345 '), [
        { name: 'a.pdf', bytes: PDF },
      ]);
      expect(expectError(again, 409).errors?.tracking_number).toBeDefined();
      expectOk(
        await t.request({ method: 'POST', url: `/v1/peralert/${first.id}/cancel`, token: customer.access }),
      );
      expectOk(
        await postPrealert(customer.access, prealertFields('DUP-12345'), [{ name: 'a.pdf', bytes: PDF }]),
        201,
      );
      // Another customer may pre-alert the same number (it is their word against the warehouse's scan).
      expectOk(
        await postPrealert(neighbour.access, prealertFields('DUP-12345'), [{ name: 'a.pdf', bytes: PDF }]),
        201,
      );
    });

    it('refuses a form that names another user or company', async () => {
      const other = await postPrealert(
        customer.access,
        { ...prealertFields('OTHER-0001'), user_id: neighbour.userId },
        [{ name: 'a.pdf', bytes: PDF }],
      );
      expectError(other, 403);
      const company = await postPrealert(
        customer.access,
        { ...prealertFields('OTHER-0002'), company_id: '00000000-0000-4000-8000-000000000000' },
        [{ name: 'a.pdf', bytes: PDF }],
      );
      expectError(company, 403);
    });

    it('gives per-field errors for bad fields', async () => {
      const res = await postPrealert(
        customer.access,
        { tracking_number: 'x', weight: 'heavy', package_type: 'crate' },
        [{ name: 'a.pdf', bytes: PDF }],
      );
      const body = expectError(res, 400, 'Validation failed');
      expect(Object.keys(body.errors ?? {})).toEqual(
        expect.arrayContaining([
          'tracking_number',
          'seller_name',
          'description',
          'weight',
          'value',
          'package_type',
        ]),
      );
    });

    it('uploads: 11 MB → 413, an executable renamed .pdf → 415, no file → 400, not multipart → 415', async () => {
      const before = filesOnDisk(t).length;
      const big = Buffer.concat([PDF, Buffer.alloc(11 * 1024 * 1024)]);
      expectError(
        await postPrealert(customer.access, prealertFields('BIG-00001'), [{ name: 'big.pdf', bytes: big }]),
        413,
      );
      const exe = await postPrealert(customer.access, prealertFields('EXE-00001'), [
        { name: 'invoice.pdf', bytes: EXE, type: 'application/pdf' },
      ]);
      expect(expectError(exe, 415).errors?.files?.[0]).toMatch(/invoice\.pdf/);
      expectError(await postPrealert(customer.access, prealertFields('NONE-00001'), []), 400);
      expectError(
        await t.request({
          method: 'POST',
          url: '/v1/peralert',
          token: customer.access,
          payload: prealertFields('JSON-00001'),
        }),
        415,
      );
      expect(filesOnDisk(t).length).toBe(before);
      const rows = await t.database.db
        .select()
        .from(prealerts)
        .where(eq(prealerts.trackingNumber, 'EXE-00001'));
      expect(rows).toHaveLength(0);
    });

    it('a failure half-way (good file, then a bad one; or a conflict after the files) leaves no rows and no files', async () => {
      const filesBefore = (await t.database.db.select().from(files)).length;
      const diskBefore = filesOnDisk(t).length;
      const half = await postPrealert(customer.access, prealertFields('HALF-00001'), [
        { name: 'good.pdf', bytes: PDF },
        { name: 'bad.pdf', bytes: EXE },
      ]);
      expectError(half, 415);
      const dup = await postPrealert(customer.access, prealertFields('1Z999AA10001'), [
        { name: 'one.pdf', bytes: PDF },
        { name: 'two.png', bytes: PNG },
      ]);
      expectError(dup, 409);
      expect((await t.database.db.select().from(files)).length).toBe(filesBefore);
      expect(filesOnDisk(t).length).toBe(diskBefore);
    });

    it('stores a traversal file name safely', async () => {
      const res = await postPrealert(customer.access, prealertFields('TRAV-00001'), [
        { name: '../../../etc/passwd.pdf', bytes: PDF },
      ]);
      const p = expectOk<Prealert>(res, 201);
      expect(p.files[0]?.name).toBe('passwd.pdf');
      const [row] = await t.database.db
        .select()
        .from(files)
        .where(eq(files.id, p.files[0]?.id ?? ''));
      expect(row?.storageKey).not.toContain('passwd');
      expect(row?.storageKey).not.toContain('..');
      expect(filesOnDisk(t).every((f) => f.startsWith(join(t.config.dataDir, 'files')))).toBe(true);
    });
  });

  describe('staff receive and status, pre-alert matching', () => {
    it('receiving a pre-alerted parcel matches and locks the pre-alert; status changes add events', async () => {
      const me = expectOk<{ mailbox_number: string }>(
        await t.request({ method: 'GET', url: '/v1/auth/me', token: customer.access }),
      );
      const pre = expectOk<Prealert>(
        await postPrealert(customer.access, prealertFields('MATCH-0001'), [{ name: 'i.pdf', bytes: PDF }]),
        201,
      );
      const received = expectOk<PackageDetail>(
        await t.request({
          method: 'POST',
          url: '/v1/admin/packages/receive',
          token: admin.access,
          payload: { tracking_number: ' match-0001 ', mailbox_number: me.mailbox_number, weight: 2.7 },
        }),
        201,
      );
      expect(received.status).toBe('received_us');
      expect(received.prealert?.id).toBe(pre.id);
      expect(received.prealert?.status).toBe('matched');
      expect(received.events.map((e) => e.status)).toEqual(['pre_alerted', 'received_us']);
      expectError(
        await t.request({ method: 'POST', url: `/v1/peralert/${pre.id}/cancel`, token: customer.access }),
        409,
      );
      const moved = expectOk<PackageDetail>(
        await t.request({
          method: 'POST',
          url: `/v1/admin/packages/${received.id}/status`,
          token: admin.access,
          payload: { status: 'in_transit', note: 'Flight JM-12' },
        }),
      );
      expect(moved.events.at(-1)).toMatchObject({ status: 'in_transit', note: 'Flight JM-12' });
      const again = await t.request({
        method: 'POST',
        url: '/v1/admin/packages/receive',
        token: admin.access,
        payload: { tracking_number: 'MATCH-0001', mailbox_number: me.mailbox_number, weight: 2.7 },
      });
      expectError(again, 409);
      const unknownBox = await t.request({
        method: 'POST',
        url: '/v1/admin/packages/receive',
        token: admin.access,
        payload: { tracking_number: 'MATCH-0002', mailbox_number: 'IEX-1', weight: 1 },
      });
      expect(expectError(unknownBox, 400).errors?.mailbox_number).toBeDefined();
    });
  });

  describe('receipts', () => {
    it('uploads receipts to a package, shows them on it, and deletes one', async () => {
      const pkg = (await list(customer.access, '?status=in_transit')).items[0];
      if (!pkg) throw new Error('no package');
      const body = await multipart({ package_id: pkg.id, update_by: customer.userId }, [
        { name: 'receipt.png', bytes: PNG },
      ]);
      const created = expectOk<Receipt[]>(
        await t.request({ method: 'POST', url: '/v1/packagereceipts', token: customer.access, ...body }),
        201,
      );
      expect(created).toHaveLength(1);
      const detail = expectOk<PackageDetail>(
        await t.request({ method: 'GET', url: `/v1/packages/${pkg.id}`, token: customer.access }),
      );
      expect(detail.receipts.map((r) => r.id)).toContain(created[0]?.id);
      const diskBefore = filesOnDisk(t).length;
      expectOk(
        await t.request({
          method: 'DELETE',
          url: `/v1/packagereceipts/${created[0]?.id}`,
          token: customer.access,
        }),
      );
      expect(filesOnDisk(t).length).toBe(diskBefore - 1);
      expectError(
        await t.request({
          method: 'DELETE',
          url: `/v1/packagereceipts/${created[0]?.id}`,
          token: customer.access,
        }),
        404,
      );
      const as = await multipart({ package_id: pkg.id, update_by: neighbour.userId }, [
        { name: 'r.png', bytes: PNG },
      ]);
      expectError(
        await t.request({ method: 'POST', url: '/v1/packagereceipts', token: customer.access, ...as }),
        403,
      );
      const none = await multipart({ package_id: pkg.id }, []);
      expectError(
        await t.request({ method: 'POST', url: '/v1/packagereceipts', token: customer.access, ...none }),
        400,
      );
    });
  });

  describe('access: nobody else gets anything', () => {
    it('other customers, the other company, anonymous and unverified callers are refused on every call', async () => {
      // The victim's things: a package with a receipt, a pre-alert with a file.
      const pkg = (await list(customer.access, '?status=at_customs')).items[0];
      if (!pkg) throw new Error('no package');
      const rb = await multipart({ package_id: pkg.id }, [{ name: 'r.pdf', bytes: PDF }]);
      const receipt = expectOk<Receipt[]>(
        await t.request({ method: 'POST', url: '/v1/packagereceipts', token: customer.access, ...rb }),
        201,
      )[0];
      const pre = expectOk<Prealert>(
        await postPrealert(customer.access, prealertFields('ACCESS-0001'), [{ name: 'i.pdf', bytes: PDF }]),
        201,
      );
      if (!receipt || !pre.files[0]) throw new Error('setup failed');

      type Call = {
        name: string;
        run: (token: string | undefined, host: string) => Promise<import('fastify').LightMyRequestResponse>;
      };
      const calls: Call[] = [
        {
          name: 'package detail',
          run: (token, host) => t.request({ method: 'GET', url: `/v1/packages/${pkg.id}`, token, host }),
        },
        {
          name: 'file download',
          run: (token, host) => t.request({ method: 'GET', url: pre.files[0]?.url ?? '', token, host }),
        },
        {
          name: 'receipt file',
          run: (token, host) => t.request({ method: 'GET', url: receipt.file.url, token, host }),
        },
        {
          name: 'delete receipt',
          run: (token, host) =>
            t.request({ method: 'DELETE', url: `/v1/packagereceipts/${receipt.id}`, token, host }),
        },
        {
          name: 'cancel pre-alert',
          run: (token, host) =>
            t.request({ method: 'POST', url: `/v1/peralert/${pre.id}/cancel`, token, host }),
        },
        {
          name: 'add receipt',
          run: async (token, host) => {
            const b = await multipart({ package_id: pkg.id }, [{ name: 'x.pdf', bytes: PDF }]);
            return t.request({ method: 'POST', url: '/v1/packagereceipts', token, host, ...b });
          },
        },
        {
          name: 'change status',
          run: (token, host) =>
            t.request({
              method: 'POST',
              url: `/v1/admin/packages/${pkg.id}/status`,
              token,
              host,
              payload: { status: 'on_hold' },
            }),
        },
      ];
      const callers: { who: string; token: string | undefined; host: string; expect: number[] }[] = [
        {
          who: 'another customer of the company',
          token: neighbour.access,
          host: 'localhost',
          expect: [404, 403],
        },
        {
          who: 'a customer of the other company',
          token: blue.access,
          host: 'blue.localhost',
          expect: [404, 403],
        },
        {
          who: 'the other company’s token on this host',
          token: blue.access,
          host: 'localhost',
          expect: [401],
        },
        { who: 'anonymous', token: undefined, host: 'localhost', expect: [401] },
        { who: 'an unverified user', token: unverified.access, host: 'localhost', expect: [403] },
      ];
      for (const c of callers) {
        for (const call of calls) {
          const res = await call.run(c.token, c.host);
          expect(c.expect, `${c.who} → ${call.name}: ${res.statusCode} ${res.body}`).toContain(
            res.statusCode,
          );
          expect(res.json().success).toBe(false);
        }
        // Lists answer, but with nothing of the victim's.
        if (c.expect.includes(404)) {
          const pkgs = await list(c.token ?? '', '?pageSize=100', c.host);
          expect(pkgs.items.some((p) => p.id === pkg.id)).toBe(false);
          const pres = expectOk<Page<Prealert>>(
            await t.request({
              method: 'GET',
              url: '/v1/peralert?pageSize=100',
              token: c.token,
              host: c.host,
            }),
          );
          expect(pres.items.some((p) => p.id === pre.id)).toBe(false);
        } else {
          for (const url of ['/v1/packages', '/v1/packages/counts', '/v1/peralert']) {
            const res = await t.request({ method: 'GET', url, token: c.token, host: c.host });
            expect(c.expect, `${c.who} → GET ${url}`).toContain(res.statusCode);
          }
        }
      }
      // And the victim still has everything.
      const detail = expectOk<PackageDetail>(
        await t.request({ method: 'GET', url: `/v1/packages/${pkg.id}`, token: customer.access }),
      );
      expect(detail.receipts.map((r) => r.id)).toContain(receipt.id);
      expect(detail.status).toBe('at_customs');
    });
  });
});
