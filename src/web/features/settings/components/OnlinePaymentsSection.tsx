import '../i18n';
import '@mantine/core/styles/Fieldset.css';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Card,
  Fieldset,
  Group,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { PaymentSettings } from '../../../../contract/payments';
import { LoadingRows, QueryStates } from '../../../components/QueryStates';
import { paymentSettingsQueryOptions } from '../api';
import { useSavePaymentSettings } from '../hooks';
import {
  checkOnlinePayments,
  FEE_LABELS,
  onlinePaymentBody,
  onlinePaymentsPreview,
  onlinePaymentValues,
  PROVIDER_LABELS,
} from '../online-payments';
import { field, SectionForm } from './SettingsSection';

/** "Online payments": which provider takes card payments, and WiPay's account (its key write-only). */
export function OnlinePaymentsSection() {
  const { t } = useLingui();
  const query = useQuery(paymentSettingsQueryOptions());
  return (
    <QueryStates
      query={query}
      loading={<LoadingRows label={t`Loading the online payment settings`} count={1} h={160} />}
      errorTitle={t`The online payment settings could not be loaded`}
      isEmpty={() => false}
      empty={null}
    >
      {(settings) => <OnlinePaymentsForm settings={settings} />}
    </QueryStates>
  );
}

export function OnlinePaymentsForm({ settings }: { settings: PaymentSettings }) {
  const { t } = useLingui();
  const saver = useSavePaymentSettings();
  // The company's provider stays offered even when this server no longer offers it (so the form shows it).
  const offered = [...new Set([...settings.available, settings.provider])];
  return (
    <SectionForm
      id="online-payments"
      title={t`Online payments`}
      description={t`A Pay button on customers' unpaid invoices, paid by card on the provider's page.`}
      settings={settings}
      toValues={onlinePaymentValues}
      toBody={onlinePaymentBody}
      validate={(v) => checkOnlinePayments(v, settings.wipay.api_key_set)}
      saver={saver}
      preview={onlinePaymentsPreview}
    >
      {(form, busy) => {
        const provider = PROVIDER_LABELS[form.values.provider];
        return (
          <>
            <Radio.Group label={t`Provider`} {...form.getInputProps('provider')}>
              <Group gap="lg" mt={6}>
                {offered.map((p) => (
                  <Radio key={p} value={p} label={PROVIDER_LABELS[p]} disabled={busy} />
                ))}
              </Group>
            </Radio.Group>
            {form.values.provider !== 'none' && (
              <TextInput
                label={t`Name customers see (optional)`}
                description={t`What customers read as the way to pay, e.g. "Pay by card". Empty: ${provider}.`}
                autoComplete="off"
                {...field(form, busy, 'label')}
              />
            )}
            {form.values.provider === 'wipay' && (
              <Fieldset legend="WiPay">
                <Stack gap="md">
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <TextInput
                      label={t`Account number`}
                      required
                      autoComplete="off"
                      inputMode="numeric"
                      {...field(form, busy, 'account_number')}
                    />
                    <PasswordInput
                      label={t`API key`}
                      required={!settings.wipay.api_key_set}
                      autoComplete="new-password"
                      description={
                        settings.wipay.api_key_set
                          ? t`Saved — enter a new key to replace it`
                          : t`From your WiPay account; stored encrypted, never shown again`
                      }
                      {...field(form, busy, 'api_key')}
                    />
                  </SimpleGrid>
                  <Radio.Group label={t`Environment`} {...form.getInputProps('environment')}>
                    <Group gap="lg" mt={6}>
                      <Radio value="sandbox" label={t`Sandbox (no real money)`} disabled={busy} />
                      <Radio value="live" label={t`Live`} disabled={busy} />
                    </Group>
                  </Radio.Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <Select
                      label={t`Who pays WiPay's fee`}
                      data={Object.entries(FEE_LABELS).map(([value, label]) => ({ value, label }))}
                      allowDeselect={false}
                      comboboxProps={{ withinPortal: true }}
                      {...field(form, busy, 'fee_structure')}
                    />
                    <Select
                      label={t`WiPay platform`}
                      data={[
                        { value: 'JM', label: t`Jamaica (JM)` },
                        { value: 'TT', label: t`Trinidad and Tobago (TT)` },
                      ]}
                      allowDeselect={false}
                      comboboxProps={{ withinPortal: true }}
                      {...field(form, busy, 'country_code')}
                    />
                  </SimpleGrid>
                </Stack>
              </Fieldset>
            )}
            {form.values.provider === 'test' && (
              <Card withBorder padding="sm" radius="sm">
                <Text size="sm">
                  <Trans>
                    For trying the portal: card <bdi>4242 4242 4242 4242</bdi> pays,{' '}
                    <bdi>4000 0000 0000 0002</bdi> is declined. No real money moves.
                  </Trans>
                </Text>
              </Card>
            )}
          </>
        );
      }}
    </SectionForm>
  );
}
