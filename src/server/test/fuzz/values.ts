import { hostile, type Json, type Rng, type Schema } from './inputs';

/** Valid-looking values generated from a schema, and the mutation that swaps one field for junk. */

// --- valid-looking values, from the schema ------------------------------------------------------------------------

export type Ids = { uuids: Record<string, string[]>; ints: Record<string, number[]>; all: string[] };

export function typesOf(s: Schema): string[] {
  if (Array.isArray(s.type)) return s.type;
  return s.type ? [s.type] : [];
}

export function plausibleString(r: Rng, name: string, s: Schema, ids: Ids): string {
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
    hosts: ['fuzz.localhost', 'blue.localhost', 'localhost'],
    time_zone: ['America/Jamaica', 'Mars/Olympus'],
    // Push subscriptions: a push service's, and what a subscription must never make the server call.
    endpoint: [
      `https://fcm.googleapis.com/fcm/send/fz${r.int(1e6)}`,
      'http://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/push',
      'https://[::1]:8443/push',
      'file:///etc/passwd',
      'https://user:pw@fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8080/x',
      'gopher://127.0.0.1:6379/_FLUSHALL',
      `https://fcm.googleapis.com/${'a'.repeat(1200)}`,
    ],
    p256dh: ['B'.repeat(87)],
    auth: ['A'.repeat(22)],
  };
  const known = byName[name];
  if (known) return r.pick(known);
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 40;
  const base = r.pick(['Fuzz text', 'Amazon', 'Running shoes', 'Kingston', 'ab']);
  return base.padEnd(min, 'x').slice(0, Math.max(max, min));
}

export function uuidFor(r: Rng, name: string, ids: Ids): string {
  const pool =
    name === 'customer_id' || name === 'user_id'
      ? ids.uuids.users
      : name === 'package_id'
        ? ids.uuids.packages
        : undefined;
  return r.pick(pool && pool.length > 0 ? pool : ids.all);
}

export function plausible(r: Rng, name: string, s: Schema, ids: Ids, depth = 0): Json {
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
export function mutate(r: Rng, value: Json, s: Schema): Json {
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
