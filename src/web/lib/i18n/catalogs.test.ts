import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, currentLocale, registerCatalog } from './catalogs';

const later = <T>(value: T, ms: number) => new Promise<T>((done) => setTimeout(() => done(value), ms));

describe('the PWA catalogs', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('loads a feature that registers during a switch in the language being switched to', async () => {
    await registerCatalog({ a: 'Parcels' }, { './locales/es.po': () => later({ a: 'Paquetes' }, 30) });
    const switching = activateLocale('es');
    // The next screen's code arrives while the first catalog is still loading.
    await registerCatalog({ b: 'Invoices' }, { './locales/es.po': () => later({ b: 'Facturas' }, 5) });
    await switching;
    expect(currentLocale()).toBe('es');
    expect(i18n._('a')).toBe('Paquetes');
    expect(i18n._('b')).toBe('Facturas');
  });

  it('keeps the last of two quick choices', async () => {
    await registerCatalog(
      { c: 'Points' },
      {
        './locales/fr.po': () => later({ c: 'Points (fr)' }, 40),
        './locales/ar.po': () => later({ c: 'النقاط' }, 5),
      },
    );
    await Promise.all([activateLocale('fr'), activateLocale('ar')]);
    expect(currentLocale()).toBe('ar');
    expect(i18n._('c')).toBe('النقاط');
  });
});
