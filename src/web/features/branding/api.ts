import { queryOptions } from '@tanstack/react-query';
import type { Branding, UpdateBrandingInput } from '../../../contract/branding';
import { brandingCalls } from '../../../contract/branding.calls';
import { api } from '../../lib/api';
import { uploadForm } from '../../lib/upload/upload-form';

/** Under the settings root: a change to the company's settings refreshes it too (lib/refresh). */
export const brandingKeys = { all: ['settings', 'branding'] as const };

/** The company's brand (admins): always checked again when the screen opens. */
export const brandingQueryOptions = () =>
  queryOptions({
    queryKey: brandingKeys.all,
    queryFn: () => api.call(brandingCalls.get),
    staleTime: 0,
  });

export const updateBranding = (body: UpdateBrandingInput): Promise<Branding> =>
  api.call(brandingCalls.update, { body });

/** The logo as multipart (field `logo`), through the uploader that refreshes the session and watches progress. */
export const uploadLogo = (file: File): Promise<Branding> =>
  uploadForm<Branding>({ url: brandingCalls.uploadLogo.path, fields: {}, files: [file], fileField: 'logo' });

export const removeLogo = (): Promise<Branding> => api.call(brandingCalls.removeLogo);
