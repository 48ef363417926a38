import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { profileQueryOptions } from '../../../features/profile/api';
import { ProfileScreen } from '../../../features/profile/ProfileScreen';
import { parishesQueryOptions } from '../../../lib/reference/api';

export const Route = createFileRoute('/_app/user/profile')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(profileQueryOptions());
  },
  component: function ProfileRoute() {
    const parishes = useQuery(parishesQueryOptions());
    return (
      <ProfileScreen
        parishes={parishes.data ?? []}
        parishesLoading={parishes.isPending}
        parishesError={parishes.error ? parishes.error.message : null}
      />
    );
  },
});
