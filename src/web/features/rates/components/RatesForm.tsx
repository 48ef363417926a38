import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { DutyCategory } from '../../../../contract/duty';
import { currencySymbol } from '../../../../contract/format';
import type { CreateRateVersionBody, RateSet, RateVersion } from '../../../../contract/rates';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import {
  checkRates,
  effectiveFrom,
  formFieldOf,
  nowFields,
  type RatesFormValues,
  ratesValues,
  toRateSet,
} from '../rates-form';
import { BracketsTable } from './BracketsTable';
import { EffectiveFrom } from './EffectiveFrom';
import { RatePreview } from './RatePreview';

/**
 * "New rates": the whole rate set, filled with the rates in force, effective from now or a later date and time, with
 * a live preview of a sample parcel. Saved as a new version; nothing in force is rewritten.
 */
export function RatesForm({
  current,
  currency,
  categories,
  send,
  onSaved,
}: {
  current: RateSet;
  currency: string;
  categories: DutyCategory[];
  send: (body: CreateRateVersionBody) => Promise<RateVersion>;
  onSaved: (saved: RateVersion) => void;
}) {
  const { t } = useLingui();
  const [opened, setOpened] = useState(nowFields);
  const form = useForm<RatesFormValues>({
    mode: 'controlled',
    initialValues: ratesValues(current),
    validate: (v) => checkRates(v),
  });
  const values = form.getValues();
  const draftOk = Object.keys(checkRates(values)).length === 0;
  // The server names fields as the API does ("rates.freight.air.brackets.2.max_lb"): each lands on its form field.
  const errorSink = {
    values: new Proxy({}, { has: (_t, key) => typeof key === 'string' && formFieldOf(key) !== null }),
    setFieldError: (path: string, error: string) => form.setFieldError(formFieldOf(path) ?? path, error),
  };
  const submission = useFormSubmit({
    form,
    toBody: (v): CreateRateVersionBody => ({ rates: toRateSet(v), effective_from: effectiveFrom(v, opened) }),
    send,
    onSent: (saved) => {
      const next = nowFields();
      setOpened(next);
      form.setValues({ ...ratesValues(saved.rates), ...next });
      form.resetDirty();
      onSaved(saved);
    },
    failure: t`The rates were not saved. Please try again.`,
    errorSink,
  });
  const { busy } = submission;
  const symbol = currencySymbol(currency);
  const money = (label: string, path: string, description?: string) => (
    <NumberInput
      label={label}
      description={description}
      prefix={symbol}
      thousandSeparator=","
      decimalScale={2}
      min={0}
      allowNegative={false}
      inputMode="decimal"
      required
      disabled={busy}
      {...form.getInputProps(path)}
    />
  );
  const freight = (mode: 'air' | 'sea', title: string) => (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Title order={3} size="h5" component="legend">
        {title}
      </Title>
      <BracketsTable form={form} path={mode} title={title} currency={currency} busy={busy} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {money(t`${title}: minimum charge`, `${mode}.minimum`, t`Per parcel, whatever it weighs`)}
        {money(t`${title}: per lb over the last bracket`, `${mode}.excess`)}
      </SimpleGrid>
    </Stack>
  );

  return (
    <Card withBorder component="section" aria-labelledby="new-rates-title">
      <form noValidate ref={submission.formRef} aria-label={t`New rates`} onSubmit={submission.onSubmit}>
        <Stack gap="lg">
          <Stack gap={2}>
            <Title order={2} size="h3" id="new-rates-title">
              <Trans>New rates</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>
                Starts from the rates in force. Saved as a new version from the date and time you choose;
                invoices already issued keep their amounts.
              </Trans>
            </Text>
          </Stack>
          <FormErrorAlert title={t`Not saved`} error={submission.formError} />
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {freight('air', t`Air freight`)}
            {freight('sea', t`Sea freight`)}
          </SimpleGrid>
          <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Title order={3} size="h5" component="legend">
              <Trans>Handling per parcel</Trans>
            </Title>
            <BracketsTable form={form} path="handling" title={t`Handling`} currency={currency} busy={busy} />
            {money(t`Handling: per lb over the last bracket`, 'handling.excess')}
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NumberInput
              label={t`Free storage days`}
              description={t`After the parcel is ready for pickup`}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              inputMode="numeric"
              required
              disabled={busy}
              {...form.getInputProps('free_days')}
            />
            {money(t`Storage fee per day`, 'storage_per_day', t`After the free days`)}
            <TextInput
              label={t`Exchange rate`}
              description={t`${symbol} for US$1`}
              inputMode="decimal"
              required
              disabled={busy}
              {...form.getInputProps('exchange_rate')}
            />
          </SimpleGrid>
          <EffectiveFrom
            date={form.getInputProps('date')}
            time={form.getInputProps('time')}
            minDate={opened.date}
            busy={busy}
          />
          <RatePreview
            draft={draftOk ? toRateSet(values) : null}
            categories={categories}
            currency={currency}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              <Trans>Save rates</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
