import { type Op, ok, superadminOnly } from './expectations';
import { uniq } from './fixture-types';

/** Rows of the access matrix: the platform console, for the platform's operator only. */
export const PLATFORM_OPS: Record<string, Op> = {
  'GET /v1/platform/companies': {
    rule: 'platform operator only: every company with its hosts, status and usage',
    req: () => ({ url: '/v1/platform/companies?q=blue' }),
    expect: superadminOnly(),
    allCompanies: true,
    shows: (f) => f.blueCompanyId,
  },
  'GET /v1/platform/companies/{id}': {
    rule: 'platform operator only: any company (the other one here)',
    req: (f) => ({ url: `/v1/platform/companies/${f.blueCompanyId}` }),
    expect: superadminOnly(),
    allCompanies: true,
    shows: (f) => f.blueCompanyId,
  },
  'POST /v1/platform/companies': {
    rule: 'platform operator only: a company with its hosts and the template',
    req: () => {
      const host = `platform-${uniq()}.example.test`;
      return {
        url: '/v1/platform/companies',
        payload: {
          name: `Matrix Console ${host}`,
          short_name: 'Matrix',
          hosts: [host],
          mailbox_prefix: 'PLT',
          currency: 'JMD',
          time_zone: 'America/Jamaica',
          primary_color: '#0f766e',
          support_email: 'help@matrix.example.test',
          support_phone: '876-555-0101',
          warehouse_address: {
            line1: '1 Matrix Way',
            line2: '',
            city: 'Doral',
            state: 'FL',
            postal_code: '33122',
            country: 'United States',
            phone: '305-555-0100',
          },
        },
      };
    },
    expect: superadminOnly({ platform: ok(201) }),
    allCompanies: true,
  },
  'PATCH /v1/platform/companies/{id}': {
    rule: 'platform operator only: status and hosts of any company (here: the other one kept active)',
    req: (f) => ({ url: `/v1/platform/companies/${f.blueCompanyId}`, payload: { status: 'active' } }),
    expect: superadminOnly(),
    allCompanies: true,
    shows: (f) => f.blueCompanyId,
  },
  'POST /v1/platform/companies/{id}/invitations': {
    rule: 'platform operator only: invites the first admin of any company (here: the other one) by e-mail',
    req: (f) => ({
      url: `/v1/platform/companies/${f.blueCompanyId}/invitations`,
      payload: { email: `matrix-invite-${uniq()}@example.test` },
    }),
    expect: superadminOnly({ platform: ok(201) }),
    allCompanies: true,
  },
};
