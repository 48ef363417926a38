// The backup test's writers: customers of a real server who pre-alert parcels with files, upload and delete receipts
// and change their profile, each one request at a time, logging when each request left and when its reply came.
// From that log, `checkMoment` decides whether a restored database is the server's state at one moment.
import { createHash, randomBytes } from 'node:crypto';
import { registerBody } from './helpers';
import { PDF } from './multipart';
import { prealertFields } from './packages';

export type Client = { index: number; email: string; userId: string; token: string; packageId: string };

export type Op = {
  client: number;
  kind: 'prealert' | 'receipt' | 'delete' | 'profile';
  /** performance.now() as the request left and as its reply arrived. */
  sentAt: number;
  ackAt: number;
  /** prealert: its tracking number; receipt, delete: the receipt's id; profile: the new address. */
  subject: string;
  /** The sha256 of each file it uploaded. */
  files: string[];
};

/** What a restored database holds of one client. */
export type ClientState = { prealerts: Set<string>; receipts: Set<string>; address: string };

type Reply = { status: number; data: unknown };

async function call(
  url: string,
  path: string,
  opts: {
    method?: string;
    token?: string;
    json?: unknown;
    form?: FormData;
    headers?: Record<string, string>;
  },
): Promise<Reply> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}${path}`, {
    method: opts.method ?? 'GET',
    headers,
    body: opts.form ?? (opts.json !== undefined ? JSON.stringify(opts.json) : null),
  });
  const body = (await res.json()) as { data?: unknown };
  if (!res.ok) throw new Error(`${opts.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return { status: res.status, data: body.data };
}

const addressOf = (client: number, n: number) => `${n} Backup Road, client ${client}`;

/** A new verified customer with one parcel of their own at the warehouse (received by the demo admin). */
export async function setUpClient(url: string, index: number, adminToken: string): Promise<Client> {
  const body = registerBody({
    email: `backup-${index}-${randomBytes(3).toString('hex')}@example.test`,
    address: addressOf(index, 0),
  });
  await call(url, '/v1/auth/register', { method: 'POST', json: body });
  const signedIn = (
    await call(url, '/v1/auth/login', {
      method: 'POST',
      json: { email: body.email, password: body.password },
    })
  ).data as { refresh_token: string; user: { id: string; mailbox_number: string } };
  await call(url, `/v1/admin/customers/${signedIn.user.id}/verify`, { method: 'POST', token: adminToken });
  // A token that says "verified" (a refresh, which costs no password hash).
  const refreshed = (
    await call(url, '/v1/auth/refresh', { method: 'POST', json: { refreshToken: signedIn.refresh_token } })
  ).data as { access_token: string };
  const form = new FormData();
  const fields = {
    tracking_number: `BKPKG${index}X${randomBytes(4).toString('hex')}`.toUpperCase(),
    weight: '2',
  };
  for (const [k, v] of Object.entries({ ...fields, mailbox_number: signedIn.user.mailbox_number }))
    form.append(k, v);
  const received = (
    await call(url, '/v1/admin/packages/receive', {
      method: 'POST',
      token: adminToken,
      form,
      headers: { 'idempotency-key': `backup-setup-${index}-${randomBytes(6).toString('hex')}` },
    })
  ).data as { id: string };
  return {
    index,
    email: String(body.email),
    userId: signedIn.user.id,
    token: refreshed.access_token,
    packageId: received.id,
  };
}

/** A PDF of 20–80 KB with random bytes, remembered by its sha256 so that downloads can be compared. */
function pdf(uploaded: Map<string, Buffer>): { blob: Blob; sha: string } {
  const bytes = Buffer.concat([PDF, randomBytes(20_000 + Math.floor(Math.random() * 60_000))]);
  const sha = createHash('sha256').update(bytes).digest('hex');
  uploaded.set(sha, bytes);
  return { blob: new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), sha };
}

/**
 * Runs one client until `stopped()`: pre-alert (1–2 files), receipt, profile, delete the oldest live receipt, and
 * round again (starting where its index says, so the kinds interleave across clients). A fixed round means no two
 * prefixes of a client's log leave the same state, so a restored state names exactly one prefix.
 */
export async function runClient(
  url: string,
  c: Client,
  stopped: () => boolean,
  uploaded: Map<string, Buffer>,
): Promise<Op[]> {
  const kinds = ['prealert', 'receipt', 'profile', 'delete'] as const;
  const log: Op[] = [];
  const live: string[] = [];
  for (let n = c.index; !stopped(); n++) {
    let kind: Op['kind'] = kinds[n % kinds.length] ?? 'profile';
    if (kind === 'delete' && live.length === 0) kind = 'receipt';
    const sentAt = performance.now();
    let subject = '';
    const files: string[] = [];
    if (kind === 'prealert') {
      subject = `BK${c.index}X${n}${randomBytes(2).toString('hex')}`.toUpperCase();
      const form = new FormData();
      for (const [k, v] of Object.entries(prealertFields(subject))) form.append(k, v);
      for (let i = 0; i < 1 + (n % 2); i++) {
        const f = pdf(uploaded);
        files.push(f.sha);
        form.append('files', f.blob, `invoice-${i}.pdf`);
      }
      await call(url, '/v1/peralert', {
        method: 'POST',
        token: c.token,
        form,
        headers: { 'idempotency-key': `bk-${c.index}-${n}-${randomBytes(4).toString('hex')}` },
      });
    } else if (kind === 'receipt') {
      const form = new FormData();
      form.append('package_id', c.packageId);
      const f = pdf(uploaded);
      files.push(f.sha);
      form.append('files', f.blob, 'receipt.pdf');
      const made = (await call(url, '/v1/packagereceipts', { method: 'POST', token: c.token, form }))
        .data as {
        id: string;
      }[];
      subject = made[0]?.id ?? '';
      live.push(subject);
    } else if (kind === 'delete') {
      subject = live.shift() ?? '';
      await call(url, `/v1/packagereceipts/${subject}`, { method: 'DELETE', token: c.token });
    } else {
      subject = addressOf(c.index, n + 1);
      await call(url, '/v1/profile', { method: 'PUT', token: c.token, json: { address: subject } });
    }
    log.push({ client: c.index, kind, sentAt, ackAt: performance.now(), subject, files });
  }
  return log;
}

/** The client's state after the first `k` operations of its log. */
function stateAfter(ops: Op[], k: number, initialAddress: string): ClientState {
  const s: ClientState = { prealerts: new Set(), receipts: new Set(), address: initialAddress };
  for (const op of ops.slice(0, k)) {
    if (op.kind === 'prealert') s.prealerts.add(op.subject);
    else if (op.kind === 'receipt') s.receipts.add(op.subject);
    else if (op.kind === 'delete') s.receipts.delete(op.subject);
    else s.address = op.subject;
  }
  return s;
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/**
 * Whether `restored` is the state at one moment inside the backup's window [start, end] (performance.now()):
 * each client's data is exactly what the first k of its operations made, with k between the operations answered
 * before the backup started and those sent before it ended; and no operation left out had been answered before an
 * operation kept was sent (the writes of one moment, not a mix of two). Throws, saying what is wrong, otherwise.
 */
export function checkMoment(
  logs: Op[][],
  restored: (client: number) => ClientState,
  window: { start: number; end: number },
): { included: Op[]; excluded: Op[] } {
  const included: Op[] = [];
  const excluded: Op[] = [];
  for (const [client, ops] of logs.entries()) {
    const got = restored(client);
    const kMin = ops.filter((o) => o.ackAt < window.start).length;
    const kMax = ops.filter((o) => o.sentAt < window.end).length;
    const matches: number[] = [];
    for (let k = kMin; k <= kMax; k++) {
      const want = stateAfter(ops, k, addressOf(client, 0));
      if (
        sameSet(want.prealerts, got.prealerts) &&
        sameSet(want.receipts, got.receipts) &&
        want.address === got.address
      )
        matches.push(k);
    }
    if (matches.length !== 1)
      throw new Error(
        `client ${client}: the restored data is the state after ${matches.length} of its prefixes ${kMin}..${kMax} (expected exactly one)`,
      );
    const k = matches[0] ?? 0;
    included.push(...ops.slice(0, k));
    excluded.push(...ops.slice(k));
  }
  const lastSentKept = Math.max(...included.map((o) => o.sentAt));
  const firstAnsweredLeft = Math.min(...excluded.map((o) => o.ackAt));
  if (firstAnsweredLeft < lastSentKept)
    throw new Error(
      `not one moment: an operation answered at ${firstAnsweredLeft.toFixed(0)} ms is missing, one sent later (${lastSentKept.toFixed(0)} ms) is in`,
    );
  return { included, excluded };
}
