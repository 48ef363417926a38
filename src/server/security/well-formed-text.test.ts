import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffPackageDetail } from '../../contract/staff-packages';
import { SURROGATE_MESSAGE } from '../../contract/text';
import { prealerts } from '../db/schema';
import { badTextFields } from '../http/envelope';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';
import { PDF, rawMultipart } from '../test/multipart';
import { filesOnDisk, prealertFields } from '../test/packages';
import { customer, receive } from '../test/staff-packages';

/**
 * Hardening II, item 2: text that is not well-formed Unicode (a lone UTF-16 surrogate) is a 400 naming the field,
 * like NUL, wherever a client can send it: jsonb refuses it (a 500 from the audit entry of a staff edit), and a
 * text column would quietly keep U+FFFD in its place.
 */
describe('a lone surrogate is a 400 field error, never a 500', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['login']>>;
  let customerToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login(DEMO.admin.email, DEMO.admin.password);
    customerToken = (await t.login(DEMO.customer.email, DEMO.customer.password)).access;
  });
  afterAll(() => t.close());

  describe('PUT /v1/admin/packages/{id} (the staff edit, audited in jsonb)', () => {
    const fields = [
      'description',
      'seller_name',
      'shipper',
      'carrier',
      'house_awb',
      'package_type',
      'consignee_hint',
    ] as const;
    let id: string;
    const put = (payload: object) =>
      t.request({ method: 'PUT', url: `/v1/admin/packages/${id}`, token: admin.access, payload });

    beforeAll(async () => {
      const owner = await customer(t);
      ({ id } = await receive(t, admin, owner.mailboxNumber));
    });

    it.each(fields)('refuses %s with a lone high or low surrogate, and changes nothing', async (field) => {
      const before = expectOk<StaffPackageDetail>(
        await t.request({ method: 'GET', url: `/v1/admin/packages/${id}`, token: admin.access }),
      );
      for (const value of ['\ud800', 'a\udc00b', 'Shoes \ud83d']) {
        const body = expectError(await put({ [field]: value, note: 'edit' }), 400, 'Validation failed');
        expect(body.errors).toEqual({ [field]: [SURROGATE_MESSAGE] });
      }
      const after = expectOk<StaffPackageDetail>(
        await t.request({ method: 'GET', url: `/v1/admin/packages/${id}`, token: admin.access }),
      );
      expect(after).toEqual(before);
    });

    it('keeps well-formed text, surrogate pairs (emoji) included', async () => {
      const saved = expectOk<StaffPackageDetail>(await put({ description: 'Shoes 👟', note: 'emoji' }));
      expect(saved.description).toBe('Shoes 👟');
    });

    it('refuses a lone surrogate in a key of the body, at any depth (the global guard)', async () => {
      const top = expectError(await put({ note: 'x', 'k\ud800': 1 }), 400, 'Validation failed');
      expect(top.errors).toEqual({ 'k\\ud800': [SURROGATE_MESSAGE] });
      const deep = expectError(await put({ note: 'x', a: [{ b: { '\udc00': 'v' } }] }), 400);
      expect(deep.errors).toEqual({ 'a.0.b.\\udc00': [SURROGATE_MESSAGE] });
      // A value deep in a body no schema reads is refused too.
      const value = expectError(await put({ note: 'x', extra: { list: ['ok', 'no\udfff'] } }), 400);
      expect(value.errors).toEqual({ 'extra.list.1': [SURROGATE_MESSAGE] });
    });
  });

  describe('query and path params', () => {
    it('the guard names a query or path field with a lone surrogate', () => {
      expect(badTextFields({ q: 'ab\ud800', page: '1' }, 'querystring')).toEqual({ q: [SURROGATE_MESSAGE] });
      expect(badTextFields({ id: '\udc00' }, 'params')).toEqual({ id: [SURROGATE_MESSAGE] });
      expect(badTextFields('\ud800', 'querystring')).toEqual({ querystring: [SURROGATE_MESSAGE] });
      expect(badTextFields({ q: 'Shoes 👟' }, 'querystring')).toEqual({});
    });

    it('a URL cannot carry one (its bytes are UTF-8): what arrives is searched, never a 5xx', async () => {
      // A lone surrogate in the URL is sent as U+FFFD; its CESU-8 bytes (%ED%A0%80) are not UTF-8, so they stay
      // the literal text. Either way the search answers.
      for (const url of [
        '/v1/packages?q=\ud800',
        '/v1/packages?q=%ED%A0%80',
        '/v1/admin/audit?entity=package&id=%ED%B0%80',
      ]) {
        const token = url.includes('admin') ? admin.access : customerToken;
        const res = await t.request({ method: 'GET', url, token });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      }
    });
  });

  describe('multipart: a part in UTF-16 can carry a lone surrogate', () => {
    const field = (name: string, value: string, charset = 'utf-8') => ({
      disposition: `name="${name}"`,
      contentType: `text/plain; charset=${charset}`,
      body: Buffer.from(value, charset === 'utf-16le' ? 'utf16le' : 'utf8'),
    });
    /** A pre-alert whose `description` and file name are given as the form would send them. */
    const prealert = (description: ReturnType<typeof field>, fileName: string) =>
      rawMultipart([
        ...Object.entries(prealertFields(`SURROGATE${Date.now().toString(36)}`))
          .filter(([k]) => k !== 'description')
          .map(([k, v]) => field(k, v)),
        description,
        { disposition: `name="files"; ${fileName}`, contentType: 'application/pdf', body: PDF },
      ]);
    const send = async (form: ReturnType<typeof rawMultipart>) => {
      const before = filesOnDisk(t);
      const res = await t.request({ method: 'POST', url: '/v1/peralert', token: customerToken, ...form });
      return { res, added: filesOnDisk(t).filter((f) => !before.includes(f)) };
    };

    it('refuses a pre-alert field with one, before anything is stored', async () => {
      const rows = await t.database.db.select({ id: prealerts.id }).from(prealerts);
      const { res, added } = await send(
        prealert(field('description', 'Sho\ud800es', 'utf-16le'), 'filename="invoice.pdf"'),
      );
      expect(expectError(res, 400, 'Validation failed').errors).toEqual({ description: [SURROGATE_MESSAGE] });
      expect(added).toEqual([]);
      expect(await t.database.db.select({ id: prealerts.id }).from(prealerts)).toHaveLength(rows.length);
    });

    it("refuses a file whose name has one (the name is kept with the file's row)", async () => {
      // RFC 2231: the name's bytes in UTF-16LE, percent-encoded: \ud800 then "inv.pdf".
      const name = `filename*=utf-16le''%00%D8${[...'inv.pdf'].map((c) => `%${c.charCodeAt(0).toString(16)}%00`).join('')}`;
      const { res, added } = await send(prealert(field('description', 'Shoes'), name));
      const body = expectError(res, 400, 'Validation failed');
      expect(body.errors).toEqual({ files: [`The file's name: ${SURROGATE_MESSAGE}`] });
      expect(added).toEqual([]);
    });

    it('takes the same form in UTF-16 when its text is well-formed', async () => {
      const { res } = await send(
        prealert(field('description', 'Shoes 👟', 'utf-16le'), 'filename="invoice.pdf"'),
      );
      const created = expectOk<{ description: string; files: { name: string }[] }>(res, 201);
      expect(created.description).toBe('Shoes 👟');
      expect(created.files.map((f) => f.name)).toEqual(['invoice.pdf']);
      const [row] = await t.database.db
        .select({ description: prealerts.description })
        .from(prealerts)
        .where(eq(prealerts.description, 'Shoes 👟'));
      expect(row).toBeDefined();
    });
  });
});
