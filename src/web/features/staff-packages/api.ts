import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import type { PackageStatusCode } from '../../../contract/constants';
import type { HoldReason } from '../../../contract/package-hold';
import { packageCalls } from '../../../contract/packages.calls';
import { shipmentCalls } from '../../../contract/shipments.calls';
import type {
  BulkBody,
  StaffPackagePage,
  StaffPackageRow,
  StaffPackageUpdate,
} from '../../../contract/staff-packages';
import { staffPackageCalls } from '../../../contract/staff-packages.calls';
import { userCalls } from '../../../contract/users.calls';
import { api } from '../../lib/api';
import { type Counted, countedPage, countParam, knownTotal } from '../../lib/api/counted-pages';
import { saveBlob } from '../../lib/download';
import { queryRoots } from '../../lib/query-keys';
import { FILTER_KEYS, type StaffPackageSearch, toApiQuery } from './search';

export const staffPackageKeys = {
  all: [queryRoots.staffPackages] as const,
  list: (s: StaffPackageSearch) => [queryRoots.staffPackages, 'list', s] as const,
  detail: (id: string) => [queryRoots.staffPackages, 'detail', id] as const,
};

/** A page with its total always known: counted by the server, or carried over from a page of the same filters. */
export type CountedStaffPage = Counted<StaffPackagePage>;

/**
 * The server counts the first page only (counting a search at a million parcels costs more than its page): a later
 * page reuses the first page's total, and asks for the count when opened first (a link to page 3).
 */
export async function fetchStaffPackages(
  s: StaffPackageSearch,
  client?: QueryClient,
): Promise<CountedStaffPage> {
  const known =
    s.page > 1
      ? knownTotal<StaffPackageSearch>(client, [queryRoots.staffPackages, 'list'], (cached) =>
          FILTER_KEYS.every((k) => cached[k] === s[k]),
        )
      : null;
  const query = toApiQuery(s);
  const page = await api.call(staffPackageCalls.list, {
    query: s.page > 1 ? { ...query, count: countParam(known) } : query,
  });
  return countedPage(page, known);
}

export const staffPackagesQueryOptions = (s: StaffPackageSearch) =>
  queryOptions({
    queryKey: staffPackageKeys.list(s),
    queryFn: ({ client }) => fetchStaffPackages(s, client),
    placeholderData: keepPreviousData,
  });

export const fetchStaffPackage = (id: string) => api.call(staffPackageCalls.one, { params: { id } });

export const staffPackageQueryOptions = (id: string) =>
  queryOptions({ queryKey: staffPackageKeys.detail(id), queryFn: () => fetchStaffPackage(id) });

/** Customers found by mailbox number, name or email (the staff side of GET /v1/users). */
export const customerSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [queryRoots.staffPackages, 'customers', q],
    queryFn: () => api.call(userCalls.list, { query: { q, role: 'customer', pageSize: 10 } }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

/** The newest shipments, to pick one for "add to shipment". */
export const openShipmentsQueryOptions = () =>
  queryOptions({
    queryKey: [queryRoots.shipments, 'list', 'picker'],
    queryFn: () => api.call(shipmentCalls.list, { query: { pageSize: 50 } }),
  });

/** The package with exactly this (normalised) tracking number, wherever it is in the list; null when none. */
export async function findByTracking(tracking: string): Promise<StaffPackageRow | null> {
  const res = await api.call(staffPackageCalls.list, { query: { q: tracking, pageSize: 10 } });
  return res.items.find((p) => p.tracking_number === tracking) ?? null;
}

export async function exportPackagesCsv(s: StaffPackageSearch): Promise<void> {
  const { page: _page, pageSize: _size, ...filters } = toApiQuery(s);
  const blob = await api.call(staffPackageCalls.exportCsv, { query: filters });
  saveBlob(blob, `packages-${new Date().toISOString().slice(0, 10)}.csv`);
}

export const updatePackage = (id: string, body: StaffPackageUpdate) =>
  api.call(staffPackageCalls.update, { params: { id }, body });

export const assignPackage = (id: string, customerId: string) =>
  api.call(staffPackageCalls.assign, { params: { id }, body: { customer_id: customerId } });

export const linkPrealert = (id: string, trackingNumber: string) =>
  api.call(staffPackageCalls.linkPrealert, { params: { id }, body: { tracking_number: trackingNumber } });

export const unlinkPrealert = (id: string) => api.call(staffPackageCalls.unlinkPrealert, { params: { id } });

/** A status event on the package; the reply is the event only, so the package is read again after it. */
/** A status change; On hold carries its reason (contract/package-hold.ts). */
export type StatusBody = {
  status: PackageStatusCode;
  note: string;
  hold_reason?: HoldReason;
  hold_note?: string;
};

export async function addStatusEvent(id: string, body: StatusBody) {
  await api.call(packageCalls.changeStatus, { params: { id }, body });
  return fetchStaffPackage(id);
}

export const bulkUpdate = (body: BulkBody) => api.call(staffPackageCalls.bulk, { body });
