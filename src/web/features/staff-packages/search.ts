/** The staff package list's URL: plain code, no zod (validateSearch runs in the router, in the entry bundle). */
import {
  PAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZES,
  type PackageStatusCode,
  packageStatusCodes,
  type StaffPackageSort,
  staffPackageSorts,
} from '../../../contract/constants';
import { searchInt, searchOneOf, searchText } from '../../lib/search-params';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface StaffPackageSearch {
  q: string | undefined;
  status: PackageStatusCode | undefined;
  /** A shipment id, or `none`. */
  shipment: string | undefined;
  from: string | undefined;
  to: string | undefined;
  unassigned: 1 | undefined;
  prealert: 'yes' | 'no' | undefined;
  hold: 1 | undefined;
  sort: StaffPackageSort;
  page: number;
  pageSize: number;
}
export type StaffPackageSearchInput = Partial<Record<keyof StaffPackageSearch, unknown>>;

export const STAFF_PACKAGE_DEFAULTS = { sort: 'newest', page: 1, pageSize: PAGE_SIZE_DEFAULT } as const;

const flag = (v: unknown): 1 | undefined =>
  v === 1 || v === '1' || v === true || v === 'true' ? 1 : undefined;
const day = (v: unknown) => (typeof v === 'string' && DAY.test(v) ? v : undefined);

export function parseStaffPackageSearch(raw: StaffPackageSearchInput): StaffPackageSearch {
  const shipment =
    typeof raw.shipment === 'string' && (raw.shipment === 'none' || UUID.test(raw.shipment))
      ? raw.shipment
      : undefined;
  return {
    q: searchText(raw.q),
    status: searchOneOf(packageStatusCodes, raw.status),
    shipment,
    from: day(raw.from),
    to: day(raw.to),
    unassigned: flag(raw.unassigned),
    prealert: searchOneOf(['yes', 'no'] as const, raw.prealert),
    hold: flag(raw.hold),
    sort: searchOneOf(staffPackageSorts, raw.sort) ?? STAFF_PACKAGE_DEFAULTS.sort,
    page: searchInt(raw.page, 1, PAGE_MAX) ?? STAFF_PACKAGE_DEFAULTS.page,
    pageSize: (PAGE_SIZES as readonly number[]).includes(searchInt(raw.pageSize, 1, 100) ?? 0)
      ? (searchInt(raw.pageSize, 1, 100) as number)
      : STAFF_PACKAGE_DEFAULTS.pageSize,
  };
}

/** The search's filters (page, size and order are not). */
export const FILTER_KEYS = [
  'q',
  'status',
  'shipment',
  'from',
  'to',
  'unassigned',
  'prealert',
  'hold',
] as const;

/** Only what differs from the defaults goes in the URL. */
export function toStaffPackageUrl(s: Partial<StaffPackageSearch>): Partial<StaffPackageSearch> {
  const out: Partial<StaffPackageSearch> = {};
  for (const key of FILTER_KEYS) {
    if (s[key] !== undefined) Object.assign(out, { [key]: s[key] });
  }
  if (s.sort && s.sort !== STAFF_PACKAGE_DEFAULTS.sort) out.sort = s.sort;
  if (s.page && s.page !== 1) out.page = s.page;
  if (s.pageSize && s.pageSize !== STAFF_PACKAGE_DEFAULTS.pageSize) out.pageSize = s.pageSize;
  return out;
}

/** The API's query for a search (flags as the API spells them). */
export function toApiQuery(s: StaffPackageSearch) {
  return {
    q: s.q,
    status: s.status,
    shipment: s.shipment,
    from: s.from,
    to: s.to,
    unassigned: s.unassigned ? ('1' as const) : undefined,
    prealert: s.prealert,
    hold: s.hold ? ('1' as const) : undefined,
    sort: s.sort,
    page: s.page,
    pageSize: s.pageSize,
  };
}
