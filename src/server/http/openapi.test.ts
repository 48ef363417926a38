import { describe, expect, it } from 'vitest';
import { namedEndpoints } from '../../contract/endpoints';
import { documentedPath, errorStatusesOf, summaryOf } from './openapi';
import { withTypedNullables } from './openapi-nullable';

const NULL = { type: 'string', nullable: true, enum: [null] };

describe('schemas valid for OpenAPI 3.0', () => {
  it.each([
    [
      'a nullable union gets a null branch',
      { anyOf: [{ type: 'string' }, { type: 'number' }], nullable: true },
      { anyOf: [{ type: 'string' }, { type: 'number' }, NULL] },
    ],
    [
      'a nullable oneOf gets a null branch',
      { oneOf: [{ type: 'string' }, { type: 'number' }], nullable: true, description: 'd' },
      { oneOf: [{ type: 'string' }, { type: 'number' }, NULL], description: 'd' },
    ],
    [
      'a nullable reference becomes one of it or null',
      { $ref: '#/x', nullable: true },
      { anyOf: [{ $ref: '#/x' }, NULL] },
    ],
    [
      'a typed nullable stays as it is',
      { type: 'string', nullable: true },
      { type: 'string', nullable: true },
    ],
    [
      'equal branches say it once (a tuple of two equal items)',
      { items: { anyOf: [{ type: 'string' }, { type: 'string' }] } },
      { items: { type: 'string' } },
    ],
    [
      'nested schemas too',
      { properties: { a: { anyOf: [{ type: 'string' }, { type: 'integer' }], nullable: true } } },
      { properties: { a: { anyOf: [{ type: 'string' }, { type: 'integer' }, NULL] } } },
    ],
  ])('%s', (_, input, expected) => {
    expect(withTypedNullables(input)).toEqual(expected);
  });
});

describe('each operation’s error replies', () => {
  const facts = { takesBody: false, idempotent: false, rateLimited: false } as const;
  it.each([
    ['a public read', { ...facts, access: 'public', method: 'GET' }, [400, 404]],
    ['a signed-in read', { ...facts, access: 'signed-in', method: 'GET' }, [400, 401, 404]],
    ['a staff read', { ...facts, access: 'staff', method: 'GET' }, [400, 401, 403, 404]],
    ['a staff delete', { ...facts, access: 'staff', method: 'DELETE' }, [400, 401, 403, 404, 409]],
    [
      'an idempotent create with a body',
      { access: 'verified', method: 'POST', takesBody: true, idempotent: true, rateLimited: false },
      [400, 401, 403, 404, 409, 413, 415, 422],
    ],
    [
      'a rate-limited sign-in',
      { access: 'public', method: 'POST', takesBody: true, idempotent: false, rateLimited: true },
      [400, 404, 409, 413, 415, 429],
    ],
  ] as const)('%s', (_, f, expected) => {
    expect(errorStatusesOf(f)).toEqual(expected);
  });
});

describe('names and summaries', () => {
  it('names every call uniquely', () => {
    const names = namedEndpoints.map((n) => n.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('invoicesPdf');
  });

  it('makes a summary from the call’s name when the declaration has none', () => {
    const byName = new Map(namedEndpoints.map((n) => [n.name, n]));
    const summary = (name: string) => {
      const n = byName.get(name);
      if (!n) throw new Error(`no call ${name}`);
      return summaryOf(n);
    };
    expect(summary('invoicesList')).toBe('List invoices');
    expect(summary('invoicesOne')).toBe('Get invoice');
    expect(summary('companiesCreate')).toBe('Create company');
    expect(summary('settingsUpdate')).toBe('Update settings');
    expect(summary('invoicesReversePayment')).toBe('Reverse payment (invoices)');
    expect(summary('authLogin')).toBe('Sign in');
  });

  it('documents a path without its trailing slash', () => {
    expect(documentedPath('/v1/purchaserequests/')).toBe('/v1/purchaserequests');
    expect(documentedPath('/')).toBe('/');
  });
});
