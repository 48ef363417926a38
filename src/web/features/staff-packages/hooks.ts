import { useQueryClient } from '@tanstack/react-query';
import type { BulkBody, StaffPackageDetail, StaffPackageUpdate } from '../../../contract/staff-packages';
import { useChange } from '../../lib/use-change';
import {
  addStatusEvent,
  assignPackage,
  bulkUpdate,
  linkPrealert,
  type StatusBody,
  staffPackageKeys,
  unlinkPrealert,
  updatePackage,
} from './api';

/**
 * A change to one package: its page shows the server's answer at once; every list and figure that shows packages
 * refreshes, and its history. Linking a pre-alert changes the pre-alert too.
 */
function usePackageChange<TVars>(
  id: string,
  mutationFn: (vars: TVars) => Promise<StaffPackageDetail>,
  prealertToo = false,
) {
  const client = useQueryClient();
  return useChange({
    mutationFn,
    changes: prealertToo ? ['package', 'prealert'] : ['package'],
    audit: () => [['package', id]],
    onSuccess: (pkg) => client.setQueryData(staffPackageKeys.detail(id), pkg),
  });
}

export const useUpdatePackage = (id: string) =>
  usePackageChange(id, (body: StaffPackageUpdate) => updatePackage(id, body));

export const useAssignPackage = (id: string) =>
  usePackageChange(id, (customerId: string) => assignPackage(id, customerId));

export const useLinkPrealert = (id: string) =>
  usePackageChange(id, (tracking: string) => linkPrealert(id, tracking), true);

export const useUnlinkPrealert = (id: string) => usePackageChange(id, () => unlinkPrealert(id), true);

export const useAddStatusEvent = (id: string) =>
  usePackageChange(id, (body: StatusBody) => addStatusEvent(id, body));

/** One call for the whole selection: a status, a shipment or an owner. */
export const useBulkUpdate = () =>
  useChange({
    mutationFn: (body: BulkBody) => bulkUpdate(body),
    changes: (_r, body) => (body.action === 'shipment' ? ['package', 'shipment'] : ['package']),
    audit: (_r, body) => body.ids.map((id) => ['package', id] as const),
  });
