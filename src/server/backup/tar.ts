// A minimal streaming tar (POSIX ustar), enough for the backup archive: regular files only, written and read one
// entry at a time so that neither side ever holds more than one chunk of a stored file in memory. ustar rather than
// a format of our own so that an operator can look inside a backup with `tar tzf`.

const BLOCK = 512;
/** ustar's size field: 11 octal digits. */
const MAX_SIZE = 8 ** 11 - 1;

export type TarInput = {
  name: string;
  size: number;
  mtime?: Date;
  body: Uint8Array | AsyncIterable<Uint8Array>;
};

export type TarEntry = {
  name: string;
  size: number;
  mtime: Date;
  /** The entry's bytes; read it (or not) before asking for the next entry. */
  body: AsyncIterable<Buffer>;
};

export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarFormatError';
  }
}

/** Splits a name over ustar's prefix (155) and name (100) fields, at a slash. */
function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let i = name.lastIndexOf('/'); i > 0; i = name.lastIndexOf('/', i - 1)) {
    const prefix = name.slice(0, i);
    const base = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new TarFormatError(`name too long for the archive: ${name}`);
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: Date): Buffer {
  if (!Number.isSafeInteger(size) || size < 0 || size > MAX_SIZE)
    throw new TarFormatError(`entry too large for the archive: ${name}`);
  const { prefix, base } = splitName(name);
  const h = Buffer.alloc(BLOCK);
  h.write(base, 0, 100, 'utf8');
  h.write(octal(0o600, 8), 100, 'latin1');
  h.write(octal(0, 8), 108, 'latin1');
  h.write(octal(0, 8), 116, 'latin1');
  h.write(octal(size, 12), 124, 'latin1');
  h.write(octal(Math.max(0, Math.floor(mtime.getTime() / 1000)), 12), 136, 'latin1');
  h.write('        ', 148, 'latin1'); // the checksum counts its own field as spaces
  h.write('0', 156, 'latin1');
  h.write('ustar\u000000', 257, 'latin1');
  h.write(prefix, 345, 155, 'utf8');
  h.write(octal(checksum(h), 7), 148, 'latin1');
  return h;
}

function checksum(h: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (h[i] ?? 0);
  return sum;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/**
 * The archive's bytes for `entries`, in order. An entry whose body is not exactly its declared size throws: a
 * short or long body would shift every later header.
 */
export async function* tarStream(entries: AsyncIterable<TarInput>): AsyncGenerator<Buffer> {
  for await (const e of entries) {
    yield header(e.name, e.size, e.mtime ?? new Date());
    let written = 0;
    const chunks = e.body instanceof Uint8Array ? [e.body] : e.body;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > e.size) break;
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    }
    if (written !== e.size)
      throw new TarFormatError(`${e.name} changed while it was copied (${written} bytes, not ${e.size})`);
    yield padding(e.size);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Pulls exact byte counts out of a stream of chunks. */
class Bytes {
  private buffered: Buffer[] = [];
  private length = 0;
  private done = false;
  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  /** Up to `max` bytes (fewer only at the end of the stream), at least one unless the stream has ended. */
  async some(max: number): Promise<Buffer> {
    if (this.length === 0 && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else {
        this.buffered.push(Buffer.from(next.value));
        this.length += next.value.length;
      }
    }
    const head = this.buffered[0];
    if (!head) return Buffer.alloc(0);
    const out = head.subarray(0, max);
    if (out.length === head.length) this.buffered.shift();
    else this.buffered[0] = head.subarray(out.length);
    this.length -= out.length;
    return out;
  }

  async exactly(n: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < n) {
      const part = await this.some(n - got);
      if (part.length === 0) throw new TarFormatError('the archive ends in the middle of an entry');
      parts.push(part);
      got += part.length;
    }
    return Buffer.concat(parts);
  }
}

function field(h: Buffer, from: number, length: number): string {
  const raw = h.subarray(from, from + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function parseOctal(h: Buffer, from: number, length: number, what: string): number {
  const text = field(h, from, length).trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError(`not a tar archive (bad ${what} field)`);
  return Number.parseInt(text, 8);
}

/**
 * The entries of a tar stream, one at a time. Each header's checksum is verified; an entry's unread bytes are
 * skipped when the next one is asked for. Only regular files are expected (a backup holds nothing else).
 */
export async function* untar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarEntry> {
  const bytes = new Bytes(source[Symbol.asyncIterator]());
  for (;;) {
    // A stream that stops at an entry's end without the end blocks is let through: the reader above decides
    // whether anything is missing (the backup's checksums come last).
    const first = await bytes.some(BLOCK);
    if (first.length === 0) return;
    const h =
      first.length === BLOCK ? first : Buffer.concat([first, await bytes.exactly(BLOCK - first.length)]);
    if (h.every((b) => b === 0)) {
      // The end: read what follows (zero padding) so that the source runs to its own end and reports its errors.
      while ((await bytes.some(64 * 1024)).length > 0) {}
      return;
    }
    if (field(h, 257, 6) !== 'ustar') throw new TarFormatError('not a tar archive (no ustar header)');
    if (parseOctal(h, 148, 8, 'checksum') !== checksum(h))
      throw new TarFormatError('a header of the archive is damaged (checksum mismatch)');
    const type = field(h, 156, 1);
    if (type !== '0' && type !== '')
      throw new TarFormatError(`unexpected entry type "${type}" in the archive`);
    const prefix = field(h, 345, 155);
    const base = field(h, 0, 100);
    const size = parseOctal(h, 124, 12, 'size');
    let left = size;
    const body = (async function* () {
      while (left > 0) {
        const part = await bytes.some(left);
        if (part.length === 0) throw new TarFormatError('the archive ends in the middle of an entry');
        left -= part.length;
        yield part;
      }
    })();
    yield {
      name: prefix ? `${prefix}/${base}` : base,
      size,
      mtime: new Date(parseOctal(h, 136, 12, 'mtime') * 1000),
      body,
    };
    while (left > 0) {
      const skipped = await bytes.some(left);
      if (skipped.length === 0) throw new TarFormatError('the archive ends in the middle of an entry');
      left -= skipped.length;
    }
    await bytes.exactly((BLOCK - (size % BLOCK)) % BLOCK);
  }
}
