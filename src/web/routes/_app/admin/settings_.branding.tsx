import { createFileRoute } from '@tanstack/react-router';
import { brandingQueryOptions } from '../../../features/branding/api';
import { BrandingScreen } from '../../../features/branding/BrandingScreen';

// `settings_`: at /admin/settings/branding without being drawn inside Company settings' page.
export const Route = createFileRoute('/_app/admin/settings_/branding')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(brandingQueryOptions());
  },
  component: () => <BrandingScreen />,
});
