import { describe, expect, it } from 'vitest';
import { registerBodySchema } from './auth';
import { createAuthorizedPersonBodySchema } from './authorized-persons';
import { receiveFieldsSchema } from './intake';
import { menuItemBodySchema } from './menus';
import { packageListQuerySchema, prealertFieldsSchema } from './packages';
import { INT32_MAX, int32, NUL_MESSAGE, text } from './text';

/** The contract refuses what PostgreSQL would refuse, so the PWA's forms and the server agree before any query. */
describe('contract text and integer rules', () => {
  it('text() refuses NUL with a clear message, and chains like z.string()', () => {
    const s = text().trim().min(2).max(10);
    expect(s.safeParse(' ab ').data).toBe('ab');
    const bad = s.safeParse('a\u0000b');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toContain(NUL_MESSAGE);
  });

  it('every text field of a sign-up refuses NUL', () => {
    const body = {
      first_name: 'Shanice',
      last_name: 'Grant',
      email: 'new@example.test',
      phone: '876-555-0142',
      password: 'mango-tree-42',
      parish_id: 1,
      address: '5 Barbican Road',
      trn: '123-456-789',
    };
    expect(registerBodySchema.safeParse(body).success).toBe(true);
    for (const field of [
      'first_name',
      'last_name',
      'email',
      'phone',
      'password',
      'address',
      'trn',
    ] as const) {
      const res = registerBodySchema.safeParse({ ...body, [field]: `${body[field]}\u0000` });
      expect(res.success, field).toBe(false);
    }
  });

  it('multipart pre-alert fields and staff forms refuse NUL', () => {
    const fields = {
      tracking_number: '1Z999',
      seller_name: 'Amazon',
      description: 'Shoes',
      weight: '1',
      value: '10',
      package_type: 'parcel',
    };
    expect(prealertFieldsSchema.safeParse(fields).success).toBe(true);
    expect(prealertFieldsSchema.safeParse({ ...fields, description: 'Sh\u0000oes' }).success).toBe(false);
    expect(
      createAuthorizedPersonBodySchema.safeParse({
        full_name: 'Ann\u0000 Lee',
        identification_id: 1,
        id_number: 'AB123',
        phone: '876-555-0142',
        relationship: 'Sister',
      }).success,
    ).toBe(false);
    expect(packageListQuerySchema.safeParse({ q: '%\u0000' }).success).toBe(false);
  });

  it('integers stay inside int4, and pages inside a sane offset', () => {
    expect(int32().safeParse(INT32_MAX).success).toBe(true);
    expect(int32().safeParse(INT32_MAX + 1).success).toBe(false);
    expect(int32().safeParse(-(2 ** 31) - 1).success).toBe(false);
    // A declared value in dollars, bounded so its cents fit the int4 column.
    const receive = { tracking_number: 'ABCDE', mailbox_number: 'IEX-10001', weight: '1' };
    expect(receiveFieldsSchema.safeParse({ ...receive, declared_value: '1000000' }).success).toBe(true);
    expect(receiveFieldsSchema.safeParse({ ...receive, declared_value: '1000001' }).success).toBe(false);
    expect(1_000_000 * 100).toBeLessThan(INT32_MAX);
    expect(menuItemBodySchema.safeParse({ menu_id: 2 ** 31, title: 'x', route: '/x' }).success).toBe(false);
    expect(packageListQuerySchema.safeParse({ page: '2147483648' }).success).toBe(false);
  });
});
