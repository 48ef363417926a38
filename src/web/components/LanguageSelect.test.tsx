import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, currentLocale } from '../lib/i18n/catalogs';
import { render, screen } from '../test/render';
import { LanguageSelect } from './LanguageSelect';

vi.mock('../lib/api', async (original) => ({
  ...(await original<typeof import('../lib/api')>()),
  api: { call: vi.fn() },
}));

describe('LanguageSelect (the auth screens)', () => {
  afterEach(async () => {
    await activateLocale('en');
    // biome-ignore lint/suspicious/noDocumentCookie: forgets the choice the test made, as the app writes it
    document.cookie = 'locale=; max-age=0; path=/';
  });

  it('lists the offered languages in their own words, shows the current one, and switches when one is chosen', async () => {
    render(<LanguageSelect languages={['en', 'es', 'ar']} />);
    const select = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['English', 'Español', 'العربية']);
    expect(select.value).toBe('en');

    await userEvent.selectOptions(select, 'es');
    await vi.waitFor(() => expect(currentLocale()).toBe('es'));
    expect(document.cookie).toContain('locale=es');
  });

  it('is not shown when the company offers one language', () => {
    render(<LanguageSelect languages={['en']} />);
    expect(screen.queryByRole('combobox', { name: 'Language' })).toBeNull();
  });
});
