import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '../../test/render';
import { LanguageSetting } from './LanguageSetting';

const changeLanguage = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../../lib/i18n/change', () => ({ changeLanguage }));

describe('the profile language select', () => {
  it('lists the languages the company offers, each in its own words, and switches to the one picked', async () => {
    render(<LanguageSetting languages={['en', 'es', 'ar']} />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect((select as HTMLInputElement).value).toBe('English');
    await userEvent.click(select);
    expect(screen.getByRole('option', { name: 'Español' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Français' })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'العربية' }));
    expect(changeLanguage).toHaveBeenCalledWith('ar');
  });
});
