import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageDetail, Prealert, Receipt } from '../../contract/packages';
import type { Session } from '../test/access';
import type { TestApp } from '../test/harness';
import { expectOk } from '../test/helpers';
import { multipart, PDF } from '../test/multipart';
import { type Page, packageCalls, packagesCast, prealertFields } from '../test/packages';

describe('packages: access', () => {
  let t: TestApp;
  let customer: Session;
  let blue: Session;
  let unverified: Session;
  let neighbour: Session;

  beforeAll(async () => {
    ({ t, customer, blue, unverified, neighbour } = await packagesCast());
  });
  afterAll(() => t.close());
  const { list, postPrealert } = packageCalls(() => t);

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
            const body = await multipart({ package_id: pkg.id }, [{ name: 'x.pdf', bytes: PDF }]);
            return t.request({ method: 'POST', url: '/v1/packagereceipts', token, host, ...body });
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
              payload: { status: 'on_hold', hold_reason: 'customs_inspection' },
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
