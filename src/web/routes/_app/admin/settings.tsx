import { createFileRoute } from '@tanstack/react-router';
import { settingsQueryOptions } from '../../../features/settings/api';
import { CompanySettingsScreen } from '../../../features/settings/CompanySettingsScreen';

export const Route = createFileRoute('/_app/admin/settings')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(settingsQueryOptions());
  },
  component: () => <CompanySettingsScreen />,
});
