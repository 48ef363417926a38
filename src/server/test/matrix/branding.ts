import { brandIconPng } from '../../pwa/brand-icons';
import { DEMO_COMPANIES } from '../../seeds/seed';
import { adminOnly, no, type Op, ok, onHost, own } from './expectations';
import type { CallerKey } from './fixture-types';

/** Rows of the access matrix: Branding (admins of the company; the other company's admin on its host: its own). */

const blue = DEMO_COMPANIES.find((c) => c.slug === 'blue-parcel');
if (!blue) throw new Error('the seed has no Blue Parcel');

/**
 * The brand a caller saves. On this host: the demo company's, the caller in the phone (a change the victim's admin
 * may make). On the other company's host: Blue Parcel's as seeded, unchanged, so its admin's allowed call changes
 * nothing the refused-calls check reads (the superadmin's list of companies shows Blue Parcel too).
 */
const brandFor = (c: CallerKey) =>
  onHost(c)
    ? {
        name: 'Island Express',
        short_name: 'Island',
        primary_color: '#6d28d9',
        support_email: 'help@islandexpress.test',
        support_phone: `876-555-${String(c.length).padStart(4, '0')}`,
        website: 'https://islandexpress.test',
        warehouse_address: {
          line1: 'Matrix Warehouse 1',
          line2: '',
          city: 'Doral',
          state: 'FL',
          postal_code: '33122',
          country: 'United States',
          phone: '305-555-0100',
        },
      }
    : {
        name: blue.name,
        short_name: blue.shortName,
        primary_color: blue.primaryColor,
        support_email: blue.supportEmail,
        support_phone: blue.supportPhone,
        website: blue.website,
        warehouse_address: blue.warehouseAddress,
      };

/** A real 64 × 64 PNG (the smallest logo accepted), and one too small (refused after the access check). */
const LOGO = brandIconPng(64, '#0f766e', 'maskable');
const TOO_SMALL = brandIconPng(16, '#0f766e', 'maskable');

export const BRANDING_OPS: Record<string, Op> = {
  'GET /v1/admin/branding': {
    rule: 'company admin (verified): the company’s brand; the other company’s admin on its own host: its own',
    req: () => ({ url: '/v1/admin/branding' }),
    expect: adminOnly({ blueStaff: own() }),
  },
  'PUT /v1/admin/branding': {
    rule: 'company admin (verified): changes the company’s brand (audited); the other company’s admin: its own',
    req: (_f, c) => ({ url: '/v1/admin/branding', payload: brandFor(c) }),
    expect: adminOnly({ blueStaff: own() }),
  },
  'POST /v1/admin/branding/logo': {
    rule: 'company admin (verified): a PNG, JPEG or WebP becomes the logo (audited); the other company’s admin on its host reaches its own (sent a too-small image there: 400, so its brand stays as the checks read it)',
    req: (_f, c) => ({
      url: '/v1/admin/branding/logo',
      form: {
        fields: {},
        files: [{ name: 'logo.png', bytes: onHost(c) ? LOGO : TOO_SMALL, type: 'image/png' }],
      },
    }),
    expect: adminOnly({ blueStaff: no(400) }),
  },
  'DELETE /v1/admin/branding/logo': {
    rule: 'company admin (verified): removes the logo (audited); the other company’s admin on its host: its own logo (run with the allowed calls: it changes Blue Parcel, which the refused-calls check reads)',
    req: () => ({ url: '/v1/admin/branding/logo' }),
    expect: adminOnly({ blueStaff: ok() }),
  },
};
