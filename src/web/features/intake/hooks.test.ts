import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Received } from '../../../contract/intake';
import { renderHookWithClient } from '../../test/hooks';
import { sendOrQueueReceipt } from './api';
import { useConfirmImport, useReceiveParcel, useUndoReceipt } from './hooks';

vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  sendOrQueueReceipt: vi.fn(),
  undoReceipt: vi.fn(async () => ({ id: 'p1', prealert_id: null })),
  confirmImport: vi.fn(async () => ({ imported: 5, package_ids: [], skipped: [] })),
}));

const received = (prealert: string | null) =>
  ({
    id: 'p1',
    tracking_number: '1Z999',
    owner: null,
    matched: { customer: null, prealert_id: prealert },
  }) as unknown as Received;

beforeEach(() => vi.clearAllMocks());

describe('intake refreshes every screen that shows a parcel', () => {
  it('a parcel received refreshes "Today" on /admin at once, not a minute later', async () => {
    vi.mocked(sendOrQueueReceipt).mockResolvedValue(received(null));
    const hook = renderHookWithClient(() => useReceiveParcel());
    hook.client.setQueryData(['admin-dashboard', '2026-11-26T05:00:00.000Z'], { received_today: 0 });
    hook.client.setQueryData(['intake', 'lookup', { tracking_number: '1Z999' }], { existing: null });
    await act(() => hook.result.current.mutateAsync({ fields: { tracking_number: '1Z999' }, photo: null }));
    expect(hook.client.getQueryState(['admin-dashboard', '2026-11-26T05:00:00.000Z'])?.isInvalidated).toBe(
      true,
    );
    expect(hook.roots()).toEqual(
      expect.arrayContaining(['admin-dashboard', 'intake', 'staff-packages', 'counter', 'packages']),
    );
    // The lookup said "no package yet": no longer true.
    expect(hook.client.getQueryData(['intake', 'lookup', { tracking_number: '1Z999' }])).toBeUndefined();
    expect(hook.audits()).toEqual(['audit:package:p1']);
  });

  it('a parcel that matched a pre-alert refreshes the pre-alert lists and the matching queues', async () => {
    vi.mocked(sendOrQueueReceipt).mockResolvedValue(received('pa1'));
    const hook = renderHookWithClient(() => useReceiveParcel());
    await act(() => hook.result.current.mutateAsync({ fields: {}, photo: null }));
    expect(hook.roots()).toEqual(expect.arrayContaining(['prealerts', 'matching']));
  });

  it('undo and import refresh the same screens as a receipt', async () => {
    const undo = renderHookWithClient(() => useUndoReceipt());
    await act(() => undo.result.current.mutateAsync('p1'));
    const imported = renderHookWithClient(() => useConfirmImport());
    await act(() => imported.result.current.mutateAsync({ csv: 'x', rows: [1] }));
    for (const hook of [undo, imported]) {
      expect(hook.roots()).toEqual(expect.arrayContaining(['admin-dashboard', 'intake', 'matching']));
    }
  });
});
