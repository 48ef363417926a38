import { describe, expect, it } from 'vitest';
import type { Company } from '../../contract/companies';
import { preloadLinks, renderDocument } from './document';

const html =
  '<!doctype html><html><head><meta name="theme-color" content="#6d28d9" /><title>Customer portal</title></head>' +
  '<body><div id="root"></div></body></html>';

const company = (over: Partial<Company>) =>
  ({ id: 'c1', name: 'Island', primary_color: '#112233', ...over }) as Company;

/** The boot block's text, as a browser's textContent would read it. */
const blockOf = (doc: string) =>
  /<script type="application\/json" id="boot">([\s\S]*?)<\/script>/.exec(doc)?.[1];

describe('renderDocument', () => {
  it('keeps a company name with markup inside the data block and out of the page', () => {
    const name = '</script><script>alert(1)</script><!-- $& $1';
    const doc = renderDocument(html, { company: company({ name }), buildId: 'b1' });
    const text = blockOf(doc) ?? '';
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ company: company({ name }), buildId: 'b1' });
    // One block, one script element only: nothing the name held became markup.
    expect(doc.match(/<script/g)).toHaveLength(1);
    expect(doc).toContain(
      '<title>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;!-- $&#38; $1</title>',
    );
  });

  it('escapes the line separators JSON allows and scripts do not', () => {
    const doc = renderDocument(html, { company: company({ name: 'a\u2028b\u2029c' }), buildId: 'b1' });
    expect(blockOf(doc)).toContain('a\\u2028b\\u2029c');
    expect(JSON.parse(blockOf(doc) ?? '').company.name).toBe('a\u2028b\u2029c');
  });

  it('replaces the theme colour only with a colour, and keeps the built one otherwise', () => {
    expect(renderDocument(html, { company: company({}), buildId: '' })).toContain(
      '<meta name="theme-color" content="#112233" />',
    );
    const odd = renderDocument(html, { company: company({ primary_color: 'red" onload="x' }), buildId: '' });
    expect(odd).toContain('content="#6d28d9"');
    // Outside the data block (where it is a JSON string), nothing of it.
    expect(odd.replace(/<script type="application\/json" id="boot">[^<]*<\/script>/, '')).not.toContain(
      'onload',
    );
  });

  it('writes the request’s language and direction on the root element and in the boot block', () => {
    const built = '<!doctype html><html lang="en"><head><title>x</title></head><body></body></html>';
    const ar = renderDocument(built, { company: null, buildId: 'b', locale: 'ar' });
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain('"locale":"ar"');
    expect(renderDocument(built, { company: null, buildId: 'b', locale: 'es' })).toContain(
      '<html lang="es" dir="ltr">',
    );
    // Anything else the cookie says is no language of the portal: English.
    expect(renderDocument(built, { company: null, buildId: 'b', locale: 'x"y' })).toContain(
      '<html lang="en" dir="ltr">',
    );
  });

  it('writes company null and leaves the built page as it is for a host with no company', () => {
    const doc = renderDocument(html, { company: null, buildId: 'b2' });
    expect(JSON.parse(blockOf(doc) ?? '')).toEqual({ company: null, buildId: 'b2' });
    expect(doc.replace(/<script type="application\/json" id="boot">[^<]*<\/script>/, '')).toBe(html);
  });

  it('names only built files in preload links', () => {
    expect(
      preloadLinks(['/assets/a-1.js', '/assets/b-2.css', '/x.js', '/assets/"><script>.js', '//evil/a.js']),
    ).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/a-1.js" />' +
        '<link rel="preload" as="style" href="/assets/b-2.css" crossorigin />',
    );
  });
});
