import '@mantine/core/styles/Fieldset.css';
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
  const query = useQuery(paymentSettingsQueryOptions());
  return (
    <QueryStates
      query={query}
      loading={<LoadingRows label="Loading the online payment settings" count={1} h={160} />}
      errorTitle="The online payment settings could not be loaded"
      isEmpty={() => false}
      empty={null}
    >
      {(settings) => <OnlinePaymentsForm settings={settings} />}
    </QueryStates>
  );
}

export function OnlinePaymentsForm({ settings }: { settings: PaymentSettings }) {
  const saver = useSavePaymentSettings();
  // The company's provider stays offered even when this server no longer offers it (so the form shows it).
  const offered = [...new Set([...settings.available, settings.provider])];
  return (
    <SectionForm
      id="online-payments"
      title="Online payments"
      description="A Pay button on customers' unpaid invoices, paid by card on the provider's page."
      settings={settings}
      toValues={onlinePaymentValues}
      toBody={onlinePaymentBody}
      validate={(v) => checkOnlinePayments(v, settings.wipay.api_key_set)}
      saver={saver}
      preview={onlinePaymentsPreview}
    >
      {(form, busy) => (
        <>
          <Radio.Group label="Provider" {...form.getInputProps('provider')}>
            <Group gap="lg" mt={6}>
              {offered.map((p) => (
                <Radio key={p} value={p} label={PROVIDER_LABELS[p]} disabled={busy} />
              ))}
            </Group>
          </Radio.Group>
          {form.values.provider !== 'none' && (
            <TextInput
              label="Name customers see (optional)"
              description={`What customers read as the way to pay, e.g. "Pay by card". Empty: ${PROVIDER_LABELS[form.values.provider]}.`}
              autoComplete="off"
              {...field(form, busy, 'label')}
            />
          )}
          {form.values.provider === 'wipay' && (
            <Fieldset legend="WiPay">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <TextInput
                    label="Account number"
                    required
                    autoComplete="off"
                    inputMode="numeric"
                    {...field(form, busy, 'account_number')}
                  />
                  <PasswordInput
                    label="API key"
                    required={!settings.wipay.api_key_set}
                    autoComplete="new-password"
                    description={
                      settings.wipay.api_key_set
                        ? 'Saved — enter a new key to replace it'
                        : 'From your WiPay account; stored encrypted, never shown again'
                    }
                    {...field(form, busy, 'api_key')}
                  />
                </SimpleGrid>
                <Radio.Group label="Environment" {...form.getInputProps('environment')}>
                  <Group gap="lg" mt={6}>
                    <Radio value="sandbox" label="Sandbox (no real money)" disabled={busy} />
                    <Radio value="live" label="Live" disabled={busy} />
                  </Group>
                </Radio.Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Select
                    label="Who pays WiPay's fee"
                    data={Object.entries(FEE_LABELS).map(([value, label]) => ({ value, label }))}
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                    {...field(form, busy, 'fee_structure')}
                  />
                  <Select
                    label="WiPay platform"
                    data={[
                      { value: 'JM', label: 'Jamaica (JM)' },
                      { value: 'TT', label: 'Trinidad and Tobago (TT)' },
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
                For trying the portal: card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined. No real
                money moves.
              </Text>
            </Card>
          )}
        </>
      )}
    </SectionForm>
  );
}
