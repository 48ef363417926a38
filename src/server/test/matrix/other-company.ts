import {
  invoiceNaming,
  no,
  type Op,
  ok,
  otherCompanyRow,
  otherCompanyStaffOp,
  own,
  pdfForm,
} from './expectations';
import { uniq } from './fixture-types';

/** Rows of the access matrix: Mirror probes: the other company's rows, named on this host (keys "METHOD path #probe"). */
export const OTHER_COMPANY_OPS: Record<string, Op> = {
  'GET /v1/companies/{id} #other-company': {
    rule: 'the other company by id: only the superadmin here; its own users there',
    req: (f) => ({ url: `/v1/companies/${f.blueCompanyId}` }),
    expect: otherCompanyRow({ unverified: no(404), platform: ok() }),
    allCompanies: true,
  },
  'GET /v1/users/{id} #other-company': {
    rule: 'a user of the other company: not found here, staff included',
    req: (f) => ({ url: `/v1/users/${f.other.customerId}` }),
    expect: otherCompanyRow({ unverified: no(404) }),
  },
  'POST /api/v1/emailtemplates/send-verification-email/{id} #other-company': {
    rule: 'a user of the other company: not found here, staff included',
    req: (f) => ({ url: `/api/v1/emailtemplates/send-verification-email/${f.other.customerId}` }),
    expect: otherCompanyRow({ unverified: no(404) }),
  },
  'GET /v1/packages/{id} #other-company': {
    rule: 'a package of the other company: not found here, staff included',
    req: (f) => ({ url: `/v1/packages/${f.other.packageId}` }),
    expect: otherCompanyRow(),
  },
  'GET /v1/files/{id} #other-company': {
    rule: 'a file of the other company: not found here, staff included',
    req: (f) => ({ url: `/v1/files/${f.other.fileId}` }),
    expect: otherCompanyRow(),
  },
  'POST /v1/packagereceipts #other-company': {
    rule: 'a receipt on the other company’s package: not found here, staff included',
    req: (f) => ({ url: '/v1/packagereceipts', form: pdfForm({ package_id: f.other.packageId }) }),
    expect: otherCompanyRow({ blue: own(201), blueStaff: own(201) }),
  },
  'DELETE /v1/packagereceipts/{id} #other-company': {
    rule: 'a receipt of the other company: not found here, staff included',
    req: (f) => ({ url: `/v1/packagereceipts/${f.other.receiptId}` }),
    // On its own host the owner and its staff may delete it: whoever comes second finds it gone.
    expect: otherCompanyRow({ blue: own(200, 404), blueStaff: own(200, 404) }),
  },
  'POST /v1/admin/packages/{id}/status #other-company': {
    rule: 'staff: a package of the other company is not found',
    req: (f) => ({
      url: `/v1/admin/packages/${f.other.packageId}/status`,
      payload: { status: 'on_hold', hold_reason: 'other', hold_note: 'matrix' },
    }),
    expect: otherCompanyStaffOp(),
  },
  'POST /v1/admin/packages/receive #other-company': {
    rule: 'staff: a mailbox number of the other company is no customer here: the parcel is received Unassigned',
    req: (f) => ({
      url: '/v1/admin/packages/receive',
      form: {
        fields: {
          tracking_number: `MTX${uniq()}`.toUpperCase(),
          mailbox_number: f.other.mailbox,
          weight: '1',
        },
        files: [],
      },
    }),
    expect: otherCompanyStaffOp({
      staff: own(201),
      admin: own(201),
      platform: own(201),
      blueStaff: own(201),
    }),
    // On this host the other company's mailbox must not find its customer: the parcel stays Unassigned.
    check: (res, _f, c) =>
      c !== 'blueStaff' &&
      res.statusCode === 201 &&
      (res.json() as { data: { owner: unknown } }).data.owner !== null
        ? `a parcel went to a customer of the other company: ${res.body}`
        : undefined,
  },
  'GET /v1/invoices/{id} #other-company': {
    rule: 'an invoice of the other company: not found here, staff included',
    req: (f) => ({ url: `/v1/invoices/${f.other.invoiceId}` }),
    expect: otherCompanyRow(),
  },
  'GET /v1/invoices/{id}/pdf #other-company': {
    rule: 'an invoice of the other company: not found here, staff included',
    req: (f) => ({ url: `/v1/invoices/${f.other.invoiceId}/pdf` }),
    expect: otherCompanyRow(),
  },
  'PUT /v1/invoices/{id} #other-company': {
    rule: 'staff: an invoice of the other company is not found',
    req: (f) => ({
      url: `/v1/invoices/${f.other.invoiceId}`,
      payload: { notes: 'Matrix mirror', revision_note: 'Matrix revision' },
    }),
    expect: otherCompanyStaffOp(),
  },
  'POST /v1/invoices/{id}/send #other-company': {
    rule: 'staff: an invoice of the other company is not found',
    req: (f) => ({ url: `/v1/invoices/${f.other.invoiceId}/send` }),
    expect: otherCompanyStaffOp(),
  },
  'POST /v1/invoices #other-company': {
    rule: 'staff: a customer (and a package) of the other company in the body: 400',
    req: (f) => invoiceNaming(f.other.customerId, f.other.packageId),
    expect: otherCompanyStaffOp({ staff: no(400), admin: no(400), platform: no(400), blueStaff: own(201) }),
  },
  'POST /v1/invoices #other-package': {
    rule: 'staff: the victim’s invoice with a line naming the other company’s package: 400',
    req: (f) => invoiceNaming(f.victim.id, f.other.packageId),
    expect: otherCompanyStaffOp({ staff: no(400), admin: no(400), platform: no(400), blueStaff: no(400) }),
  },
  'POST /v1/admin/points/adjust #other-company': {
    rule: 'staff: a customer of the other company in the body: 400',
    req: (f) => ({
      url: '/v1/admin/points/adjust',
      payload: { user_id: f.other.customerId, points: 1, reason: 'Matrix mirror' },
    }),
    expect: otherCompanyStaffOp({ staff: no(400), admin: no(400), platform: no(400), blueStaff: own(201) }),
  },
  'PUT /v1/purchaserequests/{id}/quote #other-company': {
    rule: 'staff: a request of the other company is not found',
    req: (f) => ({
      url: `/v1/purchaserequests/${f.other.purchaseRequestId}/quote`,
      payload: { quoted_total_cents: 5000 },
    }),
    expect: otherCompanyStaffOp(),
  },
  'POST /v1/menuitems #other-company': {
    rule: 'admin: a menu of the other company in the body: 400',
    req: (f) => ({
      url: '/v1/menuitems',
      payload: {
        menu_id: Number(f.other.menuId),
        title: 'Matrix mirror',
        route: `/user/fees?mirror=${uniq()}`,
      },
    }),
    expect: otherCompanyStaffOp({
      staff: no(403),
      admin: no(400),
      platform: no(400),
      blueStaff: own(201),
    }),
  },
  'PUT /v1/menuitems/{id} #other-menu': {
    rule: 'admin: moving this company’s item into the other company’s menu: 400',
    req: (f) => ({ url: `/v1/menuitems/${f.menuItemId}`, payload: { menu_id: Number(f.other.menuId) } }),
    expect: otherCompanyStaffOp({ staff: no(403), admin: no(400), platform: no(400), blueStaff: no(404) }),
  },
  'PUT /v1/menus/{id}/order #other-company': {
    rule: 'admin: the other company’s menu is not found (its item ids named in the body change nothing)',
    req: (f) => ({
      url: `/v1/menus/${f.other.menuId}/order`,
      payload: { items: [{ id: Number(f.other.menuItemId), parent_id: null }] },
    }),
    expect: otherCompanyStaffOp({ staff: no(403), blueStaff: no(400) }),
  },
  'PUT /v1/menus/{id}/order #other-items': {
    rule: 'admin: this company’s admin menu with an item of the other company slipped in: 400, nothing moves',
    req: (f) => ({
      url: `/v1/menus/${f.adminMenu.id}/order`,
      payload: { items: [...f.adminMenu.items, { id: Number(f.other.menuItemId), parent_id: null }] },
    }),
    expect: otherCompanyStaffOp({ staff: no(403), admin: no(400), platform: no(400), blueStaff: no(404) }),
  },
  'DELETE /v1/menuitems/{id} #other-company': {
    rule: 'admin: an item of the other company is not found',
    req: (f) => ({ url: `/v1/menuitems/${f.other.menuItemId}` }),
    expect: otherCompanyStaffOp({ staff: no(403) }),
  },
};
