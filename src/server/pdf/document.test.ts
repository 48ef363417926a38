import { describe, expect, it } from 'vitest';
import { expectValidPdf } from '../test/pdf';
import { hexColor, PdfDocument } from './document';

const doc = () => new PdfDocument({ title: 'Test (1)', author: 'Island Express' });

describe('pdf document', () => {
  it('prints any name: Polish, Vietnamese, punctuation and the minus sign come back as written', async () => {
    const pdf = doc();
    const page = pdf.addPage();
    const line = 'Łukasz Nguyễn · (draft) \\ 100% – café “quoted” −J$5.00, staff office';
    page.text(72, 720, line, { size: 12 });
    page.text(72, 700, 'Ñandú Øster Şükrü', { size: 10, font: 'bold' });
    page.rect(0, 0, 10, 10, [1, 0, 0]);
    page.line(0, 0, 10, 10);
    const { pages, text } = expectValidPdf(await pdf.finish());
    expect(pages).toBe(1);
    expect(text.split('\n')).toEqual([line, 'Ñandú Øster Şükrü']);
  });

  it('draws Arabic with its letters’ glyphs, and keeps invoice numbers and amounts inside it left to right', async () => {
    const pdf = doc();
    const page = pdf.addPage();
    page.text(72, 720, 'الفاتورة INV-1001 بمبلغ J$1,200.00', { size: 12 });
    page.text(540, 700, 'الصفحة 12 من 30', { size: 8, align: 'right' });
    const { runs } = expectValidPdf(await pdf.finish());
    const texts = runs.map((r) => r.text);
    // Drawn run by run, left to right as read on the page: the amount, then the number, each as written.
    expect(texts).toContain('J$1,200.00');
    expect(texts).toContain('INV-1001');
    expect(texts).toContain('12');
    expect(texts).toContain('30');
    const amount = runs.find((r) => r.text === 'J$1,200.00');
    const number = runs.find((r) => r.text === 'INV-1001');
    expect(amount && number && amount.x < number.x).toBe(true);
    // The right-aligned line still ends where it was asked to.
    const footer = runs.filter((r) => r.y === 700);
    expect(Math.max(...footer.map((r) => r.right))).toBeCloseTo(540, 0);
  });

  it('keeps several pages in order, and draws on an earlier page after a later one (footers)', async () => {
    const pdf = doc();
    for (const i of [1, 2, 3]) pdf.addPage().text(72, 720, `Page ${i}`);
    pdf.pages.forEach((p, i) => {
      p.text(72, 40, `Footer ${i + 1} of ${pdf.pages.length}`);
    });
    const { pages, runs } = expectValidPdf(await pdf.finish());
    expect(pages).toBe(3);
    expect(runs.map((r) => `${r.page}: ${r.text}`)).toEqual([
      '1: Page 1',
      '1: Footer 1 of 3',
      '2: Page 2',
      '2: Footer 2 of 3',
      '3: Page 3',
      '3: Footer 3 of 3',
    ]);
  });

  it('right-aligns on the point given and places text where it is asked', async () => {
    const pdf = doc();
    const page = pdf.addPage();
    const amounts = ['J$1.00', 'J$12,345.67', 'Balance due', 'Łódź'];
    amounts.forEach((a, i) => {
      page.text(556, 600 - i * 20, a, { size: 10, font: i % 2 ? 'bold' : 'regular', align: 'right' });
    });
    page.text(48, 500, 'Left');
    const { runs } = expectValidPdf(await pdf.finish());
    for (const r of runs.slice(0, 4)) expect(r.right, r.text).toBeCloseTo(556, 0);
    expect(runs.map((r) => r.y)).toEqual([600, 580, 560, 540, 500]);
    expect(runs[4]?.x).toBe(48);
  });

  it('measures with the embedded font and fits or wraps text to a width', async () => {
    const pdf = doc();
    expect(pdf.textWidth('0000000000', 10)).toBeCloseTo(10 * pdf.textWidth('0', 10));
    expect(pdf.textWidth('W', 10, 'bold')).toBeGreaterThan(pdf.textWidth('W', 10));
    const cut = pdf.fitText('A rather long description of a parcel from a store', 100, 10);
    expect(cut.endsWith('…')).toBe(true);
    expect(pdf.textWidth(cut, 10)).toBeLessThanOrEqual(100);
    expect(pdf.fitText('short', 100, 10)).toBe('short');
    const lines = pdf.wrapText('one two three four five six seven eight nine ten', 60, 10, 'regular', 3);
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => pdf.textWidth(l, 10) <= 60)).toBe(true);
    expect(lines[2]?.endsWith('…')).toBe(true);
    await pdf.finish();
  });

  it('reads brand colours', () => {
    expect(hexColor('#ff0000')).toEqual([1, 0, 0]);
    expect(hexColor('nonsense')).toEqual([0, 0, 0]);
  });
});
