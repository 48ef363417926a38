import { no, type Op, ok, own, staffOnly } from './expectations';
import { uniq } from './fixture-types';

const csv = (mailbox: string) =>
  `Tracking Number,Mailbox,Weight (lb),Description\nMTX${uniq()}CSV,${mailbox},1.5,Matrix probe\n`;

/** Rows of the access matrix: warehouse intake (receipts, the clerk's lookups and recent list, undo, CSV import). */
export const INTAKE_OPS: Record<string, Op> = {
  'POST /v1/admin/packages/receive': {
    rule: 'staff (verified): receives a parcel for a mailbox of the company; the other company’s staff receive it as Unassigned there',
    req: (f) => ({
      url: '/v1/admin/packages/receive',
      form: {
        fields: {
          tracking_number: `MTX${uniq()}`.toUpperCase(),
          mailbox_number: f.victim.mailbox,
          weight: '1.5',
        },
        files: [],
      },
    }),
    expect: staffOnly({ staff: ok(201), admin: ok(201), platform: ok(201), blueStaff: own(201) }),
    shows: (f) => f.victim.mailbox,
  },
  'GET /v1/admin/intake/lookup': {
    rule: 'staff (verified): the customer of a mailbox and the package of a tracking number, of their company only',
    req: (f) => ({
      url: `/v1/admin/intake/lookup?tracking_number=${encodeURIComponent(f.packageTracking)}&mailbox_number=${encodeURIComponent(f.victim.mailbox)}`,
    }),
    expect: staffOnly({ blueStaff: own() }),
    shows: (f) => f.victim.id,
  },
  'GET /v1/admin/intake/recent': {
    rule: 'staff (verified): their own receipts today and the company’s count',
    req: () => ({ url: '/v1/admin/intake/recent' }),
    expect: staffOnly({ blueStaff: own() }),
  },
  'POST /v1/admin/packages/{id}/undo-receive': {
    rule: 'staff (verified) of the company, for a receipt made at intake in the last minutes: a seeded package is refused (409)',
    req: (f) => ({ url: `/v1/admin/packages/${f.statusPackageId}/undo-receive` }),
    expect: staffOnly({ staff: no(409), admin: no(409), platform: no(409) }),
  },
  'POST /v1/admin/intake/import/preview': {
    rule: 'staff (verified): previews a CSV against their company’s customers',
    req: (f) => ({ url: '/v1/admin/intake/import/preview', payload: { csv: csv(f.victim.mailbox) } }),
    expect: staffOnly({ blueStaff: own() }),
    shows: (f) => f.victim.id,
  },
  'POST /v1/admin/intake/import/confirm': {
    rule: 'staff (verified): imports rows for their company’s customers (the other company’s: Unassigned there)',
    req: (f) => ({
      url: '/v1/admin/intake/import/confirm',
      payload: { csv: csv(f.victim.mailbox), rows: [1] },
    }),
    expect: staffOnly({ staff: ok(201), admin: ok(201), platform: ok(201), blueStaff: own(201) }),
  },
};
