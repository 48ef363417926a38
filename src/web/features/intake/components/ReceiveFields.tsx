import '@mantine/core/styles/Checkbox.css';
import '../i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconBarcode, IconCamera, IconDeviceFloppy, IconPhoto } from '@tabler/icons-react';
import { FileDrop } from '../../../lib/upload/FileDrop';
import { normalise, type Values } from '../receive-form';
import type { ReceiveForm } from '../use-receive-form';
import { LookupPanel, PackageLink } from './LookupPanel';

const TYPES: { value: string; label: MessageDescriptor | null }[] = [
  { value: '', label: null },
  { value: 'parcel', label: msg`Parcel` },
  { value: 'envelope', label: msg`Envelope` },
  { value: 'box', label: msg`Box` },
  { value: 'pallet', label: msg`Pallet` },
  { value: 'barrel', label: msg`Barrel` },
  { value: 'other', label: msg`Other` },
];
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/heic';
const FLAGS = [
  ['fragile', msg`Fragile`],
  ['hazardous', msg`Hazardous`],
  ['signature_required', msg`Signature required`],
  ['customs_hold', msg`Customs hold`],
] as const;
type TextKey = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values];

/**
 * The receive form itself: tracking number first (a scanner types it and Enter), then the weight; Enter walks
 * the fields (`data-step`), Ctrl+Enter saves from anywhere.
 */
export function ReceiveFields({ form, onCamera }: { form: ReceiveForm; onCamera: () => void }) {
  const { t, i18n } = useLingui();
  const { values, set, errors } = form;
  const typed = normalise(values.tracking_number);
  const field = (key: TextKey, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      size="md"
      data-step
      value={values[key]}
      onChange={(e) => set(key, e.currentTarget.value)}
      error={errors[key]}
      autoComplete="off"
      {...extra}
    />
  );
  return (
    <form
      ref={form.refs.formRef}
      onSubmit={(e) => void form.save(e)}
      onKeyDown={form.onKeyDown}
      noValidate
      aria-label={t`Receive a parcel`}
    >
      <Stack gap="md">
        {form.formError && (
          <Alert color="red" title={t`Not saved`}>
            {form.formError}
          </Alert>
        )}
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            ref={form.refs.trackingRef}
            label={t`Tracking number`}
            size="lg"
            style={{ flex: 1 }}
            data-step
            autoFocus
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            leftSection={<IconBarcode size={20} aria-hidden />}
            value={values.tracking_number}
            onChange={(e) => set('tracking_number', e.currentTarget.value)}
            error={errors.tracking_number}
          />
          <Button size="lg" variant="default" onClick={onCamera} aria-label={t`Scan with the camera`} px="md">
            <IconCamera size={22} aria-hidden />
          </Button>
        </Group>
        {form.duplicate && (
          <Alert color="red" title={t`Already received`} data-testid="intake-duplicate">
            <Trans>{form.duplicateSaid}. It is not received twice.</Trans> <PackageLink id={form.duplicate} />
          </Alert>
        )}
        <LookupPanel lookup={form.lookup} typed={typed} duplicate={form.duplicate} />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {field('weight', t`Weight (lb)`, { ref: form.refs.weightRef, inputMode: 'decimal' })}
          {field('length', t`Length (in)`, { inputMode: 'decimal' })}
          {field('width', t`Width (in)`, { inputMode: 'decimal' })}
          {field('height', t`Height (in)`, { inputMode: 'decimal' })}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {field('mailbox_number', t`Mailbox number`, { autoCapitalize: 'characters' })}
          {field('consignee', t`Customer email or name`)}
          {field('shipper', t`Shipper`)}
          {field('carrier', t`Carrier`)}
        </SimpleGrid>
        {field('description', t`Description`)}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {field('declared_value', t`Declared value (US$)`, { inputMode: 'decimal' })}
          <NativeSelect
            label={t`Package type`}
            size="md"
            data={TYPES.map((o) => ({ value: o.value, label: o.label ? i18n._(o.label) : '—' }))}
            value={values.package_type}
            onChange={(e) => set('package_type', e.currentTarget.value)}
            error={errors.package_type}
          />
          {field('pieces', t`Pieces`, { inputMode: 'numeric' })}
          {field('house_awb', t`House AWB`)}
        </SimpleGrid>
        <Group gap="lg">
          {FLAGS.map(([key, label]) => (
            <Checkbox
              key={key}
              size="md"
              label={i18n._(label)}
              checked={values[key]}
              onChange={(e) => set(key, e.currentTarget.checked)}
            />
          ))}
        </Group>
        {field('note', t`Note`)}
        <FileDrop
          label={t`Photo`}
          hint={t`Of the parcel and its label: the customer sees it. On a phone, the camera opens.`}
          accept={PHOTO_TYPES}
          capture="environment"
          chooseLabel={t`Take or choose a photo`}
          icon={<IconPhoto size={28} stroke={1.5} aria-hidden />}
          file={form.photo}
          onFile={form.setPhoto}
          error={errors.photo}
        />
        <Button
          type="submit"
          size="lg"
          loading={form.saving}
          leftSection={<IconDeviceFloppy size={20} aria-hidden />}
          fullWidth
        >
          <Trans>Save (Ctrl+Enter)</Trans>
        </Button>
      </Stack>
    </form>
  );
}
