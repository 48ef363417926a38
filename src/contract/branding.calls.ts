import type { brandingSchemas } from './branding';
import { callsFor } from './endpoint';

const tags = ['staff', 'branding'];

/** The company's brand (admins): name, colour, logo and contacts; a save shows on new page loads at once. */
export const brandingCalls = callsFor<typeof brandingSchemas>()({
  get: { method: 'GET', path: '/v1/admin/branding', access: 'admin', tags },
  update: {
    method: 'PUT',
    path: '/v1/admin/branding',
    access: 'admin',
    tags,
    description:
      'Name, short name (12 characters at most), colour, contacts and warehouse address; the reply says how readable white and dark text are on the colour. Audited (entity company).',
  },
  uploadLogo: {
    method: 'POST',
    path: '/v1/admin/branding/logo',
    access: 'admin',
    tags,
    description:
      'multipart/form-data with one file in the field `logo`: PNG, JPEG or WebP (by its bytes), 2 MB and 4096 px a side at most, 64 px at least. It replaces the logo, the header image and the app icons. Audited.',
  },
  removeLogo: {
    method: 'DELETE',
    path: '/v1/admin/branding/logo',
    access: 'admin',
    tags,
    description:
      'The header shows the name alone and the icons go back to the parcel in the brand colour. Audited.',
  },
});
