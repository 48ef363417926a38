import { useChange } from '../../lib/use-change';
import { createPurchaseRequest, deletePurchaseRequest, type PurchaseRequestBody } from './api';

/** The same body sent again with the same key (see lib/api's idempotencyKeys) never makes the request twice. */
export const useCreatePurchaseRequest = () =>
  useChange({
    mutationFn: (v: { body: PurchaseRequestBody; key: string }) => createPurchaseRequest(v.body, v.key),
    changes: ['purchase-request'],
  });

/** A refusal (it was quoted meanwhile) refreshes the list too: the request shows how it is now. */
export const useDeletePurchaseRequest = () =>
  useChange({
    mutationFn: (id: string) => deletePurchaseRequest(id),
    changes: ['purchase-request'],
    refreshOnError: ['purchase-request'],
  });
