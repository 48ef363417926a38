import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderHookWithClient } from '../../test/hooks';
import { useCancelPrealert, useMatchPrealert } from './hooks';

vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  matchPrealert: vi.fn(async () => ({ prealert_id: 'pa1', status: 'matched' })),
  cancelPrealert: vi.fn(async () => ({ prealert_id: 'pa1', status: 'cancelled' })),
}));

describe('matching refreshes what shows the pre-alert and the package', () => {
  it('a match refreshes both queues, the package lists, "Today" and both histories', async () => {
    const hook = renderHookWithClient(() => useMatchPrealert());
    await act(() => hook.result.current.mutateAsync({ prealertId: 'pa1', packageId: 'p1' }));
    expect(hook.roots()).toEqual(
      expect.arrayContaining(['matching', 'prealerts', 'staff-packages', 'packages', 'admin-dashboard']),
    );
    expect(hook.audits()).toEqual(['audit:package:p1', 'audit:prealert:pa1']);
  });

  it('a cancellation refreshes the pre-alert lists and its history, not the counter', async () => {
    const hook = renderHookWithClient(() => useCancelPrealert());
    await act(() => hook.result.current.mutateAsync({ prealertId: 'pa1', reason: 'Sent twice' }));
    expect(hook.roots()).toEqual(expect.arrayContaining(['matching', 'prealerts', 'admin-dashboard']));
    expect(hook.roots()).not.toContain('counter');
    expect(hook.audits()).toEqual(['audit:prealert:pa1']);
  });
});
