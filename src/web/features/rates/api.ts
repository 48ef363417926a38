import { queryOptions } from '@tanstack/react-query';
import { estimatorCalls } from '../../../contract/duty.calls';
import type {
  CreateDutyCategoryBody,
  CreateRateVersionBody,
  RatePreviewBody,
  UpdateDutyCategoryBody,
} from '../../../contract/rates';
import { dutyCategoryAdminCalls, rateCalls } from '../../../contract/rates.calls';
import { api } from '../../lib/api';
import { queryRoots } from '../../lib/query-keys';

export const ratesKeys = {
  overview: () => [queryRoots.rates, 'overview'] as const,
  preview: (body: RatePreviewBody | null) => [queryRoots.rates, 'preview', body] as const,
  categories: () => [queryRoots.rates, 'duty-categories'] as const,
};

/** The version in force, the scheduled ones and the history (admins): checked again whenever the screen opens. */
export const ratesQueryOptions = () =>
  queryOptions({
    queryKey: ratesKeys.overview(),
    queryFn: () => api.call(rateCalls.overview),
    staleTime: 0,
  });

/**
 * What the sample parcel costs under draft rates: saves nothing (a POST only because it takes a body). Null: the
 * draft is not complete yet, nothing is asked.
 */
export const ratePreviewQueryOptions = (body: RatePreviewBody | null) =>
  queryOptions({
    queryKey: ratesKeys.preview(body),
    queryFn: () =>
      body ? api.call(rateCalls.preview, { body }) : Promise.reject(new Error('No sample yet')),
    enabled: body !== null,
    staleTime: 60_000,
    retry: false,
  });

/** The categories the estimator offers now (the preview's sample picks one); the estimator caches the same key. */
export const offeredCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: [queryRoots.dutyCategories] as const,
    queryFn: () => api.call(estimatorCalls.categories),
    staleTime: 60_000,
  });

export const adminDutyCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: ratesKeys.categories(),
    queryFn: () => api.call(dutyCategoryAdminCalls.list),
    staleTime: 0,
  });

export const createRateVersion = (body: CreateRateVersionBody) => api.call(rateCalls.create, { body });
export const deleteRateVersion = (id: number) => api.call(rateCalls.remove, { params: { id } });
export const createDutyCategory = (body: CreateDutyCategoryBody) =>
  api.call(dutyCategoryAdminCalls.create, { body });
export const updateDutyCategory = (id: number, body: UpdateDutyCategoryBody) =>
  api.call(dutyCategoryAdminCalls.update, { params: { id }, body });
export const retireDutyCategory = (id: number) => api.call(dutyCategoryAdminCalls.retire, { params: { id } });
