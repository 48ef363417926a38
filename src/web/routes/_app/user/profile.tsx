import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { profileQueryOptions } from '../../../features/profile/api';
import { ProfileScreen } from '../../../features/profile/ProfileScreen';
import { companyQueryOptions } from '../../../features/tenant/api';
import { parishesQueryOptions } from '../../../lib/reference/api';

export const Route = createFileRoute('/_app/user/profile')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(profileQueryOptions());
  },
  component: function ProfileRoute() {
    const parishes = useQuery(parishesQueryOptions());
    // The languages the company offers: the profile's language select lists them.
    const { data: company } = useQuery(companyQueryOptions());
    return (
      <ProfileScreen
        parishes={parishes.data ?? []}
        parishesLoading={parishes.isPending}
        parishesError={parishes.error ? parishes.error.message : null}
        languages={company?.languages}
      />
    );
  },
});
