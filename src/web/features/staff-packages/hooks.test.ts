import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffPackageDetail } from '../../../contract/staff-packages';
import { renderHookWithClient } from '../../test/hooks';
import { useAssignPackage, useBulkUpdate, useLinkPrealert } from './hooks';

const pkg = { id: 'p1', tracking_number: '1Z999' } as StaffPackageDetail;

vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  assignPackage: vi.fn(async () => pkg),
  linkPrealert: vi.fn(async () => pkg),
  bulkUpdate: vi.fn(async () => ({ updated: 2, notified: 1 })),
}));

beforeEach(() => vi.clearAllMocks());

describe('staff package changes refresh what shows them', () => {
  it('assigning shows the answer at once and refreshes the lists, "Today", the counter and the history', async () => {
    const hook = renderHookWithClient(() => useAssignPackage('p1'));
    await act(() => hook.result.current.mutateAsync('c1'));
    expect(hook.client.getQueryData(['staff-packages', 'detail', 'p1'])).toBe(pkg);
    expect(hook.roots()).toEqual(
      expect.arrayContaining(['admin-dashboard', 'counter', 'packages', 'staff-packages', 'intake']),
    );
    expect(hook.audits()).toEqual(['audit:package:p1']);
  });

  it('linking a pre-alert refreshes the pre-alert lists and the matching queues too', async () => {
    const hook = renderHookWithClient(() => useLinkPrealert('p1'));
    await act(() => hook.result.current.mutateAsync('1Z999'));
    expect(hook.roots()).toEqual(expect.arrayContaining(['prealerts', 'matching', 'staff-packages']));
  });

  it('a bulk change refreshes every package it touched, and the shipments when it moves them', async () => {
    const hook = renderHookWithClient(() => useBulkUpdate());
    await act(() =>
      hook.result.current.mutateAsync({ action: 'shipment', ids: ['a', 'b'], shipment_id: 's1' }),
    );
    expect(hook.roots()).toEqual(expect.arrayContaining(['shipments', 'staff-packages', 'admin-dashboard']));
    expect(hook.audits()).toEqual(['audit:package:a', 'audit:package:b']);
  });
});
