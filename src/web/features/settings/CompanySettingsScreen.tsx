import '@mantine/core/styles/Fieldset.css';
import {
  Fieldset,
  List,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { currencySymbol, formatDateTime, setDisplayTimeZone, timeZoneNames } from '../../../contract/format';
import type { CompanySettings } from '../../../contract/settings';
import { AuditTrail } from '../../components/AuditTrail';
import { usePageTitle } from '../../components/PageTitle';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { settingsQueryOptions } from './api';
import { type SaveSettings, SettingsSection } from './SettingsSection';
import {
  checkInvoice,
  checkPayment,
  checkPoints,
  invoiceBody,
  invoicePreview,
  invoiceValues,
  paymentBody,
  paymentValues,
  pointsBody,
  pointsPreview,
  pointsValues,
  timeZoneBody,
  timeZoneValues,
} from './sections';

/** The history's field names as the sections label them. */
const HISTORY_LABELS: Record<string, string> = {
  'payment.bank_transfer.bank_name': 'Bank',
  'payment.bank_transfer.branch': 'Branch',
  'payment.bank_transfer.account_name': 'Account name',
  'payment.bank_transfer.account_number': 'Account number',
  'payment.bank_transfer.account_type': 'Account type',
  'payment.counter': 'At the counter',
  'payment.online_url': 'Online payment page',
  'payment.overdue': 'When an invoice is overdue',
  'points.cents_per_point': 'Paid for 1 point (cents)',
  'points.point_value_cents': '1 point is worth (cents)',
  'points.prealert_bonus': 'Pre-alert bonus',
  'invoice.tax_label': 'Tax name',
  'invoice.tax_rate': 'Tax rate',
  'invoice.terms': 'Terms',
  'invoice.due_days': 'Due after (days)',
  time_zone: 'Time zone',
};

/** "UTC−05:00" for a zone at this moment (daylight saving included). */
function offsetOf(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    return part === 'GMT' ? 'UTC' : (part ?? '').replace('GMT', 'UTC');
  } catch {
    return '';
  }
}

/**
 * /admin/settings, "Company settings" (admins): how customers pay, how points work, what a new invoice starts with,
 * and the time zone every date is shown in. Each section saves on its own; below, the history of changes.
 */
/** The bank transfer's fields, in the order a bank slip asks for them. */
const BANK_FIELDS = [
  ['bank_name', 'Bank', undefined],
  ['branch', 'Branch', undefined],
  ['account_name', 'Account name', undefined],
  ['account_number', 'Account number', undefined],
  ['account_type', 'Account type', 'e.g. Current account, JMD'],
] as const;

export function CompanySettingsScreen({ save }: { save?: SaveSettings }) {
  usePageTitle('Company settings');
  const query = useQuery(settingsQueryOptions());

  return (
    <Stack gap="lg">
      <ScreenHeader
        title="Company settings"
        description="What customers read on their invoices and points page, and the time zone every date is shown in. Each section saves on its own."
      />
      <QueryStates
        query={query}
        loading={<LoadingRows label="Loading the settings" count={4} h={160} />}
        errorTitle="The settings could not be loaded"
        isEmpty={() => false}
        empty={null}
      >
        {(settings) => <CompanySettingsForms settings={settings} save={save} />}
      </QueryStates>
    </Stack>
  );
}

/** The four sections with the settings loaded, and the history of changes below them. */
export function CompanySettingsForms({ settings, save }: { settings: CompanySettings; save?: SaveSettings }) {
  const queryClient = useQueryClient();
  const zones = useMemo(() => {
    const now = new Date();
    return timeZoneNames().map((z) => ({ value: z, label: `${z.replace(/_/g, ' ')} (${offsetOf(z, now)})` }));
  }, []);
  const symbol = currencySymbol(settings.currency);
  return (
    <>
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
                Customers quote the invoice number as the reference. Without an account number, no bank
                transfer is offered.
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
              disabled={busy}
              key={form.key('counter')}
              {...form.getInputProps('counter')}
            />
            <TextInput
              label="Online payment page (optional)"
              description="Its address, e.g. https://pay.yourcompany.com"
              type="url"
              inputMode="url"
              autoComplete="off"
              disabled={busy}
              key={form.key('online_url')}
              {...form.getInputProps('online_url')}
            />
            <Textarea
              label="When an invoice is overdue (optional)"
              description="What happens, in plain words"
              rows={4}
              disabled={busy}
              key={form.key('overdue')}
              {...form.getInputProps('overdue')}
            />
          </>
        )}
      </SettingsSection>

      <SettingsSection
        id="points"
        title="Points"
        description="How customers earn points and what they are worth: the points page's “How points work”."
        settings={settings}
        toValues={pointsValues}
        toBody={pointsBody}
        validate={checkPoints}
        save={save}
        preview={(v) => pointsPreview(v, settings.currency)}
      >
        {(form, busy) => (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <NumberInput
              label="Paid for 1 point"
              description={`${symbol} paid on invoices`}
              required
              prefix={symbol}
              thousandSeparator=","
              decimalScale={2}
              min={0.01}
              allowNegative={false}
              inputMode="decimal"
              disabled={busy}
              key={form.key('earn_dollars')}
              {...form.getInputProps('earn_dollars')}
            />
            <NumberInput
              label="1 point is worth"
              description="Off an invoice paid with points"
              required
              prefix={symbol}
              thousandSeparator=","
              decimalScale={2}
              min={0.01}
              allowNegative={false}
              inputMode="decimal"
              disabled={busy}
              key={form.key('point_dollars')}
              {...form.getInputProps('point_dollars')}
            />
            <NumberInput
              label="Pre-alert bonus"
              description="Points for a pre-alert with its invoice file; 0 for none"
              required
              min={0}
              allowDecimal={false}
              allowNegative={false}
              inputMode="numeric"
              disabled={busy}
              key={form.key('prealert_bonus')}
              {...form.getInputProps('prealert_bonus')}
            />
          </SimpleGrid>
        )}
      </SettingsSection>

      <SettingsSection
        id="invoices"
        title="Invoices"
        description="What a new invoice starts with. Invoices already issued keep theirs."
        settings={settings}
        toValues={invoiceValues}
        toBody={invoiceBody}
        validate={checkInvoice}
        save={save}
        preview={invoicePreview}
      >
        {(form, busy) => (
          <>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <TextInput
                label="Tax name"
                description="e.g. GCT"
                required
                autoComplete="off"
                disabled={busy}
                key={form.key('tax_label')}
                {...form.getInputProps('tax_label')}
              />
              <NumberInput
                label="Tax rate"
                description="On services; 0 for none"
                required
                suffix=" %"
                decimalScale={4}
                min={0}
                max={100}
                allowNegative={false}
                inputMode="decimal"
                disabled={busy}
                key={form.key('tax_percent')}
                {...form.getInputProps('tax_percent')}
              />
              <NumberInput
                label="Due after (days)"
                description="From the day it is issued"
                required
                min={0}
                max={365}
                allowDecimal={false}
                allowNegative={false}
                inputMode="numeric"
                disabled={busy}
                key={form.key('due_days')}
                {...form.getInputProps('due_days')}
              />
            </SimpleGrid>
            <Textarea
              label="Terms (optional)"
              description="Printed on the invoice"
              rows={4}
              disabled={busy}
              key={form.key('terms')}
              {...form.getInputProps('terms')}
            />
          </>
        )}
      </SettingsSection>

      <SettingsSection
        id="time-zone"
        title="Time zone"
        description="Every date and time customers and staff see (screens, mails, invoices) is in this zone."
        settings={settings}
        toValues={timeZoneValues}
        toBody={timeZoneBody}
        validate={(v): Record<string, string> => (v.time_zone ? {} : { time_zone: 'Pick a time zone' })}
        save={save}
        onSaved={async (saved) => {
          setDisplayTimeZone(saved.time_zone);
          // The company query (features/tenant) says the zone to the rest of the app and saves it for offline starts.
          await queryClient.invalidateQueries({ queryKey: ['company', 'me'] });
        }}
        preview={(v) => `Now: ${formatDateTime(new Date(), v.time_zone || undefined)}`}
      >
        {(form, busy) => (
          <Select
            label="Time zone"
            description="Type a place, e.g. Jamaica or New York"
            required
            searchable
            data={zones}
            nothingFoundMessage="No time zone found"
            allowDeselect={false}
            maw={480}
            disabled={busy}
            key={form.key('time_zone')}
            {...form.getInputProps('time_zone')}
          />
        )}
      </SettingsSection>

      <AuditTrail entity="company" id={settings.company_id} labels={HISTORY_LABELS} />
    </>
  );
}
