import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paginated } from '../../../contract/envelope';
import { accountApi } from '../../../contract/paths';
import type { createPurchaseRequestBodySchema, PurchaseRequest } from '../../../contract/purchase-requests';
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
    queryFn: () =>
      api.get<Paginated<PurchaseRequest>>(accountApi.purchaseRequests.list, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });

export const createPurchaseRequest = (body: PurchaseRequestBody, idempotencyKey: string) =>
  api.post<PurchaseRequest>(accountApi.purchaseRequests.create, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const deletePurchaseRequest = (id: string) => api.delete<null>(accountApi.purchaseRequests.one(id));
