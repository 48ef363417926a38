import { mine, no, type Op, ok, pdfForm, STATUS_BY_CALLER, staffOnly, victimRow } from './expectations';
import { uniq } from './fixture-types';

/** Rows of the access matrix: Packages, pre-alerts, receipts and stored files. */
export const PACKAGE_OPS: Record<string, Op> = {
  'GET /v1/packages': {
    rule: 'verified: the caller’s packages (staff: the company’s); a search for the victim’s tracking number',
    req: (f) => ({ url: `/v1/packages?q=${encodeURIComponent(f.packageTracking)}` }),
    expect: mine(true),
    shows: (f) => f.packageId,
  },
  'GET /v1/packages/counts': {
    rule: 'verified: counts of the caller’s packages (staff: the company’s)',
    req: () => ({ url: '/v1/packages/counts' }),
    expect: mine(true),
    // The neighbour has no packages: any count they get is someone else's.
    check: (res, _f, c) =>
      c === 'neighbour' &&
      res.statusCode === 200 &&
      (res.json() as { data: { total: number } }).data.total !== 0
        ? `the neighbour counts packages they do not have: ${res.body}`
        : undefined,
  },
  'GET /v1/packages/{id}': {
    rule: 'verified: the owner, or staff of the company',
    req: (f) => ({ url: `/v1/packages/${f.packageId}` }),
    expect: victimRow(true),
    shows: (f) => f.fileId,
  },
  'POST /v1/admin/packages/{id}/status': {
    rule: 'staff (verified) of the package’s company',
    req: (f, c) => ({
      url: `/v1/admin/packages/${f.statusPackageId}/status`,
      payload: { status: STATUS_BY_CALLER[c] ?? 'on_hold', note: 'matrix', hold_reason: 'missing_invoice' },
    }),
    expect: staffOnly(),
  },
  'POST /v1/peralert': {
    rule: 'verified: for oneself only; a form naming the victim: 403',
    req: (f, c) => ({
      url: '/v1/peralert',
      form: pdfForm({
        tracking_number: `MTX${uniq()}`,
        seller_name: 'Amazon',
        description: 'Matrix probe',
        weight: '1.5',
        value: '20',
        package_type: 'parcel',
        ...(c === 'owner' ? {} : { user_id: f.victim.id }),
      }),
    }),
    expect: victimRow(false, {
      owner: ok(201),
      neighbour: no(403),
      staff: no(403),
      admin: no(403),
      platform: no(403),
      blue: no(403),
      blueStaff: no(403),
    }),
  },
  'GET /v1/peralert': {
    rule: 'verified: the caller’s own pre-alerts (staff too)',
    req: () => ({ url: '/v1/peralert?pageSize=100' }),
    expect: mine(false),
    shows: (f) => f.pendingPrealertId,
  },
  'POST /v1/peralert/{id}/cancel': {
    rule: 'verified: the owner only',
    req: (f) => ({ url: `/v1/peralert/${f.pendingPrealertId}/cancel` }),
    expect: victimRow(false),
  },
  'POST /v1/packagereceipts': {
    rule: 'verified: the package’s owner, or staff of its company',
    // The owner's own earlier upload, byte for byte, with the owner's Idempotency-Key: nobody else may get its
    // stored reply (the key is per user), and the package is not theirs to add to.
    req: (f) => ({
      url: '/v1/packagereceipts',
      form: f.receiptProbe.form,
      headers: { 'idempotency-key': f.receiptProbe.key },
    }),
    expect: victimRow(true, { owner: ok(201), staff: ok(201), admin: ok(201), platform: ok(201) }),
  },
  'DELETE /v1/packagereceipts/{id}': {
    rule: 'verified: the package’s owner, or staff of its company',
    req: (f, c) => ({ url: `/v1/packagereceipts/${f.receiptFor[c] ?? f.receiptId}` }),
    expect: victimRow(true),
  },
  'GET /v1/files/{id}': {
    rule: 'verified: the file’s owner (or the owner of the package / pre-alert it is on), or staff of its company',
    req: (f) => ({ url: `/v1/files/${f.fileId}` }),
    expect: victimRow(true),
    shows: (f) => f.fileMarker,
  },
};
