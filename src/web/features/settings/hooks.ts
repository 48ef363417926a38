import { useQueryClient } from '@tanstack/react-query';
import type { PaymentSettings, UpdatePaymentSettingsBody } from '../../../contract/payments';
import type { CompanySettings, UpdateSettingsInput } from '../../../contract/settings';
import { useChange } from '../../lib/use-change';
import { paymentSettingsKeys, settingsKeys, updatePaymentSettings, updateSettings } from './api';

/**
 * Saving one or more sections: the screen shows the settings as saved at once; the company (its time zone), the
 * fee schedule and the company's history refresh. `save` is the call (tests pass their own).
 */
export function useSaveSettings(
  save: (body: UpdateSettingsInput) => Promise<CompanySettings> = updateSettings,
) {
  const client = useQueryClient();
  return useChange({
    mutationFn: save,
    changes: ['settings'],
    audit: (saved) => [['company', saved.company_id]],
    onSuccess: (saved) => client.setQueryData(settingsKeys.all, saved),
  });
}

/** Saving the online payment settings: the section shows them as saved (never the key, only that one is set). */
export function useSavePaymentSettings(
  save: (body: UpdatePaymentSettingsBody) => Promise<PaymentSettings> = updatePaymentSettings,
) {
  const client = useQueryClient();
  return useChange({
    mutationFn: save,
    changes: ['settings'],
    onSuccess: (saved) => client.setQueryData(paymentSettingsKeys.all, saved),
  });
}
