import { createFileRoute } from '@tanstack/react-router';
import { AdminToday } from '../../../features/admin-dashboard/AdminToday';
import { dashboardQueryOptions, localDay } from '../../../features/admin-dashboard/api';

export const Route = createFileRoute('/_app/admin/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(dashboardQueryOptions(localDay().since));
  },
  component: AdminToday,
});
