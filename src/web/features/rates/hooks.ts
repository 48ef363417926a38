import type { CreateDutyCategoryBody, CreateRateVersionBody } from '../../../contract/rates';
import { useChange } from '../../lib/use-change';
import {
  createDutyCategory,
  createRateVersion,
  deleteRateVersion,
  retireDutyCategory,
  updateDutyCategory,
} from './api';

/*
 * The rates' changes: each refreshes what shows prices (the fee page, the estimator's categories, the invoice
 * form's unbilled packages) and the history.
 */

export function useDeleteRateVersion(companyId: string) {
  return useChange({
    mutationFn: (id: number) => deleteRateVersion(id),
    changes: ['rates'],
    audit: () => [['rates', companyId]],
    refreshOnError: ['rates'],
  });
}

export function useRetireDutyCategory() {
  return useChange({
    mutationFn: (id: number) => retireDutyCategory(id),
    changes: ['rates'],
    audit: (c) => [['duty_category', String(c.id)]],
    refreshOnError: ['rates'],
  });
}

/** Saving a new rate version; the form sends through useFormSubmit with `mutateAsync`. */
export function useSaveRates(companyId: string) {
  return useChange({
    mutationFn: (body: CreateRateVersionBody) => createRateVersion(body),
    changes: ['rates'],
    audit: () => [['rates', companyId]],
  });
}

/** Adding a duty category, or its new rates from a time (`id` set). */
export function useSaveDutyCategory() {
  return useChange({
    mutationFn: ({ id, body }: { id: number | null; body: CreateDutyCategoryBody }) => {
      if (id === null) return createDutyCategory(body);
      const { code: _code, ...rest } = body;
      return updateDutyCategory(id, rest);
    },
    changes: ['rates'],
    audit: (c) => [['duty_category', String(c.id)]],
  });
}
