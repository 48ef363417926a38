import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '../../../features/auth/api';
import { accountSummaryQueryOptions, useAccountSummary } from '../../../features/dashboard/api';
import { UserHome } from '../../../features/dashboard/UserHome';
import { PackageCounts, RecentPackages } from '../../../features/packages/DashboardSections';
import { companyQueryOptions } from '../../../features/tenant/api';
import { useSession } from '../../../lib/session/use-session';

export const Route = createFileRoute('/_app/user/')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(accountSummaryQueryOptions());
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
