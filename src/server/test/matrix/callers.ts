import { BLUE_HOST, type Caller, type CallerKey, HOST, UNKNOWN_HOST } from './fixture-types';

type SignedIn =
  | 'owner'
  | 'neighbour'
  | 'unverified'
  | 'staff'
  | 'admin'
  | 'platform'
  | 'blue'
  | 'blueStaff'
  | 'gone'
  | 'demoted';

/** Every caller of the matrix, from the sessions signed in for them (the other company's tokens used here too). */
export function callerTable(s: Record<SignedIn, { access: string }>): Record<CallerKey, Caller> {
  return {
    owner: { key: 'owner', who: 'the owner (demo customer)', host: HOST, token: s.owner.access },
    neighbour: {
      key: 'neighbour',
      who: 'another verified customer of the company',
      host: HOST,
      token: s.neighbour.access,
    },
    unverified: { key: 'unverified', who: 'an unverified user', host: HOST, token: s.unverified.access },
    staff: { key: 'staff', who: 'staff (role staff) of the company', host: HOST, token: s.staff.access },
    admin: { key: 'admin', who: 'the company admin', host: HOST, token: s.admin.access },
    platform: { key: 'platform', who: 'the platform superadmin', host: HOST, token: s.platform.access },
    blue: { key: 'blue', who: 'a customer of the other company', host: BLUE_HOST, token: s.blue.access },
    blueStaff: {
      key: 'blueStaff',
      who: 'an admin of the other company',
      host: BLUE_HOST,
      token: s.blueStaff.access,
    },
    blueOnHost: {
      key: 'blueOnHost',
      who: 'the other company’s customer token on this host',
      host: HOST,
      token: s.blue.access,
    },
    blueStaffOnHost: {
      key: 'blueStaffOnHost',
      who: 'the other company’s admin token on this host',
      host: HOST,
      token: s.blueStaff.access,
    },
    anon: { key: 'anon', who: 'anonymous', host: HOST, token: undefined },
    anonBlue: {
      key: 'anonBlue',
      who: 'anonymous on the other company’s host',
      host: BLUE_HOST,
      token: undefined,
    },
    anonUnknown: {
      key: 'anonUnknown',
      who: 'anonymous on an unknown host',
      host: UNKNOWN_HOST,
      token: undefined,
    },
    anonRemote: {
      key: 'anonRemote',
      who: 'anonymous from another machine (not loopback)',
      host: HOST,
      token: undefined,
      remoteAddress: '203.0.113.9',
    },
    ownerOnBlue: {
      key: 'ownerOnBlue',
      who: 'the owner’s own token on the other company’s host',
      host: BLUE_HOST,
      token: s.owner.access,
    },
    deactivated: {
      key: 'deactivated',
      who: 'a customer deactivated after signing in (token still unexpired)',
      host: HOST,
      token: s.gone.access,
    },
    demoted: {
      key: 'demoted',
      who: 'staff demoted to customer after signing in (token still says staff)',
      host: HOST,
      token: s.demoted.access,
    },
  };
}
