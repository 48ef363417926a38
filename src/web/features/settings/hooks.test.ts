import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CompanySettings } from '../../../contract/settings';
import { renderHookWithClient } from '../../test/hooks';
import { useSaveSettings } from './hooks';

describe('saving company settings', () => {
  it('shows the saved settings at once and refreshes the company, the fees and the history', async () => {
    const saved = { company_id: 'co1', time_zone: 'America/Jamaica' } as CompanySettings;
    const save = vi.fn(async () => saved);
    const hook = renderHookWithClient(() => useSaveSettings(save));
    await act(() => hook.result.current.mutateAsync({ time_zone: 'America/Jamaica' }));
    expect(save).toHaveBeenCalledWith({ time_zone: 'America/Jamaica' });
    expect(hook.client.getQueryData(['settings'])).toBe(saved);
    expect(hook.roots()).toEqual(['company', 'fees', 'settings']);
    expect(hook.audits()).toEqual(['audit:company:co1']);
  });
});
