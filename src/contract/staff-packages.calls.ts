import { BULK_MAX, PACKAGE_EXPORT_MAX } from './constants';
import { callsFor } from './endpoint';
import type { staffPackageSchemas } from './staff-packages';

/** The back office's packages: every package of the company, its edits, owner, pre-alert and bulk actions. */
export const staffPackageCalls = callsFor<typeof staffPackageSchemas>()({
  list: { method: 'GET', path: '/v1/admin/packages', access: 'staff', tags: ['staff', 'packages'] },
  exportCsv: {
    summary: 'Export packages as CSV',
    method: 'GET',
    path: '/v1/admin/packages/export.csv',
    access: 'staff',
    tags: ['staff', 'packages'],
    file: true,
    description: `The filtered list (same query as GET /v1/admin/packages, without paging) as CSV, at most ${PACKAGE_EXPORT_MAX.toLocaleString('en-US')} rows; a longer list ends with a line saying so.`,
  },
  one: { method: 'GET', path: '/v1/admin/packages/:id', access: 'staff', tags: ['staff', 'packages'] },
  update: {
    method: 'PUT',
    path: '/v1/admin/packages/:id',
    access: 'staff',
    tags: ['staff', 'packages'],
    description: 'Changes only the fields sent; the audit trail records each change as before → after.',
  },
  assign: {
    method: 'POST',
    path: '/v1/admin/packages/:id/assign',
    access: 'staff',
    tags: ['staff', 'packages'],
    description:
      'Gives the package to a customer of the company; an Unassigned parcel’s new owner is told it arrived.',
  },
  linkPrealert: {
    method: 'POST',
    path: '/v1/admin/packages/:id/prealert',
    access: 'staff',
    tags: ['staff', 'packages'],
  },
  unlinkPrealert: {
    method: 'DELETE',
    path: '/v1/admin/packages/:id/prealert',
    access: 'staff',
    tags: ['staff', 'packages'],
    description: 'The pre-alert goes back to pending.',
  },
  bulk: {
    method: 'POST',
    path: '/v1/admin/packages/bulk',
    access: 'staff',
    tags: ['staff', 'packages'],
    description: `Up to ${BULK_MAX} packages in one transaction: a status (each customer notified once), into a shipment, or to a customer.`,
  },
});
