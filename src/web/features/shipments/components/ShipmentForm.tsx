import '../i18n';
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { Shipment } from '../../../../contract/shipments';
import { DateField } from '../../../components/DateField';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import type { ShipmentFields } from '../api';

type Values = { reference: string; mode: 'air' | 'sea'; departs_on: string; note: string };

/** Reference, mode, departure date and note: a new shipment's, or one's being edited (the server audits it). */
export function ShipmentForm({
  shipment,
  send,
  onSent,
  submitLabel,
}: {
  shipment?: Shipment;
  send: (body: ShipmentFields) => Promise<Shipment>;
  onSent: (saved: Shipment) => void;
  submitLabel: string;
}) {
  const { t } = useLingui();
  const form = useForm<Values>({
    initialValues: {
      reference: shipment?.reference ?? '',
      mode: shipment?.mode ?? 'air',
      departs_on: shipment?.departs_on ?? '',
      note: shipment?.note ?? '',
    },
    validate: { reference: (v) => (v.trim().length < 2 ? t`Enter a reference (e.g. the master AWB)` : null) },
  });
  const { formRef, onSubmit, formError, busy } = useFormSubmit({
    form,
    toBody: (v): ShipmentFields => ({ ...v, departs_on: v.departs_on || null }),
    send,
    onSent,
    failure: shipment ? t`The shipment could not be saved` : t`The shipment could not be created`,
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormErrorAlert title={shipment ? t`Not saved` : t`Not created`} error={formError} />
        <TextInput
          label={t`Reference`}
          description={t`Master AWB, container or your own`}
          data-autofocus
          required
          {...form.getInputProps('reference')}
        />
        <Select
          label={t`Mode`}
          data={[
            { value: 'air', label: t`Air` },
            { value: 'sea', label: t`Sea` },
          ]}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('mode')}
        />
        <DateField label={t`Departs on`} {...form.getInputProps('departs_on')} />
        <Textarea label={t`Note`} maxLength={500} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
