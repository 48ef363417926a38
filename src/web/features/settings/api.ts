import { queryOptions } from '@tanstack/react-query';
import type { PaymentSettings, UpdatePaymentSettingsBody } from '../../../contract/payments';
import { paymentCalls } from '../../../contract/payments.calls';
import type { CompanySettings, UpdateSettingsInput } from '../../../contract/settings';
import { settingsCalls } from '../../../contract/settings.calls';
import { api } from '../../lib/api';

export const settingsKeys = { all: ['settings'] as const };

/** The company's settings (admins): always checked again when the screen opens. */
export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: () => api.call(settingsCalls.get),
    staleTime: 0,
  });

/** One or more whole sections; the reply is the settings as saved. */
export const updateSettings = (body: UpdateSettingsInput): Promise<CompanySettings> =>
  api.call(settingsCalls.update, { body });

/** Online payments (admins): the provider and its settings; secrets are never returned. */
export const paymentSettingsKeys = { all: ['settings', 'payments'] as const };

export const paymentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: paymentSettingsKeys.all,
    queryFn: () => api.call(paymentCalls.settings),
    staleTime: 0,
  });

export const updatePaymentSettings = (body: UpdatePaymentSettingsBody): Promise<PaymentSettings> =>
  api.call(paymentCalls.updateSettings, { body });
