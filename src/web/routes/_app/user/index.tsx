import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '../../../features/auth/api';
import { accountSummaryQueryOptions, useAccountSummary } from '../../../features/dashboard/api';
import { UserHome } from '../../../features/dashboard/UserHome';
import {
  awaitingPrealertsQueryOptions,
  packageCountsQueryOptions,
  packagesQueryOptions,
  RECENT_QUERY,
} from '../../../features/packages/api';
import { PackageCounts, RecentPackages } from '../../../features/packages/DashboardSections';
import { companyQueryOptions } from '../../../features/tenant/api';
import { packageStatusesQueryOptions } from '../../../lib/reference/api';
import { useSession } from '../../../lib/session/use-session';

export const Route = createFileRoute('/_app/user/')({
  // Every call the dashboard makes starts here, together (the user comes from the layout's loader).
  loader: ({ context }) => {
    const { queryClient } = context;
    void queryClient.prefetchQuery(accountSummaryQueryOptions());
    void queryClient.prefetchQuery(packageCountsQueryOptions());
    void queryClient.prefetchQuery(packageStatusesQueryOptions());
    void queryClient.prefetchQuery(packagesQueryOptions(RECENT_QUERY));
    void queryClient.prefetchQuery(awaitingPrealertsQueryOptions());
  },
  component: function UserRoute() {
    const session = useSession();
    const { data: user } = useQuery(meQueryOptions(session.userId));
    const { data: company } = useQuery(companyQueryOptions());
    const summary = useAccountSummary();
    return (
      <UserHome user={user} company={company} summary={summary}>
        <PackageCounts />
        <RecentPackages />
      </UserHome>
    );
  },
});
