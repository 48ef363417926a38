import { inflateSync } from 'node:zlib';
import { expect } from 'vitest';

/** A piece of text as a reader sees it: where it starts and ends on its page (points from the bottom-left). */
export type PdfRun = { page: number; x: number; right: number; y: number; size: number; text: string };

type Obj = { dict: string; stream: Buffer | null };
type Font = { toUnicode: Map<number, string>; widths: Map<number, number> };

/** Every `n 0 obj … endobj` of the file, its stream inflated when it is compressed. */
function objectsOf(bytes: Buffer): Map<number, Obj> {
  const s = bytes.toString('latin1');
  const out = new Map<number, Obj>();
  for (const m of s.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2] ?? '';
    const at = body.indexOf('stream');
    if (at < 0) {
      out.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, at);
    const raw = Buffer.from(
      body.slice(at + 6, body.lastIndexOf('endstream')).replace(/^\r?\n/, ''),
      'latin1',
    );
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1] ?? raw.length);
    const data = raw.subarray(0, length);
    out.set(Number(m[1]), { dict, stream: dict.includes('/FlateDecode') ? inflateSync(data) : data });
  }
  return out;
}

const ref = (dict: string, key: string) => Number(new RegExp(`/${key} (\\d+) 0 R`).exec(dict)?.[1]);
/** UTF-16BE hex as text; a ligature's entry holds several code points ("<0066 0066>" for "ff"). */
const hexText = (hex: string) =>
  String.fromCharCode(...(hex.replace(/\s+/g, '').match(/.{4}/g) ?? []).map((h) => Number.parseInt(h, 16)));

/** The glyph → text map of a ToUnicode CMap (bfchar and bfrange, both of its forms). */
function cmapOf(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of (block[1] ?? '').matchAll(/<([0-9a-f]+)>\s*<([0-9a-f\s]+)>/gi)) {
      map.set(Number.parseInt(m[1] ?? '', 16), hexText(m[2] ?? ''));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const body = block[1] ?? '';
    for (const m of body.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[[^\]]*\]|<[0-9a-f]+>)/gi)) {
      const from = Number.parseInt(m[1] ?? '', 16);
      const to = Number.parseInt(m[2] ?? '', 16);
      const target = m[3] ?? '';
      if (target.startsWith('[')) {
        let c = from;
        for (const t of target.matchAll(/<([0-9a-f\s]+)>/gi)) map.set(c++, hexText(t[1] ?? ''));
      } else {
        const first = Number.parseInt(target.slice(1, -1), 16);
        for (let c = from; c <= to; c++) map.set(c, String.fromCodePoint(first + c - from));
      }
    }
  }
  return map;
}

/** A CIDFont's /W array: `c [w1 w2 …]` and `cFirst cLast w`. */
function widthsOf(w: string): Map<number, number> {
  const out = new Map<number, number>();
  const tokens = w.slice(1, -1).match(/\[|\]|-?[\d.]+/g) ?? [];
  let i = 0;
  while (i < tokens.length) {
    const first = Number(tokens[i]);
    if (tokens[i + 1] === '[') {
      i += 2;
      let c = first;
      while (tokens[i] !== ']' && i < tokens.length) out.set(c++, Number(tokens[i++]));
      i++;
    } else {
      for (let c = first; c <= Number(tokens[i + 1]); c++) out.set(c, Number(tokens[i + 2]));
      i += 3;
    }
  }
  return out;
}

function fontOf(objs: Map<number, Obj>, id: number): Font {
  const dict = objs.get(id)?.dict ?? '';
  const cmap = objs.get(ref(dict, 'ToUnicode'))?.stream?.toString('latin1') ?? '';
  const descendant = Number(/\/DescendantFonts \[(\d+) 0 R\]/.exec(dict)?.[1]);
  const w = /\/W (\[[\s\S]*\])/.exec(objs.get(descendant)?.dict ?? '')?.[1] ?? '';
  return { toUnicode: cmapOf(cmap), widths: widthsOf(w) };
}

/** The text runs of one page's content stream, positioned (pdfkit writes `x y Tm` then hex glyph ids in TJ). */
function runsOf(content: string, fonts: Map<string, Font>, page: number): PdfRun[] {
  const runs: PdfRun[] = [];
  let font: Font | undefined;
  let size = 0;
  let x = 0;
  let y = 0;
  for (const m of content.matchAll(
    /([\d.-]+) ([\d.-]+) Tm|\/(\w+) ([\d.]+) Tf|(\[[^\]]*\]) TJ|<([0-9a-f]*)> Tj/gi,
  )) {
    if (m[1] !== undefined) {
      x = Number(m[1]);
      y = Number(m[2]);
    } else if (m[3] !== undefined) {
      font = fonts.get(m[3]);
      size = Number(m[4]);
    } else if (font) {
      const parts = m[5] ? [...m[5].matchAll(/<([0-9a-f]*)>|(-?[\d.]+)/gi)] : [['', m[6] ?? '']];
      let text = '';
      let advance = 0;
      for (const p of parts) {
        if (p[2] !== undefined) {
          advance -= Number(p[2]); // a TJ adjustment moves the next glyph left by n/1000 em
          continue;
        }
        for (const g of (p[1] ?? '').match(/.{4}/g) ?? []) {
          const gid = Number.parseInt(g, 16);
          text += font.toUnicode.get(gid) ?? '\ufffd';
          advance += font.widths.get(gid) ?? 0;
        }
      }
      runs.push({ page, x, right: x + (advance * size) / 1000, y, size, text });
    }
  }
  return runs;
}

/**
 * Reads a PDF as a reader would: checks what a viewer relies on (header, every xref offset pointing at its object,
 * trailer, startxref), then extracts the text of every page through the fonts' ToUnicode maps, with positions.
 * `text` is the runs in drawing order, one a line.
 */
export function expectValidPdf(bytes: Buffer): { pages: number; text: string; runs: PdfRun[] } {
  const s = bytes.toString('latin1');
  expect(s.startsWith('%PDF-1.')).toBe(true);
  expect(s.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(s)?.[1]);
  expect(s.slice(startxref, startxref + 4)).toBe('xref');
  const m = /xref\s+0 (\d+)\s+/.exec(s.slice(startxref));
  const size = Number(m?.[1]);
  expect(size).toBeGreaterThan(1);
  const table = s.slice(startxref + (m?.[0].length ?? 0)).split(/\r?\n/);
  expect(table[0]?.trim()).toBe('0000000000 65535 f');
  for (let i = 1; i < size; i++) {
    const offset = Number(table[i]?.slice(0, 10));
    expect(s.slice(offset, offset + `${i} 0 obj`.length), `object ${i}`).toBe(`${i} 0 obj`);
  }
  expect(s).toMatch(new RegExp(`trailer\\s*<<\\s*/Size ${size}\\s*/Root \\d+ 0 R`));

  const objs = objectsOf(bytes);
  const pagesDict = [...objs.values()].find((o) => /\/Type \/Pages\b/.test(o.dict))?.dict ?? '';
  const pageIds = [...(/\/Kids \[([^\]]*)\]/.exec(pagesDict)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((k) =>
    Number(k[1]),
  );
  const runs = pageIds.flatMap((id, index) => {
    const page = objs.get(id)?.dict ?? '';
    const resources = objs.get(ref(page, 'Resources'))?.dict ?? page;
    const fonts = new Map<string, Font>();
    const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? '';
    for (const f of fontDict.matchAll(/\/(\w+) (\d+) 0 R/g))
      fonts.set(f[1] ?? '', fontOf(objs, Number(f[2])));
    const content = objs.get(ref(page, 'Contents'))?.stream?.toString('latin1') ?? '';
    return runsOf(content, fonts, index + 1);
  });
  return { pages: pageIds.length, text: runs.map((r) => r.text).join('\n'), runs };
}
