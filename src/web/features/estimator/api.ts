import { queryOptions } from '@tanstack/react-query';
import type { DutyCalculatorBody } from '../../../contract/duty';
import { estimatorCalls } from '../../../contract/duty.calls';
import { api } from '../../lib/api';

export const estimatorKeys = {
  categories: () => ['duty-categories'] as const,
};

export const dutyCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: estimatorKeys.categories(),
    queryFn: () => api.call(estimatorCalls.categories),
    staleTime: 10 * 60_000,
  });

/** An estimate changes nothing on the server: a POST only because it takes a body. */
export const estimateCost = (body: DutyCalculatorBody) => api.call(estimatorCalls.calculate, { body });
