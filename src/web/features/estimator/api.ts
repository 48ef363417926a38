import { queryOptions } from '@tanstack/react-query';
import { type DutyCalculatorBody, estimatorEndpoints } from '../../../contract/duty';
import { api } from '../../lib/api';

export const estimatorKeys = {
  categories: () => ['duty-categories'] as const,
};

export const dutyCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: estimatorKeys.categories(),
    queryFn: () => api.call(estimatorEndpoints.categories),
    staleTime: 10 * 60_000,
  });

/** An estimate changes nothing on the server: a POST only because it takes a body. */
export const estimateCost = (body: DutyCalculatorBody) => api.call(estimatorEndpoints.calculate, { body });
