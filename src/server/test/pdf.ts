import { expect } from 'vitest';

/** Checks what a PDF reader relies on: header, every xref offset pointing at its object, trailer, startxref. */
export function expectValidPdf(bytes: Buffer): { pages: number; text: string } {
  const s = bytes.toString('latin1');
  expect(s.startsWith('%PDF-1.')).toBe(true);
  expect(s.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(s)?.[1]);
  expect(s.slice(startxref, startxref + 4)).toBe('xref');
  const m = /xref\n0 (\d+)\n/.exec(s.slice(startxref));
  const size = Number(m?.[1]);
  expect(size).toBeGreaterThan(1);
  const table = s.slice(startxref + (m?.[0].length ?? 0)).split('\n');
  expect(table[0]).toBe('0000000000 65535 f ');
  for (let i = 1; i < size; i++) {
    const offset = Number(table[i]?.slice(0, 10));
    expect(s.slice(offset, offset + `${i} 0 obj`.length), `object ${i}`).toBe(`${i} 0 obj`);
  }
  expect(s).toMatch(new RegExp(`trailer\\n<< /Size ${size} /Root 1 0 R`));
  // Every content stream's /Length is its byte length.
  for (const sm of s.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = (sm.index ?? 0) + sm[0].length;
    expect(s.slice(start + Number(sm[1]), start + Number(sm[1]) + 10)).toBe('\nendstream');
  }
  const pages = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(s)?.[1]);
  const text = [...s.matchAll(/\((.*?)\) Tj/g)].map((t) => t[1]).join('\n');
  return { pages, text };
}
