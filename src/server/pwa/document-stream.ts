import { PassThrough, type Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

export type DocumentEncoding = 'br' | 'gzip' | 'identity';

/** The best of br, gzip and none the client accepts (Accept-Encoding with its q-values; q=0 refuses). */
export function documentEncoding(accept: string | undefined): DocumentEncoding {
  const q = new Map<string, number>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const weight = params.find((p) => p.startsWith('q='));
    q.set(name, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

/**
 * A document sent in two parts: `head` at once (flushed through the compressor, so the browser starts on the style
 * sheets, the scripts and the outline), then `rest` (started once the head is out) when it is ready (the signed-in session's answers and the end of
 * the body). Compressed here, not by the compress plugin (which would hold the first part until the end), at the
 * plugin's brotli quality. `rest` never rejects the stream: a failure ends the document with `fallback`.
 */
export function streamDocument(
  encoding: DocumentEncoding,
  head: string,
  rest: () => Promise<string>,
  fallback: string,
): Readable {
  const out =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? createGzip()
        : new PassThrough();
  // `rest` starts once the head is out of the compressor and on its way: its work (the session's calls, run in this
  // process) would otherwise hold the event loop before the first bytes reach the socket.
  const start = () =>
    setImmediate(() => {
      rest().then(
        (text) => out.end(text),
        () => out.end(fallback),
      );
    });
  out.write(head);
  if ('flush' in out) out.flush(start);
  else start();
  return out;
}
