import { createFileRoute } from '@tanstack/react-router';
import { feesQueryOptions } from '../../../features/fees/api';
import { FeesScreen } from '../../../features/fees/FeesScreen';

export const Route = createFileRoute('/_app/user/fees')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(feesQueryOptions());
  },
  component: FeesScreen,
});
