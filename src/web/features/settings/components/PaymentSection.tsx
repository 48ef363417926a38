import '../i18n';
import '@mantine/core/styles/Fieldset.css';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Fieldset, List, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { checkPayment, paymentBody, paymentValues } from '../sections';
import { field, type SectionProps, SettingsSection } from './SettingsSection';

/** The bank transfer's fields, in the order a bank slip asks for them. */
const BANK_FIELDS = [
  ['bank_name', msg`Bank (optional)`, undefined],
  ['branch', msg`Branch (optional)`, undefined],
  ['account_name', msg`Account name (optional)`, undefined],
  ['account_number', msg`Account number (optional)`, undefined],
  ['account_type', msg`Account type (optional)`, msg`e.g. Current account, JMD`],
] as const;

/** How customers pay: shown on every unpaid invoice. */
export function PaymentSection({ settings, save }: SectionProps) {
  const { t, i18n } = useLingui();
  return (
    <SettingsSection
      id="payment"
      title={t`Payment`}
      description={t`How to pay, shown on every unpaid invoice. Leave a method empty to leave it out.`}
      settings={settings}
      toValues={paymentValues}
      toBody={paymentBody}
      validate={checkPayment}
      save={save}
      preview={(v) => {
        const holder = v.account_name || '—';
        const bank = v.bank_name || '—';
        const branch = v.branch ? `, ${v.branch}` : '';
        const account = v.account_number;
        const url = v.online_url;
        const overdue = v.overdue;
        return (
          <List size="sm" spacing={2}>
            {v.account_number.trim() ? (
              <List.Item>
                <Trans>
                  Bank transfer to {holder}, {bank}
                  {branch}, account <bdi>{account}</bdi>, quoting the invoice number.
                </Trans>
              </List.Item>
            ) : (
              <List.Item>
                <Trans>No bank transfer (no account number).</Trans>
              </List.Item>
            )}
            {v.counter.trim() ? <List.Item>{v.counter}</List.Item> : null}
            {v.online_url.trim() ? (
              <List.Item>
                <Trans>
                  Pay online: <bdi>{url}</bdi>
                </Trans>
              </List.Item>
            ) : null}
            {v.overdue.trim() ? (
              <List.Item>
                <Trans>If overdue: {overdue}</Trans>
              </List.Item>
            ) : null}
          </List>
        );
      }}
    >
      {(form, busy) => (
        <>
          <Fieldset legend={t`Bank transfer (optional)`}>
            <Text size="sm" c="dimmed" mb="xs">
              <Trans>
                Customers quote the invoice number as the reference. Without an account number, no bank
                transfer is offered.
              </Trans>
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {BANK_FIELDS.map(([name, label, description]) => (
                <TextInput
                  key={form.key(name)}
                  label={i18n._(label)}
                  description={description ? i18n._(description) : undefined}
                  disabled={busy}
                  autoComplete="off"
                  {...form.getInputProps(name)}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
          <Textarea
            label={t`At the counter (optional)`}
            description={t`e.g. Pay by cash or card when you collect your packages. Empty: no counter payments.`}
            rows={3}
            {...field(form, busy, 'counter')}
          />
          <TextInput
            label={t`Online payment page (optional)`}
            description={t`Its address, e.g. https://pay.yourcompany.com`}
            type="url"
            inputMode="url"
            autoComplete="off"
            {...field(form, busy, 'online_url')}
          />
          <Textarea
            label={t`When an invoice is overdue (optional)`}
            description={t`What happens, in plain words`}
            rows={4}
            {...field(form, busy, 'overdue')}
          />
        </>
      )}
    </SettingsSection>
  );
}
