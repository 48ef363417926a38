/** The fuzzer's raw material: a seeded random source, the OpenAPI shapes it reads, and hostile values. */

/** mulberry32: small, fast and good enough to pick test inputs; the same seed gives the same requests. */
export function prng(seed: number) {
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
export type Rng = ReturnType<typeof prng>;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The parts of JSON Schema (as @fastify/swagger emits it from zod) that the generator reads. */
export type Schema = {
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
export type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: Schema };
export type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
  multipart?: string[];
  /** Serves bytes or HTML on success: only error replies must be the envelope. */
  raw?: boolean;
};
export type OpenApi = {
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

export const HUGE = 'x'.repeat(100_000);
export const hostileStrings: readonly string[] = [
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
  'a\uDC00b',
  '\uDFFF\uD800',
  'ok \uD83D',
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
export const hostileNumbers: readonly number[] = [
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

export function deep(depth: number): Json {
  let v: Json = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** Objects whose keys are the prototype's: built from JSON text so they are own keys, as a parsed body's are. */
export const protoObjects = (): Json[] => [
  JSON.parse('{"__proto__":{"isSuperadmin":true,"role":"admin"}}') as Json,
  JSON.parse('{"constructor":{"prototype":{"polluted":true}}}') as Json,
  JSON.parse('{"prototype":1,"__proto__":null}') as Json,
];

/** Objects with a lone surrogate in a key, at the top and deeper: jsonb refuses those keys as it does the values. */
export const loneSurrogateKeys = (): Json[] => [
  { '\uD800': 'x' },
  { 'k\uDC00b': 1 },
  { a: [{ '\uDFFF\uD800': '\uD800' }] },
];

export function hostile(r: Rng): Json {
  switch (r.int(6)) {
    case 0:
    case 1:
      return r.pick(hostileStrings);
    case 2:
      return r.pick(hostileNumbers);
    case 3:
      return r.pick<Json>([true, false, null, [], [1, 2], ['a'], {}, { a: 1 }, [[[]]], deep(200)]);
    case 4:
      return r.pick([...protoObjects(), ...loneSurrogateKeys()]);
    default:
      return r.pick<Json>([
        [r.pick(hostileStrings)],
        { value: r.pick(hostileStrings) },
        r.pick(hostileNumbers),
      ]);
  }
}

/** Path segments: encoded hostile strings and things the router itself must cope with. */
export const hostileSegments: readonly string[] = [
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
  // U+D800 as CESU-8: not UTF-8, so it must stay text, never decode to a lone surrogate.
  '%ED%A0%80',
];

/** Raw JSON texts that are not what a route expects (or not JSON at all). */
export const malformedJson: readonly string[] = [
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
  '{"a":"a\\udc00b"}',
  '{"\\ud800":1}',
  '{"a":{"b\\udfff":["\\ud800"]}}',
  '\uFEFF{}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"a":1,"a":2}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  `{"a":"${'x'.repeat(1_100_000)}"}`,
];

export const contentTypes: readonly string[] = [
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
