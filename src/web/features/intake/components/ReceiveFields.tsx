import '@mantine/core/styles/Checkbox.css';
import { Alert, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { IconBarcode, IconCamera, IconDeviceFloppy, IconPhoto } from '@tabler/icons-react';
import { FileDrop } from '../../../lib/upload/FileDrop';
import { normalise, type Values } from '../receive-form';
import type { ReceiveForm } from '../use-receive-form';
import { LookupPanel, PackageLink } from './LookupPanel';

const TYPES = [
  { value: '', label: '—' },
  { value: 'parcel', label: 'Parcel' },
  { value: 'envelope', label: 'Envelope' },
  { value: 'box', label: 'Box' },
  { value: 'pallet', label: 'Pallet' },
  { value: 'barrel', label: 'Barrel' },
  { value: 'other', label: 'Other' },
];
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/heic';
const FLAGS = [
  ['fragile', 'Fragile'],
  ['hazardous', 'Hazardous'],
  ['signature_required', 'Signature required'],
  ['customs_hold', 'Customs hold'],
] as const;
type TextKey = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values];

/**
 * The receive form itself: tracking number first (a scanner types it and Enter), then the weight; Enter walks
 * the fields (`data-step`), Ctrl+Enter saves from anywhere.
 */
export function ReceiveFields({ form, onCamera }: { form: ReceiveForm; onCamera: () => void }) {
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
      aria-label="Receive a parcel"
    >
      <Stack gap="md">
        {form.formError && (
          <Alert color="red" title="Not saved">
            {form.formError}
          </Alert>
        )}
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            ref={form.refs.trackingRef}
            label="Tracking number"
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
          <Button size="lg" variant="default" onClick={onCamera} aria-label="Scan with the camera" px="md">
            <IconCamera size={22} aria-hidden />
          </Button>
        </Group>
        {form.duplicate && (
          <Alert color="red" title="Already received" data-testid="intake-duplicate">
            {form.duplicateSaid}. It is not received twice. <PackageLink id={form.duplicate} />
          </Alert>
        )}
        <LookupPanel lookup={form.lookup} typed={typed} duplicate={form.duplicate} />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {field('weight', 'Weight (lb)', { ref: form.refs.weightRef, inputMode: 'decimal' })}
          {field('length', 'Length (in)', { inputMode: 'decimal' })}
          {field('width', 'Width (in)', { inputMode: 'decimal' })}
          {field('height', 'Height (in)', { inputMode: 'decimal' })}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {field('mailbox_number', 'Mailbox number', { autoCapitalize: 'characters' })}
          {field('consignee', 'Customer email or name')}
          {field('shipper', 'Shipper')}
          {field('carrier', 'Carrier')}
        </SimpleGrid>
        {field('description', 'Description')}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {field('declared_value', 'Declared value (US$)', { inputMode: 'decimal' })}
          <NativeSelect
            label="Package type"
            size="md"
            data={TYPES}
            value={values.package_type}
            onChange={(e) => set('package_type', e.currentTarget.value)}
            error={errors.package_type}
          />
          {field('pieces', 'Pieces', { inputMode: 'numeric' })}
          {field('house_awb', 'House AWB')}
        </SimpleGrid>
        <Group gap="lg">
          {FLAGS.map(([key, label]) => (
            <Checkbox
              key={key}
              size="md"
              label={label}
              checked={values[key]}
              onChange={(e) => set(key, e.currentTarget.checked)}
            />
          ))}
        </Group>
        {field('note', 'Note')}
        <FileDrop
          label="Photo"
          hint="Of the parcel and its label: the customer sees it. On a phone, the camera opens."
          accept={PHOTO_TYPES}
          capture="environment"
          chooseLabel="Take or choose a photo"
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
          Save (Ctrl+Enter)
        </Button>
      </Stack>
    </form>
  );
}
