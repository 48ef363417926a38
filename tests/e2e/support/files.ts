// Real files for the journeys to upload: valid PNGs and PDFs of any size, built in memory.
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

export type Payload = { name: string; mimeType: string; buffer: Buffer };

/**
 * A real PNG of width × height: a colour gradient, or incompressible noise when `noise` (for large files; `seed` makes
 * files of the same size differ).
 */
export function png(
  width: number,
  height: number,
  { noise = false, seed: seed0 = 0x2545f491 }: { noise?: boolean; seed?: number } = {},
): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  let seed = seed0 >>> 0 || 1;
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const at = y * row + 1 + x * 3;
      if (noise) {
        for (let c = 0; c < 3; c++) {
          seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
          raw[at + c] = seed >>> 24;
        }
      } else {
        raw[at] = Math.round((x / width) * 255);
        raw[at + 1] = 96;
        raw[at + 2] = Math.round((y / height) * 255);
      }
    }
  }
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: noise ? 1 : 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid one-page PDF; `padBytes` of comment lines after the header make it as large as a journey needs. */
export function pdf(text: string, padBytes = 0): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const line = `%${'x'.repeat(98)}\n`;
  out += line.repeat(Math.ceil(padBytes / line.length));
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A PDF to upload under `name`, `padBytes` larger than a minimal one. */
export const pdfFile = (name: string, padBytes = 0): Payload => ({
  name,
  mimeType: 'application/pdf',
  buffer: pdf(name, padBytes),
});

/** A PNG to upload under `name` (noise, so it does not compress, when `noise`). */
export const pngFile = (name: string, width = 64, height = 48, noise = false): Payload => ({
  name,
  mimeType: 'image/png',
  buffer: png(width, height, { noise }),
});

let fileSeed = 7;
/** A PDF and a PNG (noise, so it does not compress), each about `bytes` large, named after the tracking number. */
export function twoFiles(tag: string, bytes: number): Payload[] {
  fileSeed += 1;
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return [
    { name: `${tag.toLowerCase()}-invoice.pdf`, mimeType: 'application/pdf', buffer: pdf(tag, bytes) },
    {
      name: `${tag.toLowerCase()}-photo.png`,
      mimeType: 'image/png',
      buffer: png(side, side, { noise: true, seed: fileSeed }),
    },
  ];
}

/** The SHA-256 of some bytes, in hex: to compare what the server serves with what was uploaded. */
export const sha256 = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');
