import { crc32, deflateSync } from 'node:zlib';

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/**
 * An app icon in the company's colour: a white parcel (a box with its tape) on the brand colour. `maskable` keeps
 * the glyph inside the 80 % safe zone and fills the whole square; `any` rounds the corners.
 */
export function brandIconPng(size: number, color: string, purpose: 'any' | 'maskable'): Buffer {
  const [r, g, b] = hexToRgb(color);
  const rowLen = size * 4 + 1;
  const raw = Buffer.alloc(rowLen * size);
  const radius = purpose === 'any' ? size * 0.18 : 0;
  // The glyph: a parcel seen from the front — a white box, its lid split off by a gap, the tape down the lid only,
  // and a shipping label on the body.
  const half = size * (purpose === 'maskable' ? 0.2 : 0.26);
  const c = size / 2;
  const gap = Math.max(2, size * 0.03);
  const lidBottom = c - half + half * 0.62;
  const tape = size * 0.05;
  const label = { x0: c + half * 0.15, x1: c + half * 0.75, y0: c + half * 0.35, y1: c + half * 0.7 };
  for (let y = 0; y < size; y++) {
    raw[y * rowLen] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const o = y * rowLen + 1 + x * 4;
      // Rounded-square mask (transparent outside the corners for "any").
      const dx = Math.max(radius - x, 0, x - (size - 1 - radius));
      const dy = Math.max(radius - y, 0, y - (size - 1 - radius));
      const inside = radius === 0 || dx * dx + dy * dy <= radius * radius;
      const inBox = Math.abs(x - c) <= half && Math.abs(y - c) <= half;
      const inGap = y >= lidBottom && y < lidBottom + gap;
      const onTape = y < lidBottom && Math.abs(x - c) < tape;
      const onLabel = x >= label.x0 && x <= label.x1 && y >= label.y0 && y <= label.y1;
      const white = inBox && !inGap && !onTape && !onLabel;
      const [pr, pg, pb] = white ? [255, 255, 255] : [r, g, b];
      raw[o] = pr;
      raw[o + 1] = pg;
      raw[o + 2] = pb;
      raw[o + 3] = inside ? 255 : 0;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
