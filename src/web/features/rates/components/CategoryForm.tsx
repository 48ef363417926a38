import '../i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { AdminDutyCategory, CreateDutyCategoryBody } from '../../../../contract/rates';
import { ModalForm } from '../../../components/ModalForm';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { type Amount, nowFields, percentOf, rateOf } from '../rates-form';
import { EffectiveFrom } from './EffectiveFrom';

type Values = {
  code: string;
  name: string;
  description: string;
  duty: Amount;
  gct: Amount;
  other: Amount;
  other_label: string;
  date: string;
  time: string;
};

const percentField = {
  min: 0,
  max: 100,
  decimalScale: 4,
  allowNegative: false,
  suffix: ' %',
  required: true,
} as const;

/** Adding a duty category, or new rates for one from a date and time (its name changes at once). */
export function CategoryForm({
  category,
  send,
  onSent,
  onCancel,
}: {
  category: AdminDutyCategory | null;
  send: (body: CreateDutyCategoryBody) => Promise<AdminDutyCategory>;
  onSent: (saved: AdminDutyCategory) => void;
  onCancel: () => void;
}) {
  const { i18n } = useLingui();
  const tr = (m: MessageDescriptor) => i18n._(m);
  const [opened] = useState(nowFields);
  const rates = category?.scheduled.at(-1) ?? category?.current;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      code: category?.code ?? '',
      name: category?.name ?? '',
      description: category?.description ?? '',
      duty: rates ? percentOf(rates.duty_rate) : 20,
      gct: rates ? percentOf(rates.gct_rate) : 15,
      other: rates ? percentOf(rates.other_rate) : 0,
      other_label: rates?.other_label ?? '',
      ...opened,
    },
    validate: {
      code: (v) =>
        category || /^[a-z0-9_]{1,40}$/.test(v) ? null : t`Lower-case letters, digits and _ only`,
      name: (v) => (v.trim() ? null : t`Required`),
      duty: (v) => (v === '' || Number(v) < 0 || Number(v) > 100 ? t`From 0 to 100 %` : null),
      gct: (v) => (v === '' || Number(v) < 0 || Number(v) > 100 ? t`From 0 to 100 %` : null),
      other: (v) => (v === '' || Number(v) < 0 || Number(v) > 100 ? t`From 0 to 100 %` : null),
      date: (v) => (v ? null : t`Choose the date`),
    },
  });
  const aliases: Record<string, string> = {
    duty_rate: 'duty',
    gct_rate: 'gct',
    other_rate: 'other',
    effective_from: 'date',
  };
  const errorSink = {
    values: { ...form.getValues(), duty_rate: 0, gct_rate: 0, other_rate: 0, effective_from: '' },
    setFieldError: (path: string, error: string) => form.setFieldError(aliases[path] ?? path, error),
  };
  const submission = useFormSubmit({
    form,
    toBody: (v): CreateDutyCategoryBody => ({
      code: v.code.trim(),
      name: v.name,
      description: v.description,
      duty_rate: rateOf(v.duty),
      gct_rate: rateOf(v.gct),
      other_rate: rateOf(v.other),
      other_label: v.other_label,
      effective_from:
        v.date === opened.date && v.time === opened.time
          ? new Date().toISOString()
          : new Date(`${v.date}T${v.time || '00:00'}`).toISOString(),
    }),
    send,
    onSent,
    failure: tr(msg`The category was not saved. Please try again.`),
    errorSink,
  });
  const { busy } = submission;
  const name = category?.name ?? '';
  return (
    <ModalForm
      submission={submission}
      label={category ? tr(msg`Edit ${name}`) : tr(msg`New duty category`)}
      errorTitle={tr(msg`Not saved`)}
      submitLabel={category ? tr(msg`Save category`) : tr(msg`Add category`)}
      onCancel={onCancel}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label={tr(msg`Name`)} required disabled={busy} {...form.getInputProps('name')} />
        <TextInput
          label={tr(msg`Code`)}
          description={tr(msg`Lower-case, e.g. drones; never changes`)}
          required={!category}
          disabled={busy || !!category}
          {...form.getInputProps('code')}
        />
      </SimpleGrid>
      <TextInput label={tr(msg`Description`)} disabled={busy} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NumberInput
          label={tr(msg`Import duty`)}
          {...percentField}
          disabled={busy}
          {...form.getInputProps('duty')}
        />
        <NumberInput label={tr(msg`GCT`)} {...percentField} disabled={busy} {...form.getInputProps('gct')} />
        <NumberInput
          label={tr(msg`Other charge`)}
          description={tr(msg`Share of CIF; 0 for none`)}
          {...percentField}
          disabled={busy}
          {...form.getInputProps('other')}
        />
      </SimpleGrid>
      <TextInput
        label={tr(msg`Other charge name`)}
        description={tr(msg`e.g. Special consumption tax`)}
        disabled={busy}
        {...form.getInputProps('other_label')}
      />
      <EffectiveFrom
        date={form.getInputProps('date')}
        time={form.getInputProps('time')}
        minDate={opened.date}
        busy={busy}
      />
    </ModalForm>
  );
}
