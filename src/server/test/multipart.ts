/** A multipart body for `app.inject`, built by the platform's own FormData encoder. */
export async function multipart(
  fields: Record<string, string>,
  files: { name: string; bytes: Buffer | Uint8Array; type?: string; field?: string }[] = [],
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const f of files) {
    fd.append(
      f.field ?? 'files',
      new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'application/octet-stream' }),
      f.name,
    );
  }
  const req = new Request('http://local/', { method: 'POST', body: fd });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  };
}

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n', 'latin1');
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 1),
]);
/** A Windows executable's first bytes: what a renamed .exe looks like. */
export const EXE = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(200, 0x90)]);

/**
 * A multipart body written by hand, for what FormData never sends: a part in another charset (UTF-16 can carry a
 * lone surrogate) or a file name in RFC 2231's `filename*=charset''…` form. `disposition` follows `form-data; `.
 */
export function rawMultipart(parts: { disposition: string; contentType?: string; body: Buffer }[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = '----portal-raw-form-boundary';
  const chunks = parts.flatMap((p) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; ${p.disposition}\r\n`),
    Buffer.from(p.contentType ? `Content-Type: ${p.contentType}\r\n\r\n` : '\r\n'),
    p.body,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
