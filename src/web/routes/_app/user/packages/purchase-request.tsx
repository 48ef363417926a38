import { createFileRoute } from '@tanstack/react-router';
import { purchaseRequestsQueryOptions } from '../../../../features/purchase-requests/api';
import { PurchaseRequestsScreen } from '../../../../features/purchase-requests/PurchaseRequestsScreen';

export const Route = createFileRoute('/_app/user/packages/purchase-request')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(purchaseRequestsQueryOptions());
  },
  component: PurchaseRequestsScreen,
});
