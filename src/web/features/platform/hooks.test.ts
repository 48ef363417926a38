import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { platformCalls } from '../../../contract/platform.calls';
import { api } from '../../lib/api';
import { renderHookWithClient } from '../../test/hooks';
import { platformKeys } from './api';
import { useInviteAdmin, useUpdateCompany } from './hooks';

describe('the platform console’s changes', () => {
  it('switching a company off shows the server’s answer on its page at once and refreshes the lists', async () => {
    const answer = { id: 'c1', status: 'inactive' };
    const call = vi.spyOn(api, 'call').mockResolvedValue(answer);
    const hook = renderHookWithClient(() => useUpdateCompany('c1'));
    await act(() => hook.result.current.mutateAsync({ status: 'inactive' }));
    expect(call).toHaveBeenCalledWith(platformCalls.update, {
      params: { id: 'c1' },
      body: { status: 'inactive' },
    });
    expect(hook.client.getQueryData(platformKeys.one('c1'))).toEqual(answer);
    expect(hook.roots()).toEqual(['platform']);
    call.mockRestore();
  });

  it('invites the admin through the platform’s own call, naming the company', async () => {
    const call = vi.spyOn(api, 'call').mockResolvedValue({ email: 'owner@coral.test' });
    const hook = renderHookWithClient(() => useInviteAdmin('c1'));
    await act(() => hook.result.current.mutateAsync('owner@coral.test'));
    expect(call).toHaveBeenCalledWith(platformCalls.invite, {
      params: { id: 'c1' },
      body: { email: 'owner@coral.test' },
    });
    call.mockRestore();
  });
});
