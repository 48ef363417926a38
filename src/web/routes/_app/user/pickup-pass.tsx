import { createFileRoute } from '@tanstack/react-router';
import { myPickupPassQueryOptions } from '../../../features/pickup-pass/api';
import { PickupPassScreen } from '../../../features/pickup-pass/PickupPassScreen';

export const Route = createFileRoute('/_app/user/pickup-pass')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(myPickupPassQueryOptions());
  },
  component: PickupPassScreen,
});
