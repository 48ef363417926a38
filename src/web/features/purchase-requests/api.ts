import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createPurchaseRequestBodySchema } from '../../../contract/purchase-requests';
import { purchaseRequestCalls } from '../../../contract/purchase-requests.calls';
import { api } from '../../lib/api';

/** A validated body, as the form sends it (link normalised, price in US cents). */
export type PurchaseRequestBody = z.output<typeof createPurchaseRequestBodySchema>;

export const PURCHASE_REQUEST_PAGE_SIZE = 10;

export const purchaseRequestKeys = {
  all: ['purchase-requests'] as const,
  list: (page: number, pageSize: number) => ['purchase-requests', 'list', { page, pageSize }] as const,
};

export const purchaseRequestsQueryOptions = (page = 1, pageSize = PURCHASE_REQUEST_PAGE_SIZE) =>
  queryOptions({
    queryKey: purchaseRequestKeys.list(page, pageSize),
    queryFn: () => api.call(purchaseRequestCalls.list, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });

/** The same body sent again with the same key (see lib/api's idempotencyKeys) never makes the request twice. */
export const createPurchaseRequest = (body: PurchaseRequestBody, idempotencyKey: string) =>
  api.call(purchaseRequestCalls.create, { body, idempotencyKey });

export const deletePurchaseRequest = (id: string) =>
  api.call(purchaseRequestCalls.remove, { params: { id } });
