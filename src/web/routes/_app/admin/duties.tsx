import { createFileRoute } from '@tanstack/react-router';
import { adminDutyCategoriesQueryOptions } from '../../../features/rates/api';
import { DutiesScreen } from '../../../features/rates/DutiesScreen';

export const Route = createFileRoute('/_app/admin/duties')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(adminDutyCategoriesQueryOptions());
  },
  component: () => <DutiesScreen />,
});
