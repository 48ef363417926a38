import { callsFor } from './endpoint';
import type { pickupPassSchemas } from './pickup-pass';

const tags = ['pickup pass'];

/** The pickup pass: the customer's (and their authorized persons'), and the public share link's one pass. */
export const pickupPassCalls = callsFor<typeof pickupPassSchemas>()({
  mine: {
    summary: 'Get my pickup passes',
    method: 'GET',
    path: '/v1/pickup-pass',
    access: 'verified',
    tags,
    description:
      'The caller’s pass and one per active authorized person, each with its code, QR code (SVG) and share link. A parcel ready for pickup that the current passes do not cover has fresh passes issued, covering every parcel ready; a pass whose parcels were all collected says `collected`; nothing ever ready: `none`.',
  },
  shared: {
    summary: 'Read a shared pickup pass',
    method: 'GET',
    path: '/v1/pickup-pass/shared/:token',
    access: 'public',
    tags,
    description:
      'The one pass a share link names: who it is for, its code and QR code, its parcels’ tracking numbers and the company. Nothing else of the account. Unknown link: 404. Rate limited per client and company (429 with Retry-After).',
  },
});
