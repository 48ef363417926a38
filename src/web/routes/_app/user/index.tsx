import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { meQueryOptions } from '../../../features/auth/api';
import { UserHome } from '../../../features/dashboard/UserHome';
import { PackageCounts, RecentPackages } from '../../../features/packages/DashboardSections';
import { companyQueryOptions } from '../../../features/tenant/api';
import { useSession } from '../../../lib/session/use-session';

export const Route = createFileRoute('/_app/user/')({
  component: function UserRoute() {
    const session = useSession();
    const { data: user } = useQuery(meQueryOptions(session.userId));
    const { data: company } = useQuery(companyQueryOptions());
    return (
      <UserHome user={user} company={company}>
        <PackageCounts />
        <RecentPackages />
      </UserHome>
    );
  },
});
