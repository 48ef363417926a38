import '@mantine/core/styles/Fieldset.css';
import { Fieldset, List, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { checkPayment, paymentBody, paymentValues } from '../sections';
import { field, type SectionProps, SettingsSection } from './SettingsSection';

/** The bank transfer's fields, in the order a bank slip asks for them. */
const BANK_FIELDS = [
  ['bank_name', 'Bank', undefined],
  ['branch', 'Branch', undefined],
  ['account_name', 'Account name', undefined],
  ['account_number', 'Account number', undefined],
  ['account_type', 'Account type', 'e.g. Current account, JMD'],
] as const;

/** How customers pay: shown on every unpaid invoice. */
export function PaymentSection({ settings, save }: SectionProps) {
  return (
    <SettingsSection
      id="payment"
      title="Payment"
      description="How to pay, shown on every unpaid invoice. Leave a method empty to leave it out."
      settings={settings}
      toValues={paymentValues}
      toBody={paymentBody}
      validate={checkPayment}
      save={save}
      preview={(v) => (
        <List size="sm" spacing={2}>
          {v.account_number.trim() ? (
            <List.Item>
              Bank transfer to {v.account_name || '—'}, {v.bank_name || '—'}
              {v.branch ? `, ${v.branch}` : ''}, account {v.account_number}, quoting the invoice number.
            </List.Item>
          ) : (
            <List.Item>No bank transfer (no account number).</List.Item>
          )}
          {v.counter.trim() ? <List.Item>{v.counter}</List.Item> : null}
          {v.online_url.trim() ? <List.Item>Pay online: {v.online_url}</List.Item> : null}
          {v.overdue.trim() ? <List.Item>If overdue: {v.overdue}</List.Item> : null}
        </List>
      )}
    >
      {(form, busy) => (
        <>
          <Fieldset legend="Bank transfer (optional)">
            <Text size="sm" c="dimmed" mb="xs">
              Customers quote the invoice number as the reference. Without an account number, no bank transfer
              is offered.
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {BANK_FIELDS.map(([name, label, description]) => (
                <TextInput
                  key={form.key(name)}
                  label={`${label} (optional)`}
                  description={description}
                  disabled={busy}
                  autoComplete="off"
                  {...form.getInputProps(name)}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
          <Textarea
            label="At the counter (optional)"
            description="e.g. Pay by cash or card when you collect your packages. Empty: no counter payments."
            rows={3}
            {...field(form, busy, 'counter')}
          />
          <TextInput
            label="Online payment page (optional)"
            description="Its address, e.g. https://pay.yourcompany.com"
            type="url"
            inputMode="url"
            autoComplete="off"
            {...field(form, busy, 'online_url')}
          />
          <Textarea
            label="When an invoice is overdue (optional)"
            description="What happens, in plain words"
            rows={4}
            {...field(form, busy, 'overdue')}
          />
        </>
      )}
    </SettingsSection>
  );
}
