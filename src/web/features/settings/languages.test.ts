import { describe, expect, it } from 'vitest';
import type { CompanySettings } from '../../../contract/settings';
import { checkLanguages, languageNames, languagesBody, languagesValues, withOffered } from './languages';

const settings = {
  languages: { offered: ['en', 'es'], default: 'es' },
} as CompanySettings;

describe('Company settings: languages', () => {
  it('holds the offered languages and the default, and sends them in the portal’s order', () => {
    expect(languagesValues(settings)).toEqual({ offered: ['en', 'es'], default: 'es' });
    expect(languagesBody({ offered: ['ar', 'en'], default: 'ar' })).toEqual({
      languages: { offered: ['en', 'ar'], default: 'ar' },
    });
  });

  it('moves the default to the first language left when its own is no longer offered', () => {
    expect(withOffered({ offered: ['en', 'es'], default: 'es' }, ['en'])).toEqual({
      offered: ['en'],
      default: 'en',
    });
    expect(withOffered({ offered: ['en'], default: 'en' }, ['fr', 'en'])).toEqual({
      offered: ['en', 'fr'],
      default: 'en',
    });
    expect(withOffered({ offered: ['en'], default: 'en' }, [])).toEqual({ offered: [], default: '' });
  });

  it('refuses no language at all, and a default that is not offered', () => {
    expect(checkLanguages({ offered: [], default: '' })).toEqual({ offered: 'Offer at least one language' });
    expect(checkLanguages({ offered: ['en'], default: 'fr' })).toEqual({
      default: 'The default language must be one of those offered',
    });
    expect(checkLanguages({ offered: ['en', 'fr'], default: 'fr' })).toEqual({});
  });

  it('names each language in its own words', () => {
    expect(languageNames(['en', 'es', 'fr', 'ar'])).toBe('English, Español, Français, العربية');
  });
});
