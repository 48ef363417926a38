import { createFileRoute } from '@tanstack/react-router';
import { AuthorizedPersonsScreen } from '../../../features/authorized-persons/AuthorizedPersonsScreen';
import { authorizedPersonsQueryOptions } from '../../../features/authorized-persons/api';
import { identificationsQueryOptions } from '../../../lib/reference/api';

export const Route = createFileRoute('/_app/user/authorizeduser')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(authorizedPersonsQueryOptions());
    // The form's ID types, ready (and cached for offline) before the first "Add".
    void context.queryClient.prefetchQuery(identificationsQueryOptions());
  },
  component: AuthorizedPersonsScreen,
});
