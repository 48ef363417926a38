import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { currentLocale } from '../i18n';
import { hasRtl, visualRuns } from './bidi';

/**
 * The server's printable documents (the invoice, the shipment manifest) are drawn here, on pdfkit: US Letter pages,
 * coordinates in points from the bottom-left corner as PDF counts them, text in DejaVu Sans embedded (and subset by
 * pdfkit) so that any customer's name prints: "Łukasz", "Nguyễn", "Ñandú" and the minus sign alike.
 */

export type Rgb = [number, number, number];
export type Font = 'regular' | 'bold';
export type TextStyle = { size?: number; font?: Font; color?: Rgb; align?: 'left' | 'right' };

const WIDTH = 612;
const HEIGHT = 792;
const INK: Rgb = [0.12, 0.16, 0.22];

/**
 * The font files ship with the product (the dejavu-fonts-ttf package: DejaVu's licence lets them be embedded in any
 * document), read once: a fresh machine has no system fonts to rely on.
 */
const FONT_FILES: Record<Font, string> = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};
let fontBytes: Record<Font, Buffer> | null = null;
function fonts(): Record<Font, Buffer> {
  if (!fontBytes) {
    const resolve = createRequire(import.meta.url).resolve;
    fontBytes = {
      regular: readFileSync(resolve(FONT_FILES.regular)),
      bold: readFileSync(resolve(FONT_FILES.bold)),
    };
  }
  return fontBytes;
}

/** pdfkit takes colours as 0–255 components. */
const rgb255 = (c: Rgb): Rgb => c.map((v) => Math.round(Math.min(1, Math.max(0, v)) * 255)) as Rgb;

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

/** One page of a PdfDocument: what is drawn on it goes to it, whichever page was drawn on last. */
export class PdfPage {
  constructor(
    private readonly pdf: PdfDocument,
    readonly index: number,
  ) {}

  /** `s` on one line, its baseline at `y`; `align: 'right'` ends it at `x`. */
  text(x: number, y: number, s: string, style: TextStyle = {}): void {
    const size = style.size ?? 10;
    const font = style.font ?? 'regular';
    let left = style.align === 'right' ? x - this.pdf.textWidth(s, size, font) : x;
    const doc = this.pdf
      .on(this.index)
      .font(font)
      .fontSize(size)
      .fillColor(rgb255(style.color ?? INK));
    // Arabic: run by run in visual order, so numbers and Latin inside stay left to right (bidi.ts).
    const runs = hasRtl(s) ? visualRuns(s) : [{ text: s, rtl: false }];
    for (const run of runs) {
      doc.text(run.text, left, HEIGHT - y, { lineBreak: false, baseline: 'alphabetic' });
      left += runs.length > 1 ? doc.widthOfString(run.text) : 0;
    }
  }

  rect(x: number, y: number, w: number, h: number, fill: Rgb): void {
    this.pdf
      .on(this.index)
      .rect(x, HEIGHT - y - h, w, h)
      .fill(rgb255(fill));
  }

  line(x1: number, y1: number, x2: number, y2: number, color: Rgb = [0.8, 0.82, 0.85], width = 0.75): void {
    this.pdf
      .on(this.index)
      .moveTo(x1, HEIGHT - y1)
      .lineTo(x2, HEIGHT - y2)
      .lineWidth(width)
      .stroke(rgb255(color));
  }
}

/** A document being drawn: pages, text measured with the embedded fonts, then the file. */
export class PdfDocument {
  readonly width = WIDTH;
  readonly height = HEIGHT;
  readonly pages: PdfPage[] = [];
  private readonly doc: PDFKit.PDFDocument;
  private readonly bytes: Promise<Buffer>;
  private current = -1;

  constructor(meta: { title: string; author: string }) {
    // Pages stay open until the end, so a footer can say "Page 1 of 3" once the last page is known.
    this.doc = new PDFDocument({
      size: [WIDTH, HEIGHT],
      margin: 0,
      autoFirstPage: false,
      bufferPages: true,
      // The document's language (its reader's): screen readers and search read it in that language.
      lang: currentLocale(),
      info: { Title: meta.title, Author: meta.author, Producer: 'forwarder-portal' },
    });
    const chunks: Buffer[] = [];
    this.doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    this.bytes = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    const f = fonts();
    this.doc.registerFont('regular', f.regular);
    this.doc.registerFont('bold', f.bold);
  }

  addPage(): PdfPage {
    this.doc.addPage({ size: [WIDTH, HEIGHT], margin: 0 });
    this.current = this.pages.length;
    const page = new PdfPage(this, this.current);
    this.pages.push(page);
    return page;
  }

  /** pdfkit draws on its current page: switch to `index` first when another one was drawn on since. */
  on(index: number): PDFKit.PDFDocument {
    if (index !== this.current) {
      this.doc.switchToPage(index);
      this.current = index;
    }
    return this.doc;
  }

  /** Width of `s` in points at `size`, with the font's own metrics and kerning (as it is drawn). */
  textWidth(s: string, size: number, font: Font = 'regular'): number {
    const doc = this.doc.font(font).fontSize(size);
    if (!hasRtl(s)) return doc.widthOfString(s);
    // As it is drawn: run by run (see PdfPage.text).
    return visualRuns(s).reduce((w, run) => w + doc.widthOfString(run.text), 0);
  }

  /** Cuts `s` to fit `width` points, with an ellipsis when cut. */
  fitText(s: string, width: number, size: number, font: Font = 'regular'): string {
    if (this.textWidth(s, size, font) <= width) return s;
    let cut = [...s];
    while (cut.length > 0 && this.textWidth(`${cut.join('')}…`, size, font) > width) cut = cut.slice(0, -1);
    return `${cut.join('').trimEnd()}…`;
  }

  /**
   * Words into lines no wider than `width` (a word longer than a line is cut with "…"); at most `max` lines, the last
   * one ending in "…" when the text goes on.
   */
  wrapText(s: string, width: number, size: number, font: Font = 'regular', max = 4): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of s.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (this.textWidth(next, size, font) <= width || !line) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    const out = lines.slice(0, max).map((l) => this.fitText(l, width, size, font));
    if (lines.length > max) {
      out[max - 1] = this.fitText(`${out[max - 1]} ${lines[max] ?? ''}`, width, size, font);
    }
    return out;
  }

  /** The finished file. */
  finish(): Promise<Buffer> {
    this.doc.flushPages();
    this.doc.end();
    return this.bytes;
  }
}
