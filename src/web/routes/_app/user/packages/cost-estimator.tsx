import { createFileRoute } from '@tanstack/react-router';
import { dutyCategoriesQueryOptions } from '../../../../features/estimator/api';
import { CostEstimator } from '../../../../features/estimator/CostEstimator';

export const Route = createFileRoute('/_app/user/packages/cost-estimator')({
  // Start loading the categories as the route matches; the form shows a skeleton meanwhile.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(dutyCategoriesQueryOptions());
  },
  component: CostEstimator,
});
