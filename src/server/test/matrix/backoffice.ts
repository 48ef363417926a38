import { type Op, own, staffOnly } from './expectations';

/** Rows of the access matrix: the back office's shared calls (the audit trail). */
export const BACKOFFICE_OPS: Record<string, Op> = {
  'GET /v1/admin/audit': {
    rule: 'staff (verified): the trail of a record of their company; another company’s staff get an empty trail',
    req: (f) => ({ url: `/v1/admin/audit?entity=package&id=${f.statusPackageId}` }),
    // The status call of the matrix writes an audit entry on this package: the allowed callers see it.
    expect: staffOnly({ blueStaff: own() }),
  },
  'GET /v1/admin/dashboard': {
    rule: 'staff (verified): today’s counts of their own company',
    req: () => ({ url: '/v1/admin/dashboard' }),
    expect: staffOnly({ blueStaff: own() }),
  },
};
