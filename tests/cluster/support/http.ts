import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';

// The tests read replies loosely (as a client would); what they check is asserted field by field.
// biome-ignore lint/suspicious/noExplicitAny: an untyped JSON reply, like res.json() in fetch
export type Reply = { status: number; body: Buffer; json: () => any; headers: http.IncomingHttpHeaders };

/**
 * One HTTP call with what `fetch` will not do: a chosen Host header (the company), a chosen local address (another
 * client of the proxy: 127.0.0.x are all this machine), and a body written in parts (`slow`) so a test can kill the
 * server half-way through an upload.
 */
export function call(
  base: string,
  opts: {
    method?: string;
    path: string;
    host?: string;
    token?: string;
    json?: unknown;
    body?: Buffer;
    headers?: Record<string, string>;
    localAddress?: string;
    /** Write the first `half` bytes, then wait for `release()` before the rest. */
    pause?: { at: number; release: Promise<void> };
  },
): Promise<Reply> {
  const url = new URL(opts.path, base);
  const body = opts.json !== undefined ? Buffer.from(JSON.stringify(opts.json)) : opts.body;
  const headers: Record<string, string> = {
    ...(opts.host ? { host: opts.host } : {}),
    ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(body ? { 'content-length': String(body.length) } : {}),
    ...opts.headers,
  };
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: opts.method ?? 'GET',
        headers,
        agent: false,
        ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const all = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            body: all,
            headers: res.headers,
            json: () => JSON.parse(all.toString('utf8')),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (!body) return req.end();
    if (!opts.pause) return req.end(body);
    const { at, release } = opts.pause;
    req.write(body.subarray(0, at));
    void release.then(() => req.end(body.subarray(at)));
  });
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A multipart body built by the platform's FormData encoder (as a browser would send it). */
export async function multipart(
  fields: Record<string, string>,
  files: { name: string; bytes: Buffer; type: string }[],
): Promise<{ body: Buffer; type: string }> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) fd.append('files', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  const req = new Request('http://local/', { method: 'POST', body: fd });
  return { body: Buffer.from(await req.arrayBuffer()), type: req.headers.get('content-type') ?? '' };
}

/** A PDF-looking file of `size` bytes (the server sniffs the first bytes; the rest is random). */
export function pdfOf(size: number): Buffer {
  const head = Buffer.from('%PDF-1.4\n', 'latin1');
  const rest = randomBytes(Math.max(0, size - head.length));
  return Buffer.concat([head, rest]).subarray(0, size);
}
