import { describe, expect, it } from 'vitest';
import { expectValidPdf } from '../test/pdf';
import { fitText, hexColor, PdfPage, renderPdf, textWidth } from './pdf';

describe('pdf writer', () => {
  it('writes a valid file with escaped text, Latin-1 and WinAnsi characters', () => {
    const page = new PdfPage();
    page.text(72, 720, 'Invoice (draft) \\ 100% – café “quoted” 漢', { size: 12 });
    page.rect(0, 0, 10, 10, [1, 0, 0]);
    page.line(0, 0, 10, 10);
    const pdf = renderPdf([page], { title: 'Test (1)', author: 'Island Express' });
    const { pages, text } = expectValidPdf(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('Invoice \\(draft\\) \\\\ 100% \\226 caf\\351 \\223quoted\\224 ?');
    expect(pdf.every((b) => b < 0x80 || pdf.indexOf(b) < 20)).toBe(true); // binary only in the header comment
  });

  it('keeps several pages in order', () => {
    const pages = [1, 2, 3].map((i) => {
      const p = new PdfPage();
      p.text(72, 720, `Page ${i}`);
      return p;
    });
    const out = expectValidPdf(renderPdf(pages, { title: 't', author: 'a' }));
    expect(out.pages).toBe(3);
    expect(out.text.split('\n')).toEqual(['Page 1', 'Page 2', 'Page 3']);
  });

  it('measures Helvetica and fits text to a width', () => {
    expect(textWidth('0123456789', 10)).toBeCloseTo(55.6);
    expect(textWidth('W', 10, 'bold')).toBeCloseTo(9.44);
    expect(textWidth(' ', 10)).toBeCloseTo(2.78);
    const cut = fitText('A rather long description of a parcel from a store', 100, 10);
    expect(cut.endsWith('…')).toBe(true);
    expect(textWidth(cut, 10)).toBeLessThanOrEqual(100);
    expect(fitText('short', 100, 10)).toBe('short');
  });

  it('reads brand colours', () => {
    expect(hexColor('#ff0000')).toEqual([1, 0, 0]);
    expect(hexColor('nonsense')).toEqual([0, 0, 0]);
  });
});
