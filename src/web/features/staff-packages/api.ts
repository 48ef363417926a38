import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { shipmentCalls } from '../../../contract/shipments.calls';
import { staffPackageCalls } from '../../../contract/staff-packages.calls';
import { userCalls } from '../../../contract/users.calls';
import { api } from '../../lib/api';
import { type StaffPackageSearch, toApiQuery } from './search';

export const staffPackageKeys = {
  all: ['staff-packages'] as const,
  list: (s: StaffPackageSearch) => ['staff-packages', 'list', s] as const,
  detail: (id: string) => ['staff-packages', 'detail', id] as const,
};

export const staffPackagesQueryOptions = (s: StaffPackageSearch) =>
  queryOptions({
    queryKey: staffPackageKeys.list(s),
    queryFn: () => api.call(staffPackageCalls.list, { query: toApiQuery(s) }),
    placeholderData: keepPreviousData,
  });

export const staffPackageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: staffPackageKeys.detail(id),
    queryFn: () => api.call(staffPackageCalls.one, { params: { id } }),
  });

/** Customers found by mailbox number, name or email (the staff side of GET /v1/users). */
export const customerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['staff-packages', 'customers', q],
    queryFn: () => api.call(userCalls.list, { query: { q, role: 'customer', pageSize: 10 } }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

/** The newest shipments, to pick one for "add to shipment". */
export const openShipmentsQueryOptions = () =>
  queryOptions({
    queryKey: ['shipments', 'list', 'picker'],
    queryFn: () => api.call(shipmentCalls.list, { query: { pageSize: 50 } }),
  });

/** Saves a Blob under a name (a CSV export, a manifest). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export async function exportPackagesCsv(s: StaffPackageSearch): Promise<void> {
  const { page: _page, pageSize: _size, ...filters } = toApiQuery(s);
  const blob = await api.call(staffPackageCalls.exportCsv, { query: filters });
  saveBlob(blob, `packages-${new Date().toISOString().slice(0, 10)}.csv`);
}
