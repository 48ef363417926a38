import { describe, expect, it } from 'vitest';
import {
  createInvoiceBodySchema,
  type UnbilledPackage,
  updateInvoiceBodySchema,
} from '../../../contract/invoices';
import {
  blankLine,
  createBody,
  decimalToInt,
  emptyValues,
  type InvoiceFormValues,
  moveLine,
  parseDay,
  percentToRate,
  previewBody,
  rateToPercent,
  serverFieldNames,
  toCents,
  toFormPath,
  togglePackage,
  updateBody,
  validateWith,
} from './form-values';

const CUSTOMER = '0b9c4b1e-8a55-4c39-9d5c-6f0f2c1e6a11';
const PKG = '5d0e3a7c-2f5b-4b8e-9a51-0c8f1d2e3b44';

const line = (over: Partial<ReturnType<typeof blankLine>> = {}) => ({
  ...blankLine(),
  description: 'Air freight',
  unit_price: '1,250.50',
  ...over,
});

const values = (over: Partial<InvoiceFormValues> = {}): InvoiceFormValues => ({
  ...emptyValues(),
  customer_id: CUSTOMER,
  lines: [line()],
  ...over,
});

const pkg: UnbilledPackage = {
  id: PKG,
  tracking_number: '1Z999',
  description: 'Dress',
  status: 'received_us',
  weight_lb: 2.4,
  declared_value_usd_cents: 12_000,
  category: 'clothing',
  received_at: null,
  lines: [
    {
      type: 'shipping',
      description: 'Air freight, 3 lb: Dress',
      quantity: 1,
      unit_price_cents: 150_000,
      package_id: PKG,
    },
    { type: 'duty', description: 'Import duty', quantity: 1, unit_price_cents: 98_765, package_id: PKG },
  ],
  warnings: [],
};

describe('money and rates as typed', () => {
  it('reads decimals digit by digit, refusing more decimals than the unit has', () => {
    expect(toCents('1,250.5')).toBe(125_050);
    expect(toCents(12.25)).toBe(1225);
    expect(toCents(0.1 + 0.2)).toBeNaN(); // 0.30000000000000004: no float sneaks in as cents
    expect(toCents('19.99')).toBe(1999);
    expect(toCents('')).toBeNaN();
    expect(toCents('-5')).toBeNaN();
    expect(toCents('1.234')).toBeNaN();
    expect(decimalToInt('7', 0)).toBe(7);
    expect(decimalToInt('7.5', 0)).toBeNaN();
  });

  it('turns a percent into the contract rate string and back', () => {
    expect(percentToRate('')).toBeUndefined();
    expect(percentToRate('15')).toBe('0.15');
    expect(percentToRate(12.5)).toBe('0.125');
    expect(percentToRate('0')).toBe('0');
    expect(percentToRate('100')).toBe('1');
    expect(percentToRate('0.0001')).toBe('0.000001');
    expect(percentToRate('101')).toBe('101%');
    expect(rateToPercent('0.1500')).toBe('15');
    expect(rateToPercent('0.125')).toBe('12.5');
    expect(rateToPercent('0')).toBe('0');
    expect(rateToPercent('1.000000')).toBe('100');
  });
});

describe('bodies', () => {
  it('makes a create body the contract accepts, in cents and basis points', () => {
    const body = createBody(
      values({ discount_kind: 'percent', discount_value: '12.5', tax_rate: '15', terms: '' }),
      'issue',
    );
    expect(createInvoiceBodySchema.parse(body)).toMatchObject({
      customer_id: CUSTOMER,
      lines: [{ type: 'other', description: 'Air freight', quantity: 1, unit_price_cents: 125_050 }],
      discount: { kind: 'percent', value: 1250 },
      tax_rate: '0.15',
      // biome-ignore lint/suspicious/noThenProperty: the create body's field
      then: 'issue',
    });
    expect(body).not.toHaveProperty('terms'); // empty: the company's terms
    // Issue and send is a draft first (then the send call issues it).
    expect(createBody(values(), 'send').then).toBe('draft');
  });

  it('makes an update body: issue for a draft, the revision note for an issued invoice', () => {
    const v = values({ discount_kind: 'amount', discount_value: '100', revision_note: ' Weighed again ' });
    expect(updateBody(v, 'issue', false)).toMatchObject({
      status: 'issued',
      discount: { kind: 'amount', value: 10_000 },
    });
    expect(updateBody(v, 'issue', false)).not.toHaveProperty('revision_note');
    const revision = updateInvoiceBodySchema.parse(updateBody(v, 'draft', true));
    expect(revision.revision_note).toBe('Weighed again');
    expect(revision).not.toHaveProperty('status');
  });

  it('prices only a form whose numbers are valid, a line still undescribed included', () => {
    expect(previewBody(values({ lines: [line({ description: '' })] }))?.lines[0]?.description).toBe('—');
    expect(previewBody(values({ lines: [line({ unit_price: '' })] }))).toBeNull();
    expect(previewBody(values({ lines: [line({ quantity: 0 })] }))).toBeNull();
    expect(previewBody(values({ tax_rate: '120' }))).toBeNull();
    expect(previewBody(values({ tax_rate: '' }))).not.toHaveProperty('tax_rate');
    expect(previewBody({ ...values(), customer_id: '' })).not.toHaveProperty('customer_id');
  });
});

describe('validation in the form’s words', () => {
  const validate = validateWith(createInvoiceBodySchema, (v) => createBody(v, 'draft'));

  it('puts the contract’s messages on the fields staff typed', () => {
    const errors = validate(
      values({
        customer_id: '',
        lines: [line({ description: ' ', unit_price: 'abc' })],
        discount_kind: 'percent',
        discount_value: '150',
        tax_rate: '200',
      }),
    );
    expect(errors).toMatchObject({
      customer_id: 'Choose the customer',
      'lines.0.description': 'Describe the line',
      'lines.0.unit_price': 'Enter the unit price, e.g. 1250.00',
      discount_value: 'At most 100 %',
    });
    expect(errors.tax_rate).toMatch(/0 to 100 %/);
    expect(validate(values({ lines: [] }))).toEqual({ lines: 'Add at least one line' });
    expect(validate(values())).toEqual({});
  });

  it('maps the server’s field names to the form’s', () => {
    expect(toFormPath('body.lines.3.unit_price_cents')).toBe('lines.3.unit_price');
    expect(toFormPath('lines.0.quantity')).toBe('lines.0.quantity');
    expect(toFormPath('discount.value')).toBe('discount_value');
    expect(toFormPath('revision_note')).toBe('revision_note');
    expect(Object.keys(serverFieldNames(2))).toContain('lines.1.unit_price_cents');
  });
});

describe('lines', () => {
  it('adds a package’s lines with their package, and takes them off again', () => {
    const own = line();
    const added = togglePackage([own], pkg);
    expect(added.map((l) => [l.type, l.unit_price, l.package_id])).toEqual([
      ['other', '1,250.50', null],
      ['shipping', 1500, PKG],
      ['duty', 987.65, PKG],
    ]);
    expect(new Set(added.map((l) => l.key)).size).toBe(3);
    expect(togglePackage(added, pkg)).toEqual([own]);
  });

  it('moves a line up and down, not past either end', () => {
    const [a, b, c] = [line({ description: 'a' }), line({ description: 'b' }), line({ description: 'c' })];
    const names = (ls: { description: string }[]) => ls.map((l) => l.description).join('');
    expect(names(moveLine([a, b, c], 2, -1))).toBe('acb');
    expect(names(moveLine([a, b, c], 0, 1))).toBe('bac');
    expect(names(moveLine([a, b, c], 0, -1))).toBe('abc');
    expect(names(moveLine([a, b, c], 2, 1))).toBe('abc');
  });
});

describe('dates as typed', () => {
  it('reads ISO and the displayed format, refusing days that do not exist', () => {
    expect(parseDay('2026-12-05')).toBe('2026-12-05');
    expect(parseDay('Dec 5, 2026')).toBe('2026-12-05');
    expect(parseDay('2026-02-31')).toBeNull();
    expect(parseDay('tomorrow')).toBeNull();
    expect(parseDay('')).toBeNull();
  });
});
