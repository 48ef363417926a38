import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderHookWithClient } from '../../test/hooks';
import { releaseParcels } from './api';
import { useReleaseParcels } from './hooks';

vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  releaseParcels: vi.fn(async () => ({ released: [] })),
}));

describe('a release at the counter', () => {
  it('sends its idempotency key, and refreshes the counter, "Today", the lists and each parcel’s history', async () => {
    const hook = renderHookWithClient(() => useReleaseParcels());
    const body = {
      package_ids: ['p1', 'p2'],
      authorized_person_id: null,
      identification_id: 1,
      id_number: 'A1',
    };
    await act(() => hook.result.current.mutateAsync({ body, key: 'k-1' }));
    expect(releaseParcels).toHaveBeenCalledWith(body, 'k-1');
    expect(hook.roots()).toEqual(
      expect.arrayContaining(['counter', 'admin-dashboard', 'staff-packages', 'packages', 'customers']),
    );
    expect(hook.audits()).toEqual(['audit:package:p1', 'audit:package:p2']);
  });
});
