import { useQueryClient } from '@tanstack/react-query';
import type { Branding, UpdateBrandingInput } from '../../../contract/branding';
import { useChange } from '../../lib/use-change';
import { brandingKeys, removeLogo, updateBranding, uploadLogo } from './api';

/** The calls the screen makes; tests pass their own. */
export type BrandingCalls = {
  save: (body: UpdateBrandingInput) => Promise<Branding>;
  upload: (file: File) => Promise<Branding>;
  remove: () => Promise<Branding>;
};
export const brandingCalls: BrandingCalls = { save: updateBranding, upload: uploadLogo, remove: removeLogo };

/**
 * A change of brand: the screen shows the reply at once; the company (the header's name and logo, the theme's
 * colour), the settings and the company's history refresh (`settings` in lib/refresh).
 */
function useBrandingChange<V>(call: (vars: V) => Promise<Branding>) {
  const client = useQueryClient();
  return useChange({
    mutationFn: call,
    changes: ['settings'],
    audit: (saved) => [['company', saved.company_id]],
    onSuccess: (saved) => client.setQueryData(brandingKeys.all, saved),
  });
}

export const useSaveBranding = (calls: BrandingCalls = brandingCalls) => useBrandingChange(calls.save);
export const useUploadLogo = (calls: BrandingCalls = brandingCalls) => useBrandingChange(calls.upload);
export const useRemoveLogo = (calls: BrandingCalls = brandingCalls) =>
  useBrandingChange((_: undefined) => calls.remove());
