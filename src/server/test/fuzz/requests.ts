import type { LightMyRequestResponse } from 'fastify';
import { multipart, PDF, PNG, rawMultipart } from '../multipart';
import {
  contentTypes,
  hostile,
  hostileSegments,
  hostileStrings,
  type Json,
  loneSurrogateKeys,
  malformedJson,
  type OpenApi,
  type Operation,
  protoObjects,
  type Rng,
} from './inputs';
import { type Ids, mutate, plausible } from './values';

/** The operations to fuzz, their requests (path, query, JSON and multipart bodies), and the rules for replies. */

/** Fields of the multipart operations (their bodies are read in the handler, so OpenAPI has no schema for them). */
export const MULTIPART_FIELDS: Record<string, string[]> = {
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
export const RAW_ROUTES = [
  /^GET \/v1\/files\/\{id\}$/,
  /^GET \/v1\/invoices\/\{id\}\/pdf$/,
  /^GET \/v1\/admin\/packages\/export\.csv$/,
  /^GET \/v1\/admin\/shipments\/\{id\}\/manifest\.(csv|pdf)$/,
  /^GET \/dev\/mailbox$/,
  /^GET \/manifest\.webmanifest$/,
  /^GET \/brand-icons\//,
  /^GET \/brand\/logo\//,
  /^GET \/docs/,
];

export function operationsOf(doc: OpenApi): Operation[] {
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
    ['GET', '/brand-icons/{version}/{name}'],
    ['GET', '/brand/logo/{file}'],
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
export const RESOURCE_OF: [RegExp, string][] = [
  [/send-verification-email|\/v1\/users\//, 'users'],
  [/\/v1\/companies\//, 'companies'],
  [/\/v1\/platform\/companies\//, 'companies'],
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
export function enc(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

export function pathValue(r: Rng, op: Operation, name: string, ids: Ids): string {
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

export function queryString(r: Rng, op: Operation, ids: Ids): string {
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

export type Sent = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

export async function multipartBody(
  r: Rng,
  fields: string[],
  ids: Ids,
): Promise<Pick<Sent, 'headers' | 'payload'>> {
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
    // A part in UTF-16 and a file name in RFC 2231's form can both carry a lone surrogate (FormData never sends one).
    () =>
      rawMultipart([
        {
          disposition: `name="${r.pick(fields)}"`,
          contentType: 'text/plain; charset=utf-16le',
          body: Buffer.from(r.pick(['\uD800', 'a\uDC00b', '\uDFFF\uD800']), 'utf16le'),
        },
      ]),
    () =>
      rawMultipart([
        { disposition: `name="${r.pick(fields)}"`, body: Buffer.from('Amazon') },
        {
          disposition: `name="files"; filename*=utf-16le''%00%D8a%00.%00p%00d%00f%00`,
          contentType: 'application/pdf',
          body: PDF,
        },
      ]),
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
    // A logo's field (branding): PNG's signature on junk, and an SVG.
    { name: 'logo.png', bytes: PNG, type: 'image/png', field: 'logo' },
    { name: 'logo.svg', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), field: 'logo' },
  ];
  const fileList = Array.from({ length: r.int(7) }, () => r.pick(fileChoices));
  const body = await multipart(values, fileList);
  return { headers: body.headers, payload: body.payload };
}

export async function jsonBody(r: Rng, op: Operation, ids: Ids): Promise<Pick<Sent, 'headers' | 'payload'>> {
  const ct = r.chance(0.85) ? 'application/json' : r.pick(contentTypes);
  if (r.chance(0.12)) return { headers: { 'content-type': ct }, payload: r.pick(malformedJson) };
  if (r.chance(0.1)) return { headers: { 'content-type': ct }, payload: JSON.stringify(hostile(r)) };
  const schema = op.body ?? {};
  let value = plausible(r, 'body', schema, ids);
  for (let n = r.chance(0.15) ? 0 : 1 + r.int(3); n > 0; n--) value = mutate(r, value, schema);
  if (r.chance(0.1) && value && typeof value === 'object' && !Array.isArray(value)) {
    value = { ...value, ...(r.pick([...protoObjects(), ...loneSurrogateKeys()]) as Record<string, Json>) };
  }
  return { headers: { 'content-type': ct }, payload: JSON.stringify(value) };
}

// --- checking a reply -----------------------------------------------------------------------------------------------

/** Why a reply breaks the rules, or null. */
export function problemOf(op: Operation, res: LightMyRequestResponse): string | null {
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

export const preview = (v: unknown, n = 300) => {
  const s = typeof v === 'string' ? v : Buffer.isBuffer(v) ? v.toString('latin1') : JSON.stringify(v);
  return JSON.stringify(s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);
};
