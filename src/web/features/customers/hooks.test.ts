import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { customerCalls } from '../../../contract/customers.calls';
import { api } from '../../lib/api';
import { renderHookWithClient } from '../../test/hooks';
import { useAccountAction } from './hooks';

describe('an account action on a customer’s record', () => {
  it('says when a resend found the email verified already, and refreshes the record, pickers and history', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue({ result: 'verified' });
    const hook = renderHookWithClient(() => useAccountAction('u1'));
    const r = await act(() => hook.result.current.mutateAsync('resendVerification'));
    expect(r.alreadyVerified).toBe(true);
    expect(call).toHaveBeenCalledWith(customerCalls.resendVerification, { params: { id: 'u1' } });
    expect(hook.roots()).toEqual(expect.arrayContaining(['customers', 'staff-packages', 'counter']));
    expect(hook.audits()).toEqual(['audit:user:u1']);
    call.mockRestore();
  });

  it('changes a role through its own call', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue({});
    const hook = renderHookWithClient(() => useAccountAction('u1'));
    const r = await act(() => hook.result.current.mutateAsync({ role: 'staff' }));
    expect(r.alreadyVerified).toBe(false);
    expect(call).toHaveBeenCalledWith(customerCalls.role, { params: { id: 'u1' }, body: { role: 'staff' } });
    call.mockRestore();
  });
});
