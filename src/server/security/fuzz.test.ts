import type { LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizedPersons,
  companies,
  files,
  invoices,
  menuItems,
  menus,
  notifications,
  packageReceipts,
  packageStatuses,
  packages,
  prealerts,
  purchaseRequests,
  users,
} from '../db/schema';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { multipart, PDF, PNG } from '../test/multipart';

/**
 * Generated hostile requests against EVERY operation of the served OpenAPI document (plus the hidden routes), as
 * nobody, a verified customer, an admin and the platform superadmin. Two rules, whatever is sent: never a 5xx, and
 * every reply is the envelope `{ success, message, data, statusCode }` (but the few routes that serve bytes or
 * HTML on success). Bounded: FUZZ_REQUESTS (default 3000) requests or FUZZ_SECONDS (default 60) of generating,
 * whichever comes first. The seed is random per run and printed; FUZZ_SEED=<seed> replays a run.
 */

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 60);
const HANG_MS = 10_000;

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);

/** mulberry32: small, fast and good enough to pick test inputs; the same seed gives the same requests. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => {
    const x = xs[int(xs.length)];
    if (x === undefined) throw new Error('pick from an empty list');
    return x;
  };
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Rng = ReturnType<typeof prng>;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The parts of JSON Schema (as @fastify/swagger emits it from zod) that the generator reads. */
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: Json[];
  const?: Json;
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: Schema };
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
  multipart?: string[];
  /** Serves bytes or HTML on success: only error replies must be the envelope. */
  raw?: boolean;
};
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Parameter[];
        description?: string;
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      }
    >
  >;
};

// --- hostile values -------------------------------------------------------------------------------------------------

const HUGE = 'x'.repeat(100_000);
const hostileStrings: readonly string[] = [
  '\u0000',
  'a\u0000b',
  `${'\u0000'.repeat(3)}x`,
  HUGE,
  '𝕏'.repeat(20_000),
  '',
  ' ',
  '%',
  '_',
  '\\',
  "'",
  '"',
  ';--',
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '%_\\%',
  '\\\\%%__',
  '$1',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e308',
  '-1e308',
  '1e-400',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999999',
  '0x7fffffff',
  '1_000',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '2026-02-30',
  '9999-99-99',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF',
  '\u202Etxt.exe',
  'e\u0301\u0301\u0301',
  '\u200B\u200C\u200D',
  '\r\n\r\n',
  '\t\v\f',
  '\u001b[31m',
  'ﷺ',
  '🦄'.repeat(50),
  '../../../../etc/passwd',
  '%2e%2e%2f',
  'http://169.254.169.254/latest/meta-data/',
  'javascript:alert(1)',
  'https://user:pass@example.com/x',
  'a@b',
  'x'.repeat(201),
  'X'.repeat(2001),
];
const hostileNumbers: readonly number[] = [
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  -1,
  0,
  -0,
  0.1,
  1.005,
  123456789.123456,
  1e21,
];

function deep(depth: number): Json {
  let v: Json = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** Objects whose keys are the prototype's: built from JSON text so they are own keys, as a parsed body's are. */
const protoObjects = (): Json[] => [
  JSON.parse('{"__proto__":{"isSuperadmin":true,"role":"admin"}}') as Json,
  JSON.parse('{"constructor":{"prototype":{"polluted":true}}}') as Json,
  JSON.parse('{"prototype":1,"__proto__":null}') as Json,
];

function hostile(r: Rng): Json {
  switch (r.int(6)) {
    case 0:
    case 1:
      return r.pick(hostileStrings);
    case 2:
      return r.pick(hostileNumbers);
    case 3:
      return r.pick<Json>([true, false, null, [], [1, 2], ['a'], {}, { a: 1 }, [[[]]], deep(200)]);
    case 4:
      return r.pick(protoObjects());
    default:
      return r.pick<Json>([
        [r.pick(hostileStrings)],
        { value: r.pick(hostileStrings) },
        r.pick(hostileNumbers),
      ]);
  }
}

/** Path segments: encoded hostile strings and things the router itself must cope with. */
const hostileSegments: readonly string[] = [
  '%00',
  'a%00b',
  '%',
  '%E0%A4%A',
  '%ZZ',
  '%C0%AF',
  'a'.repeat(250),
  '0',
  '-1',
  '2147483648',
  '9'.repeat(30),
  '1e308',
  'NaN',
  'null',
  '__proto__',
  'constructor',
  '..',
  '%2e%2e%2f%2e%2e%2f',
  '%27%20OR%201%3D1--',
  '%25',
  '%5F',
  '%5C',
  '00000000-0000-0000-0000-000000000000',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  encodeURIComponent('🦄'),
  encodeURIComponent('\uFEFF'),
];

/** Raw JSON texts that are not what a route expects (or not JSON at all). */
const malformedJson: readonly string[] = [
  '',
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '{"a":1,}',
  'NaN',
  '1e999',
  '-',
  '"just a string"',
  '123',
  'true',
  'null',
  '[]',
  '\u0000',
  '{"a":"\u0000"}',
  '{"a":"\\u0000"}',
  '{"\\u0000":1}',
  '{"a":"\\ud800"}',
  '\uFEFF{}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"a":1,"a":2}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  `{"a":"${'x'.repeat(1_100_000)}"}`,
];

const contentTypes: readonly string[] = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json;;;',
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'multipart/form-data; boundary=fz',
  'multipart/form-data',
  'text/html',
  'application/xml',
  '*/*',
];

// --- valid-looking values, from the schema ------------------------------------------------------------------------

type Ids = { uuids: Record<string, string[]>; ints: Record<string, number[]>; all: string[] };

function typesOf(s: Schema): string[] {
  if (Array.isArray(s.type)) return s.type;
  return s.type ? [s.type] : [];
}

function plausibleString(r: Rng, name: string, s: Schema, ids: Ids): string {
  if (s.format === 'uuid') return uuidFor(r, name, ids);
  if (s.format === 'email')
    return r.pick(['customer@demo.test', 'admin@demo.test', `fz${r.int(1e6)}@example.test`]);
  if (s.format === 'date') return r.pick(['2026-01-15', '2025-12-31']);
  if (s.format === 'date-time') return new Date(2026, 0, 1 + r.int(300)).toISOString();
  const byName: Record<string, string[]> = {
    tracking_number: [`FZ${100000 + r.int(900000)}`, '1Z999AA10123456784'],
    mailbox_number: ['IEX-10001', 'IEX-10002', 'BPX-10001'],
    route: ['/fuzz', `/x/${r.int(1000)}`],
    slug: ['fuzz-co'],
    mailbox_prefix: ['FZZ'],
    primary_color: ['#123456'],
    product_url: ['https://example.com/p/1'],
    phone: ['876-555-0142'],
    trn: ['123-456-789'],
    exchange_rate: ['157.25'],
    currency: ['JMD', 'USD'],
    id_number: ['AB12345'],
    password: ['demo-customer-1', 'mango-tree-42'],
    current_password: ['demo-customer-1'],
    new_password: ['mango-tree-42'],
    refreshToken: ['0123456789abcdef0123'],
    token: ['0123456789abcdef0123'],
    hostnames: ['fuzz.localhost'],
  };
  const known = byName[name];
  if (known) return r.pick(known);
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 40;
  const base = r.pick(['Fuzz text', 'Amazon', 'Running shoes', 'Kingston', 'ab']);
  return base.padEnd(min, 'x').slice(0, Math.max(max, min));
}

function uuidFor(r: Rng, name: string, ids: Ids): string {
  const pool =
    name === 'customer_id' || name === 'user_id'
      ? ids.uuids.users
      : name === 'package_id'
        ? ids.uuids.packages
        : undefined;
  return r.pick(pool && pool.length > 0 ? pool : ids.all);
}

function plausible(r: Rng, name: string, s: Schema, ids: Ids, depth = 0): Json {
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return r.pick(s.enum);
  const branches = s.anyOf ?? s.oneOf ?? s.allOf;
  if (branches && branches.length > 0) return plausible(r, name, r.pick(branches), ids, depth);
  const types = typesOf(s).filter((t) => t !== 'null');
  const type = types.length > 0 ? r.pick(types) : s.properties ? 'object' : 'string';
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      if (depth > 4) return out;
      const required = new Set(s.required ?? []);
      for (const [key, sub] of Object.entries(s.properties ?? {})) {
        if (required.has(key) || r.chance(0.6)) out[key] = plausible(r, key, sub, ids, depth + 1);
      }
      return out;
    }
    case 'array': {
      const n = Math.max(s.minItems ?? 0, 1);
      return Array.from({ length: n }, () => plausible(r, name, s.items ?? {}, ids, depth + 1));
    }
    case 'integer': {
      if (/_id$/.test(name)) return r.pick([1, 2, 3]);
      const lo = s.minimum ?? 0;
      const hi = s.maximum ?? lo + 100;
      return Math.min(hi, Math.max(lo, 1 + r.int(10)));
    }
    case 'number': {
      const lo = s.minimum ?? 0;
      const hi = s.maximum ?? lo + 100;
      return Math.min(hi, Math.max(lo, 1.5 + r.int(10)));
    }
    case 'boolean':
      return r.chance(0.5);
    default:
      return plausibleString(r, name, s, ids);
  }
}

/** Replaces one field somewhere in `value` (following the schema, absent optional fields included) with junk. */
function mutate(r: Rng, value: Json, s: Schema): Json {
  const props = s.properties;
  if (value && typeof value === 'object' && !Array.isArray(value) && props) {
    const keys = Object.keys(props);
    const key = r.pick(keys.length > 0 ? keys : ['x']);
    const sub = props[key];
    const current = value[key];
    const out: Record<string, Json> = { ...value };
    out[key] = sub && current !== undefined && r.chance(0.3) ? mutate(r, current, sub) : hostile(r);
    return out;
  }
  if (Array.isArray(value) && value.length > 0 && s.items) {
    const i = r.int(value.length);
    const out = [...value];
    out[i] = mutate(r, value[i] ?? null, s.items);
    return out;
  }
  return hostile(r);
}

// --- the operations -------------------------------------------------------------------------------------------------

/** Fields of the multipart operations (their bodies are read in the handler, so OpenAPI has no schema for them). */
const MULTIPART_FIELDS: Record<string, string[]> = {
  'POST /v1/peralert': [
    'tracking_number',
    'seller_name',
    'description',
    'weight',
    'value',
    'package_type',
    'height',
    'length',
    'width',
    'user_id',
    'company_id',
  ],
  'POST /v1/packagereceipts': ['package_id', 'update_by'],
};

/** Routes that serve bytes or HTML on success. */
const RAW_ROUTES = [
  /^GET \/v1\/files\/\{id\}$/,
  /^GET \/v1\/invoices\/\{id\}\/pdf$/,
  /^GET \/dev\/mailbox$/,
  /^GET \/manifest\.webmanifest$/,
  /^GET \/brand-icons\//,
  /^GET \/docs/,
];

function operationsOf(doc: OpenApi): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const key = `${method.toUpperCase()} ${path}`;
      const content = op.requestBody?.content ?? {};
      const isMultipart =
        key in MULTIPART_FIELDS ||
        'multipart/form-data' in content ||
        /multipart\/form-data/.test(op.description ?? '');
      ops.push({
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        body: content['application/json']?.schema,
        multipart: isMultipart ? (MULTIPART_FIELDS[key] ?? ['name', 'value']) : undefined,
        raw: RAW_ROUTES.some((re) => re.test(key)),
      });
    }
  }
  // Hidden from the document but served: the fuzz covers them too, and a few paths that do not exist.
  const hidden: [string, string][] = [
    ['GET', '/dev/mailbox'],
    ['GET', '/manifest.webmanifest'],
    ['GET', '/brand-icons/{name}'],
    ['GET', '/docs'],
    ['GET', '/docs/json'],
    ['GET', '/v1/{name}'],
    ['POST', '/v1/{name}'],
    ['PATCH', '/v1/packages/{id}'],
    ['GET', '/api/{name}'],
    ['GET', '/{name}'],
  ];
  for (const [method, path] of hidden) {
    if (ops.some((o) => o.method === method && o.path === path)) continue;
    const key = `${method} ${path}`;
    ops.push({
      method,
      path,
      parameters: [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({ in: 'path' as const, name: m[1] ?? 'id' })),
      raw: RAW_ROUTES.some((re) => re.test(key)),
    });
  }
  return ops;
}

/** Real ids for path params, by the resource the path names. */
const RESOURCE_OF: [RegExp, string][] = [
  [/send-verification-email|\/v1\/users\//, 'users'],
  [/\/v1\/companies\//, 'companies'],
  [/\/v1\/package_statuses\//, 'packageStatuses'],
  [/\/v1\/menus\//, 'menus'],
  [/\/v1\/menuitems\//, 'menuItems'],
  [/\/v1\/(admin\/)?packages\//, 'packages'],
  [/\/v1\/peralert\//, 'prealerts'],
  [/\/v1\/packagereceipts\//, 'receipts'],
  [/\/v1\/files\//, 'files'],
  [/\/v1\/invoices\//, 'invoices'],
  [/\/v1\/authorizedpersons\//, 'authorizedPersons'],
  [/\/v1\/purchaserequests\//, 'purchaseRequests'],
  [/\/v1\/notifications\//, 'notifications'],
];

/** encodeURIComponent, but a lone surrogate (which no URL can carry) becomes U+FFFD rather than a throw. */
function enc(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

function pathValue(r: Rng, op: Operation, name: string, ids: Ids): string {
  if (r.chance(0.45)) {
    const resource = RESOURCE_OF.find(([re]) => re.test(op.path))?.[1];
    if (op.path.startsWith('/brand-icons/')) return r.pick(['any-192.png', 'maskable-512.png', 'nope.png']);
    const ints = resource ? ids.ints[resource] : undefined;
    if (ints && ints.length > 0) return String(r.pick(ints));
    const uuids = resource ? ids.uuids[resource] : undefined;
    if (uuids && uuids.length > 0) return r.pick(uuids);
    if (name === 'name') return r.pick(['fuzz', 'packages', 'v1', 'index.html']);
  }
  return r.chance(0.7) ? r.pick(hostileSegments) : enc(String(r.pick(hostileStrings)).slice(0, 300));
}

function queryString(r: Rng, op: Operation, ids: Ids): string {
  const params = op.parameters.filter((p) => p.in === 'query');
  const parts: string[] = [];
  for (const p of params) {
    if (!r.chance(0.6)) continue;
    const value = r.chance(0.5) ? plausible(r, p.name, p.schema ?? {}, ids) : hostile(r);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    parts.push(`${enc(p.name)}=${enc(text)}`);
  }
  if (r.chance(0.25)) {
    const name = params.length > 0 ? r.pick(params).name : 'q';
    parts.push(
      r.pick([
        `${name}=%`,
        `${name}=%E0%A4%A`,
        `${name}=%00`,
        `${name}[]=1&${name}[]=2`,
        `${name}=1&${name}=2`,
        `${name}[a]=1`,
        '__proto__[x]=1',
        'constructor[prototype][x]=1',
        '__proto__=1',
        `${name}=${'9'.repeat(400)}`,
        `${name}=${'x'.repeat(20_000)}`,
        '=&&=&',
        `${name}`,
      ]),
    );
  }
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

type Sent = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

async function multipartBody(r: Rng, fields: string[], ids: Ids): Promise<Pick<Sent, 'headers' | 'payload'>> {
  const B = 'fzBoundary';
  const malformed: (() => Pick<Sent, 'headers' | 'payload'>)[] = [
    () => ({ headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary at all' }),
    () => ({ headers: { 'content-type': `multipart/form-data; boundary=${B}` }, payload: 'no parts here' }),
    () => ({
      headers: { 'content-type': `multipart/form-data; boundary=${B}` },
      payload: `--${B}\r\nContent-Disposition: form-data; name="seller_name"\r\n\r\nAmaz`,
    }),
    () => ({
      headers: { 'content-type': `multipart/form-data; boundary=${B}` },
      payload: `--${B}\r\nNot-A-Header\r\n\r\nvalue\r\n--${B}--\r\n`,
    }),
    () => ({
      headers: { 'content-type': `multipart/form-data; boundary=${B}` },
      payload: `--${B}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--${B}--\r\n`,
    }),
    () => ({
      headers: { 'content-type': `multipart/form-data; boundary=${B}` },
      payload: `--${B}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n{}\r\n--${B}--\r\n`,
    }),
    () => ({
      headers: { 'content-type': `multipart/form-data; boundary=${B}` },
      payload: `--${B}\r\nContent-Disposition: form-data; name="files"; filename="a\u0000/../../x.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--${B}--\r\n`,
    }),
    () => ({
      headers: { 'content-type': `multipart/form-data; boundary=${B}` },
      payload: `--${B}\r\nContent-Disposition: form-data; name="files"; filename="a.pdf"\r\n\r\n%PDF-1.4 never closed`,
    }),
    () => ({
      headers: { 'content-type': `multipart/form-data; boundary=${B}` },
      payload: Array.from(
        { length: 45 },
        (_, i) => `--${B}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n${i}\r\n`,
      )
        .join('')
        .concat(`--${B}--\r\n`),
    }),
    () => ({ headers: { 'content-type': `multipart/form-data; boundary=${B}` }, payload: `--${B}--\r\n` }),
    () => ({ headers: { 'content-type': `multipart/form-data; boundary=${B}` }, payload: '' }),
    () => {
      const long = 'b'.repeat(300);
      return {
        headers: { 'content-type': `multipart/form-data; boundary=${long}` },
        payload: `--${long}--\r\n`,
      };
    },
    () => ({ headers: { 'content-type': 'multipart/form-data; boundary=' }, payload: '--\r\n' }),
    () => ({
      headers: { 'content-type': 'multipart/form-data; boundary="a b\\"c"' },
      payload: '--a b"c--\r\n',
    }),
    () => ({ headers: { 'content-type': `multipart/mixed; boundary=${B}` }, payload: `--${B}--\r\n` }),
    () => ({
      headers: { 'content-type': `multipart/form-data; boundary=${B}` },
      payload: `--${B}\nContent-Disposition: form-data; name="a"\n\nb\n--${B}--\n`,
    }),
    () => ({
      headers: { 'content-type': `multipart/form-data; boundary=${B}` },
      payload: `${'preamble '.repeat(5000)}\r\n--${B}--\r\n`,
    }),
    () => ({
      headers: { 'content-type': `multipart/form-data; boundary=${B}` },
      payload: `--${B}\r\nContent-Disposition: form-data; name="description"\r\n\r\n${'y'.repeat(20_000)}\r\n--${B}--\r\n`,
    }),
  ];
  if (r.chance(0.45)) return r.pick(malformed)();

  const values: Record<string, string> = {};
  const base: Record<string, string> = {
    tracking_number: `FZ${100000 + r.int(900000)}`,
    seller_name: 'Amazon',
    description: 'Running shoes',
    weight: '2.5',
    value: '45.99',
    package_type: 'parcel',
    package_id: r.pick(ids.uuids.packages ?? ids.all),
  };
  for (const f of fields) {
    if (base[f] !== undefined && r.chance(0.7)) values[f] = base[f];
  }
  for (let n = 1 + r.int(3); n > 0; n--) {
    const v = hostile(r);
    values[r.pick(fields)] = typeof v === 'string' ? v.slice(0, 20_000) : JSON.stringify(v);
  }
  const fileChoices = [
    { name: 'invoice.pdf', bytes: PDF, type: 'application/pdf' },
    { name: 'photo.png', bytes: PNG, type: 'image/png' },
    { name: 'empty.pdf', bytes: Buffer.alloc(0), type: 'application/pdf' },
    { name: 'junk.pdf', bytes: Buffer.from('not a pdf at all'), type: 'application/pdf' },
    { name: '\u0000.pdf', bytes: PDF, type: 'application/pdf' },
    { name: `${'n'.repeat(500)}.pdf`, bytes: PDF },
    { name: 'x.pdf', bytes: PDF, field: 'other' },
    { name: 'x.pdf', bytes: PDF, field: 'files[]' },
  ];
  const fileList = Array.from({ length: r.int(7) }, () => r.pick(fileChoices));
  const body = await multipart(values, fileList);
  return { headers: body.headers, payload: body.payload };
}

async function jsonBody(r: Rng, op: Operation, ids: Ids): Promise<Pick<Sent, 'headers' | 'payload'>> {
  const ct = r.chance(0.85) ? 'application/json' : r.pick(contentTypes);
  if (r.chance(0.12)) return { headers: { 'content-type': ct }, payload: r.pick(malformedJson) };
  if (r.chance(0.1)) return { headers: { 'content-type': ct }, payload: JSON.stringify(hostile(r)) };
  const schema = op.body ?? {};
  let value = plausible(r, 'body', schema, ids);
  for (let n = r.chance(0.15) ? 0 : 1 + r.int(3); n > 0; n--) value = mutate(r, value, schema);
  if (r.chance(0.1) && value && typeof value === 'object' && !Array.isArray(value)) {
    value = { ...value, ...(r.pick(protoObjects()) as Record<string, Json>) };
  }
  return { headers: { 'content-type': ct }, payload: JSON.stringify(value) };
}

// --- checking a reply -----------------------------------------------------------------------------------------------

/** Why a reply breaks the rules, or null. */
function problemOf(op: Operation, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `${res.statusCode}`;
  const isJson = /^application\/json/i.test(String(res.headers['content-type'] ?? ''));
  if (op.raw && res.statusCode < 400) return null;
  if (!isJson) return `not JSON (${res.headers['content-type'] ?? 'no content-type'})`;
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'JSON content-type, unparsable body';
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not an object';
  const b = body as Record<string, unknown>;
  if (typeof b.success !== 'boolean') return 'success is not a boolean';
  if (typeof b.message !== 'string') return 'message is not a string';
  if (!('data' in b)) return 'no data key';
  if (!Number.isInteger(b.statusCode) || b.statusCode !== res.statusCode) {
    return `statusCode ${String(b.statusCode)} is not the HTTP status ${res.statusCode}`;
  }
  if (b.success !== res.statusCode < 400) return `success ${String(b.success)} with status ${res.statusCode}`;
  return null;
}

const preview = (v: unknown, n = 300) => {
  const s = typeof v === 'string' ? v : Buffer.isBuffer(v) ? v.toString('latin1') : JSON.stringify(v);
  return JSON.stringify(s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);
};

// --- the run --------------------------------------------------------------------------------------------------------

describe('fuzz: every operation, hostile input', () => {
  let t: TestApp;
  let tokens: Record<string, string | undefined>;
  let ids: Ids;

  beforeAll(async () => {
    t = await createTestApp();
    const customer = await t.login(DEMO.customer.email, DEMO.customer.password);
    const admin = await t.login(DEMO.admin.email, DEMO.admin.password);
    const platform = await t.login(DEMO.platform.email, DEMO.platform.password);
    const unverified = await t.login(DEMO.unverified.email, DEMO.unverified.password);
    // Validly signed, but not a session this server ever issued.
    const forged = await new SignJWT({ cid: 'x', role: 'admin', ver: true })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject("' OR 1=1 --")
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    tokens = {
      anonymous: undefined,
      customer: customer.access,
      admin: admin.access,
      platform: platform.access,
      unverified: unverified.access,
      forged,
    };
    const { db } = t.database;
    const str = (rows: { id: string }[]) => rows.map((x) => x.id);
    const num = (rows: { id: number }[]) => rows.map((x) => x.id);
    const uuids: Record<string, string[]> = {
      users: str(await db.select({ id: users.id }).from(users).limit(20)),
      companies: str(await db.select({ id: companies.id }).from(companies).limit(5)),
      packages: str(await db.select({ id: packages.id }).from(packages).limit(40)),
      prealerts: str(await db.select({ id: prealerts.id }).from(prealerts).limit(20)),
      receipts: str(await db.select({ id: packageReceipts.id }).from(packageReceipts).limit(20)),
      files: str(await db.select({ id: files.id }).from(files).limit(20)),
      invoices: str(await db.select({ id: invoices.id }).from(invoices).limit(20)),
      authorizedPersons: str(await db.select({ id: authorizedPersons.id }).from(authorizedPersons).limit(20)),
      purchaseRequests: str(await db.select({ id: purchaseRequests.id }).from(purchaseRequests).limit(20)),
      notifications: str(await db.select({ id: notifications.id }).from(notifications).limit(20)),
    };
    const ints: Record<string, number[]> = {
      packageStatuses: num(await db.select({ id: packageStatuses.id }).from(packageStatuses)),
      menus: num(await db.select({ id: menus.id }).from(menus)),
      menuItems: num(await db.select({ id: menuItems.id }).from(menuItems).limit(40)),
    };
    ids = { uuids, ints, all: Object.values(uuids).flat() };
  });
  // A hung request keeps the app from closing: do not wait for it past the hook's time.
  afterAll(() => Promise.race([t?.close(), new Promise((r) => setTimeout(r, 20_000))]));

  it(
    'never answers 5xx, and always the envelope',
    async () => {
      const r = prng(SEED);
      const ops = operationsOf(t.app.swagger() as unknown as OpenApi);
      // Every operation of the document is in the run (the document is the list of what to cover).
      expect(ops.length).toBeGreaterThan(50);
      const roles = [
        'anonymous',
        'customer',
        'admin',
        'platform',
        'customer',
        'admin',
        'unverified',
        'forged',
      ];
      const hosts = ['localhost', 'localhost', 'localhost', 'localhost', 'blue.localhost', 'nowhere.test'];
      const started = Date.now();
      const failures: string[] = [];
      let sent = 0;
      let fiveXx = 0;
      let nonEnvelope = 0;
      let hung = false;
      const byStatus = new Map<number, number>();

      for (let i = 0; i < REQUESTS && Date.now() - started < SECONDS * 1000; i++) {
        // Round-robin over operations, then over who calls, so each operation is reached behind its guard.
        const op = ops[i % ops.length];
        if (!op) continue;
        const role = roles[Math.floor(i / ops.length) % roles.length] ?? 'anonymous';
        const url =
          op.path.replace(/\{(\w+)\}/g, (_m, name: string) => pathValue(r, op, name, ids)) +
          queryString(r, op, ids);
        const token = tokens[role];
        const headers: Record<string, string> = {
          host: r.chance(0.9) ? 'localhost' : r.pick(hosts),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        };
        if (r.chance(0.05)) {
          headers.authorization = r.pick([
            'Bearer',
            'Bearer x.y.z',
            `Bearer ${'a'.repeat(5000)}`,
            'Basic YWRtaW46YWRtaW4=',
            `Bearer ${token ?? 'none'} extra`,
          ]);
        }
        if (op.method === 'POST' && r.chance(0.3)) {
          headers['idempotency-key'] = r.pick([
            `fz-${r.int(1e9)}`,
            'short',
            'k'.repeat(300),
            "'; DROP TABLE x;--",
            '%00%00%00%00',
            '__proto__',
            'fz-fixed-key-1',
          ]);
        }
        const sentReq: Sent = { method: op.method, url, headers };
        if (op.multipart && r.chance(0.9)) {
          const body = await multipartBody(r, op.multipart, ids);
          Object.assign(sentReq.headers, body.headers);
          sentReq.payload = body.payload;
        } else if (op.body || (op.method !== 'GET' && r.chance(0.3))) {
          const body = await jsonBody(r, op, ids);
          Object.assign(sentReq.headers, body.headers);
          sentReq.payload = body.payload;
        }

        if (process.env.FUZZ_TRACE)
          console.log(
            `#${i} ${role} ${op.method} ${preview(url, 120)} ${preview(sentReq.payload ?? '', 160)}`,
          );
        const remoteAddress = `10.${r.int(256)}.${r.int(256)}.${1 + r.int(254)}`;
        const logsBefore = t.logs.length;
        let res: LightMyRequestResponse;
        let timer: NodeJS.Timeout | undefined;
        try {
          const reply = t.app.inject({
            // A client address per request: the per-client rate limits (10 a minute on sign-in and sign-up) would
            // otherwise answer 429 before validation, and the hostile bodies of those routes would never be read.
            remoteAddress,
            method: sentReq.method as 'GET',
            url: sentReq.url,
            headers: sentReq.headers,
            ...(sentReq.payload !== undefined ? { payload: sentReq.payload } : {}),
          });
          // A request that never gets a reply is as bad as a 5xx (a client waits forever): fail, and stop here, as
          // whatever hangs may hold the database for every later request.
          const hang = new Promise<never>((_resolve, reject) => {
            timer = setTimeout(() => reject(new Error(`no reply in ${HANG_MS} ms`)), HANG_MS);
          });
          res = await Promise.race([reply, hang]);
        } catch (err) {
          failures.push(
            [
              `#${i} ${String(err)} — ${role} ${op.method} ${op.path}`,
              `  url: ${preview(url)}`,
              `  headers: ${preview({ ...headers, authorization: headers.authorization ? '[…]' : undefined })}`,
              `  body: ${preview(sentReq.payload ?? '')}`,
            ].join('\n'),
          );
          hung = true;
          break;
        } finally {
          clearTimeout(timer);
        }
        sent++;
        byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
        const problem = problemOf(op, res);
        if (!problem) continue;
        if (res.statusCode >= 500) fiveXx++;
        else nonEnvelope++;
        if (failures.length < 25) {
          const logged = t.logs
            .slice(logsBefore)
            .filter((l) => /"level":50/.test(l))
            .map((l) => {
              const line = JSON.parse(l) as { msg?: string; err?: { message?: string } };
              return `${line.msg ?? ''}: ${line.err?.message ?? ''}`;
            });
          failures.push(
            [
              `#${i} ${problem} — ${role} ${op.method} ${op.path}`,
              `  url: ${preview(url)}`,
              `  headers: ${preview({ ...headers, authorization: headers.authorization ? '[…]' : undefined })}`,
              `  body: ${preview(sentReq.payload ?? '')}`,
              `  reply: ${res.statusCode} ${preview(res.body)}`,
              ...(logged.length > 0 ? [`  log: ${logged.join(' | ').slice(0, 400)}`] : []),
            ].join('\n'),
          );
        }
      }

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const statuses = [...byStatus.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}:${n}`)
        .join(' ');
      console.log(
        `fuzz: ${sent} requests over ${ops.length} operations in ${seconds} s, ${fiveXx} 5xx, ` +
          `${nonEnvelope} non-envelope${hung ? ', stopped by a request with no reply' : ''}, seed ${SEED} (FUZZ_SEED=${SEED} replays) [${statuses}]`,
      );
      expect(
        failures,
        `fuzz seed ${SEED}: replay with FUZZ_SEED=${SEED} npx vitest run --project server src/server/security/fuzz.test.ts\n${failures.join('\n')}`,
      ).toEqual([]);
    },
    (SECONDS + 60) * 1000,
  );
});
