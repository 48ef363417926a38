import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageDetail, Prealert, Receipt } from '../../contract/packages';
import { files, prealerts } from '../db/schema';
import type { Session } from '../test/access';
import type { TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';
import { EXE, multipart, PDF, PNG } from '../test/multipart';
import { filesOnDisk, type Page, packageCalls, packagesCast, prealertFields } from '../test/packages';

describe('packages: pre-alerts and receipts', () => {
  let t: TestApp;
  let customer: Session;
  let neighbour: Session;

  beforeAll(async () => {
    ({ t, customer, neighbour } = await packagesCast());
  });
  afterAll(() => t.close());
  const { list, postPrealert } = packageCalls(() => t);

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

    it("searches the list by tracking number, description or seller, with the status filter; only one's own", async () => {
      const mine = expectOk<Prealert>(
        await postPrealert(
          customer.access,
          { ...prealertFields('FIND-ME-0042'), description: 'Blue teapot', seller_name: 'Teashop 50%' },
          [{ name: 'a.pdf', bytes: PDF }],
        ),
        201,
      );
      expectOk(
        await postPrealert(
          neighbour.access,
          { ...prealertFields('FIND-ME-0043'), description: 'Blue teapot', seller_name: 'Teashop 50%' },
          [{ name: 'a.pdf', bytes: PDF }],
        ),
        201,
      );
      const search = async (query: string) =>
        expectOk<Page<Prealert>>(
          await t.request({ method: 'GET', url: `/v1/peralert?${query}`, token: customer.access }),
        );
      for (const q of ['find-me', 'TEAPOT', '50%']) {
        const found = await search(`q=${encodeURIComponent(q)}`);
        expect(
          found.items.map((p) => p.tracking_number),
          q,
        ).toEqual(['FIND-ME-0042']);
        expect(found.total).toBe(1);
      }
      expect((await search('q=teapot&status=pending')).items.map((p) => p.id)).toEqual([mine.id]);
      expect((await search('q=teapot&status=matched')).total).toBe(0);
      // "%" is a character, not a wildcard: "0%" is in no tracking number, description or seller.
      expect((await search('q=0%25x')).total).toBe(0);
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
});
