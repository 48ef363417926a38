import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, currentLocale } from '../lib/i18n/catalogs';
import { render, screen } from '../test/render';
import { LanguageMenu } from './LanguageMenu';

vi.mock('../lib/api', async (original) => ({
  ...(await original<typeof import('../lib/api')>()),
  api: { call: vi.fn() },
}));

describe('LanguageMenu', () => {
  afterEach(async () => {
    await activateLocale('en');
    // biome-ignore lint/suspicious/noDocumentCookie: forgets the choice the test made, as the app writes it
    document.cookie = 'locale=; max-age=0; path=/';
  });

  it('lists the offered languages in their own words, marks the current one, and switches on a click', async () => {
    render(<LanguageMenu languages={['en', 'es', 'ar']} />);
    await userEvent.click(screen.getByRole('button', { name: /^Language/ }));
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['English', 'Español', 'العربية']);
    expect(items.map((i) => i.getAttribute('lang'))).toEqual(['en', 'es', 'ar']);
    expect(screen.getByRole('menuitem', { name: 'English' }).getAttribute('aria-current')).toBe('true');
    expect(screen.queryByRole('menuitem', { name: 'Français' })).toBeNull();

    await userEvent.click(screen.getByRole('menuitem', { name: 'Español' }));
    await vi.waitFor(() => expect(currentLocale()).toBe('es'));
    expect(document.cookie).toContain('locale=es');
  });

  it('is not shown when the company offers one language', () => {
    render(<LanguageMenu languages={['en']} />);
    expect(screen.queryByRole('button', { name: /^Language/ })).toBeNull();
  });
});
