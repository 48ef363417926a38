import { createFileRoute } from '@tanstack/react-router';
import { ratesQueryOptions } from '../../../features/rates/api';
import { RatesScreen } from '../../../features/rates/RatesScreen';

export const Route = createFileRoute('/_app/admin/rates')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(ratesQueryOptions());
  },
  component: () => <RatesScreen />,
});
