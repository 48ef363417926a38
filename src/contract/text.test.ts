import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerBodySchema } from './auth';
import { createAuthorizedPersonBodySchema } from './authorized-persons';
import { allEndpoints } from './endpoints';
import { receiveFieldsSchema } from './intake';
import { menuItemBodySchema } from './menus';
import { packageListQuerySchema, prealertFieldsSchema } from './packages';
import { paymentSectionSchema } from './settings';
import { staffPackageUpdateSchema } from './staff-packages';
import {
  INT32_MAX,
  int32,
  isWellFormed,
  NUL_MESSAGE,
  SURROGATE_MESSAGE,
  text,
  textProblem,
  textRules,
} from './text';

/** Strings that are not well-formed Unicode: lone high and low surrogates, alone, inside text, and swapped. */
const LONE = ['\ud800', 'a\udc00b', '\udbff', 'x\udfff', '\udfff\ud800', 'ok \ud83d', '\ude00 ok'];
/** Well-formed, surrogate pairs included. */
const WELL = [
  '',
  'plain',
  'Jamaica café',
  '😀',
  'a😀b',
  '\ud83d\ude00\ud83d\ude00',
  '𝕏'.repeat(50),
  '\ufffd',
];

/** The contract refuses what PostgreSQL would refuse, so the PWA's forms and the server agree before any query. */
describe('contract text and integer rules', () => {
  it('text() refuses NUL with a clear message, and chains like z.string()', () => {
    const s = text().trim().min(2).max(10);
    expect(s.safeParse(' ab ').data).toBe('ab');
    const bad = s.safeParse('a\u0000b');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toContain(NUL_MESSAGE);
  });

  it('text() refuses a lone surrogate with its own message; surrogate pairs are fine', () => {
    const s = text().trim().max(500);
    for (const v of LONE) {
      const res = s.safeParse(v);
      expect(res.success, JSON.stringify(v)).toBe(false);
      expect(res.error?.issues.map((i) => i.message)).toEqual([SURROGATE_MESSAGE]);
    }
    for (const v of WELL) expect(s.safeParse(v).data, JSON.stringify(v)).toBe(v.trim());
    expect(textProblem('a\u0000\ud800')).toBe(NUL_MESSAGE);
    expect(textProblem('\ud800')).toBe(SURROGATE_MESSAGE);
    expect(textProblem('😀')).toBeUndefined();
  });

  it('isWellFormed says what String.prototype.isWellFormed says (it also runs where that is missing)', () => {
    const native = (s: string) => (s as string & { isWellFormed(): boolean }).isWellFormed();
    const units = ['a', '\ud800', '\udbff', '\udc00', '\udfff', '😀', '\u0000'];
    const samples = [...LONE, ...WELL];
    for (const a of units) for (const b of units) for (const c of units) samples.push(a + b + c);
    for (const v of samples) expect(isWellFormed(v), JSON.stringify(v)).toBe(native(v));
  });

  it('textRules() puts the rules on other string schemas, and every staff edit of a package has them', () => {
    const url = textRules(z.url()).max(500);
    expect(url.safeParse('https://example.com/a').success).toBe(true);
    expect(url.safeParse('https://example.com/\ud800').success).toBe(false);
    const online = paymentSectionSchema.shape.online_url;
    expect(online.safeParse('https://example.com/\udc00').success).toBe(false);
    for (const field of [
      'description',
      'seller_name',
      'shipper',
      'carrier',
      'house_awb',
      'package_type',
      'consignee_hint',
      'note',
    ] as const) {
      const res = staffPackageUpdateSchema.safeParse({ [field]: 'a\udc00b' });
      expect(res.error?.issues, field).toMatchObject([{ path: [field], message: SURROGATE_MESSAGE }]);
    }
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

/** The parts of a zod schema's definition that lead to the strings inside it. */
type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
};

/** Every string schema a client's text reaches: a pipe's output gets only what its input let through. */
function stringsIn(schema: z.ZodType, path: string, out: [string, z.ZodType][], seen = new Set<z.ZodType>()) {
  if (seen.has(schema)) return;
  seen.add(schema);
  const d = schema.def as unknown as Def;
  if (d.type === 'string') {
    out.push([path, schema]);
    return;
  }
  const next: [string, z.ZodType | undefined][] = [
    ...Object.entries(d.shape ?? {}).map(([k, v]): [string, z.ZodType] => [`${path}.${k}`, v]),
    ...[d.innerType, d.in, d.element, d.valueType, d.left, d.right, d.getter?.()].map(
      (v): [string, z.ZodType | undefined] => [path, v],
    ),
    [`${path} (key)`, d.keyType],
    ...[...(d.options ?? []), ...(d.items ?? [])].map((v): [string, z.ZodType] => [path, v]),
  ];
  for (const [p, v] of next) if (v) stringsIn(v, p, out, seen);
}

describe('every string a client sends meets the text rules', () => {
  // Shapes a schema's other rules might let through (a web address, a long text), each with a lone surrogate or NUL.
  const probes = [
    ...['\ud800', 'a\udc00b', `${'x'.repeat(40)}\ud800`, 'https://example.com/\ud800'],
    ...['\u0000', `${'x'.repeat(40)}\u0000`, 'https://example.com/\u0000'],
  ];
  const fields: [string, z.ZodType][] = [];
  for (const e of allEndpoints) {
    for (const part of ['params', 'query', 'body', 'form'] as const) {
      const schema = e[part];
      if (schema) stringsIn(schema, `${e.method} ${e.path} ${part}`, fields);
    }
  }

  it('no params, query, body or form field of any endpoint accepts a lone surrogate or NUL', () => {
    expect(fields.length).toBeGreaterThan(100);
    const open = fields.flatMap(([path, schema]) =>
      probes.filter((p) => schema.safeParse(p).success).map((p) => `${path} accepts ${JSON.stringify(p)}`),
    );
    expect(open).toEqual([]);
  });
});
