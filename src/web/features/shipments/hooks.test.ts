import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShipmentDetail } from '../../../contract/shipments';
import { renderHookWithClient } from '../../test/hooks';
import { useAdvanceShipment, useCreateShipment, useUpdateShipment } from './hooks';

const shipment = { id: 's1', reference: 'MAWB-1', packages: [] } as unknown as ShipmentDetail;

vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  createShipment: vi.fn(async () => shipment),
  updateShipment: vi.fn(async () => shipment),
  advanceShipment: vi.fn(async () => ({ shipment, moved: 5, notified: 3 })),
}));

beforeEach(() => vi.clearAllMocks());

describe('shipment changes refresh what shows them', () => {
  it('a new shipment refreshes the shipment lists and pickers only', async () => {
    const hook = renderHookWithClient(() => useCreateShipment());
    await act(() =>
      hook.result.current.mutateAsync({ reference: 'MAWB-1', mode: 'air', departs_on: null, note: '' }),
    );
    expect(hook.roots()).toEqual(['shipments', 'staff-packages']);
  });

  it('an edit shows the saved shipment at once and refreshes its history', async () => {
    const hook = renderHookWithClient(() => useUpdateShipment('s1'));
    await act(() =>
      hook.result.current.mutateAsync({ reference: 'MAWB-1', mode: 'sea', departs_on: null, note: '' }),
    );
    expect(hook.client.getQueryData(['shipments', 'detail', 's1'])).toBe(shipment);
    expect(hook.audits()).toEqual(['audit:shipment:s1']);
  });

  it('advancing moves its packages on: every screen showing packages refreshes, "Today" and the counter too', async () => {
    const hook = renderHookWithClient(() => useAdvanceShipment('s1'));
    await act(() => hook.result.current.mutateAsync('ready_for_pickup'));
    expect(hook.roots()).toEqual(
      expect.arrayContaining(['admin-dashboard', 'counter', 'packages', 'shipments', 'staff-packages']),
    );
  });
});
