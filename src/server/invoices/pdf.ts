/**
 * A small PDF 1.4 writer: pages of text (Helvetica, Helvetica-Bold), lines and filled rectangles. Enough for a
 * print-ready invoice without a dependency. Text uses WinAnsiEncoding; characters outside it print as "?".
 */

export type Rgb = [number, number, number];
export type Font = 'regular' | 'bold';

/** Helvetica advance widths (1/1000 em) for ASCII 32–126, from the standard AFM metrics. */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
/** Helvetica-Bold advance widths for ASCII 32–126. */
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278,
  556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584,
  556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556,
  333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/** Characters WinAnsi places in 0x80–0x9F (where Latin-1 has control codes). */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '™': 0x99,
};

/** A string as WinAnsi byte codes. */
function winAnsi(s: string): number[] {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0) ?? 63;
    if (c >= 32 && c <= 126) out.push(c);
    else if (WIN_ANSI_EXTRA[ch] !== undefined) out.push(WIN_ANSI_EXTRA[ch]);
    else if (c >= 0xa0 && c <= 0xff) out.push(c);
    else if (c === 0x2002 || c === 0x2009 || c === 0x202f || c === 0xa0) out.push(32);
    else out.push(63); // "?"
  }
  return out;
}

/** A PDF literal string, ASCII only: ( ) \ escaped, bytes past 126 as octal escapes. */
function literal(s: string): string {
  let out = '(';
  for (const b of winAnsi(s)) {
    if (b === 40 || b === 41 || b === 92) out += `\\${String.fromCharCode(b)}`;
    else if (b > 126) out += `\\${b.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(b);
  }
  return `${out})`;
}

/** Helvetica widths (both weights) of WinAnsi characters the invoices print beyond ASCII: no-break space, "·". */
const NARROW: Record<number, number> = { 160: 278, 183: 278 };

/** Width of `s` in points at `size`. Other non-ASCII characters count as an "o". */
export function textWidth(s: string, size: number, font: Font = 'regular'): number {
  const table = font === 'bold' ? HELVETICA_BOLD : HELVETICA;
  let units = 0;
  for (const b of winAnsi(s)) units += table[b - 32] ?? NARROW[b] ?? 556;
  return (units * size) / 1000;
}

/** Cuts `s` to fit `width` points, with an ellipsis when cut. */
export function fitText(s: string, width: number, size: number, font: Font = 'regular'): string {
  if (textWidth(s, size, font) <= width) return s;
  let cut = s;
  while (cut.length > 0 && textWidth(`${cut}…`, size, font) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/**
 * Words into lines no wider than `width` (a word longer than a line is cut with "…"); at most `max` lines, the last
 * one ending in "…" when the text goes on.
 */
export function wrapText(s: string, width: number, size: number, font: Font = 'regular', max = 4): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of s.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (textWidth(next, size, font) <= width || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const out = lines.slice(0, max).map((l) => fitText(l, width, size, font));
  if (lines.length > max) out[max - 1] = fitText(`${out[max - 1]} ${lines[max] ?? ''}`, width, size, font);
  return out;
}

const n = (v: number) => (Math.round(v * 100) / 100).toString();
const rgb = (c: Rgb) => c.map((v) => n(Math.min(1, Math.max(0, v)))).join(' ');

/** "#6d28d9" → [0.43, 0.16, 0.85]; black when unreadable. */
export function hexColor(hex: string): Rgb {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!m) return [0, 0, 0];
  return [
    Number.parseInt(m[1] ?? '0', 16) / 255,
    Number.parseInt(m[2] ?? '0', 16) / 255,
    Number.parseInt(m[3] ?? '0', 16) / 255,
  ];
}

/** One page's drawing operations; coordinates in points from the bottom-left corner. */
export class PdfPage {
  readonly ops: string[] = [];

  text(
    x: number,
    y: number,
    s: string,
    opts: { size?: number; font?: Font; color?: Rgb; align?: 'left' | 'right' } = {},
  ): void {
    const size = opts.size ?? 10;
    const font = opts.font ?? 'regular';
    const left = opts.align === 'right' ? x - textWidth(s, size, font) : x;
    this.ops.push(
      `BT /${font === 'bold' ? 'F2' : 'F1'} ${n(size)} Tf ${rgb(opts.color ?? [0.12, 0.16, 0.22])} rg ${n(left)} ${n(y)} Td ${literal(s)} Tj ET`,
    );
  }

  rect(x: number, y: number, w: number, h: number, fill: Rgb): void {
    this.ops.push(`${rgb(fill)} rg ${n(x)} ${n(y)} ${n(w)} ${n(h)} re f`);
  }

  line(x1: number, y1: number, x2: number, y2: number, color: Rgb = [0.8, 0.82, 0.85], width = 0.75): void {
    this.ops.push(`${rgb(color)} RG ${n(width)} w ${n(x1)} ${n(y1)} m ${n(x2)} ${n(y2)} l S`);
  }
}

/** Serialises pages (US Letter) into a PDF file with a correct cross-reference table. */
export function renderPdf(pages: PdfPage[], meta: { title: string; author: string }): Buffer {
  const objs: string[] = [];
  const add = (body: string) => {
    objs.push(body);
    return objs.length;
  };
  const catalog = add(''); // 1: filled in below, once the pages object number is known
  const pagesObj = add('');
  const f1 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const f2 = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const page of pages) {
    const stream = page.ops.join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 612 792] /Contents ${content} 0 R /Resources << /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R >> >> >>`,
      ),
    );
  }
  objs[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objs[pagesObj - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const info = add(
    `<< /Title ${literal(meta.title)} /Author ${literal(meta.author)} /Producer (forwarder-portal) >>`,
  );

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objs.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
