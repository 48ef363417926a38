import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Checkbox.css';
import '../i18n';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Card,
  Checkbox,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { StaffPackageDetail, StaffPackageUpdate } from '../../../../contract/staff-packages';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useUpdatePackage } from '../hooks';

/**
 * The fields edited as they are: what the parcel is and whose the label says, where it came from, its flags.
 * Numbers are typed as text and read back as numbers.
 */
const WHAT = ['description', 'package_type', 'consignee_hint'] as const;
const FROM = ['seller_name', 'shipper', 'carrier', 'house_awb'] as const;
const TEXTS = [...WHAT, ...FROM];
const FLAGS = ['fragile', 'hazardous', 'signature_required', 'customs_hold'] as const;
const KEPT = [...TEXTS, ...FLAGS];
type Kept = Pick<StaffPackageDetail, (typeof KEPT)[number]>;
const kept = (from: Kept): Kept => Object.fromEntries(KEPT.map((k) => [k, from[k]])) as Kept;

type Values = Kept & {
  weight: number | string;
  length: number | string;
  width: number | string;
  height: number | string;
  pieces: number | string;
  /** The declared value in dollars, as typed. */
  value: number | string;
  note: string;
};

/** A size or value nobody gave (0) shows as an empty field, not as "0". */
const given = (n: number) => (n > 0 ? n : '');

const valuesOf = (p: StaffPackageDetail): Values => ({
  ...kept(p),
  weight: Number(p.weight),
  length: given(Number(p.length)),
  width: given(Number(p.width)),
  height: given(Number(p.height)),
  pieces: p.pieces,
  value: given(p.declared_value_cents / 100),
  note: '',
});

const toBody = (v: Values): StaffPackageUpdate => ({
  ...kept(v),
  weight: Number(v.weight),
  length: Number(v.length),
  width: Number(v.width),
  height: Number(v.height),
  pieces: Number(v.pieces),
  declared_value_cents: Math.round(Number(v.value) * 100),
  note: v.note,
});

const DIMENSIONS = [
  { key: 'length', label: msg`Length (in)` },
  { key: 'width', label: msg`Width (in)` },
  { key: 'height', label: msg`Height (in)` },
] as const;

/** Every field of the package, saved together; the reason goes to the history. */
export function DetailsCard({ pkg }: { pkg: StaffPackageDetail }) {
  const { t, i18n } = useLingui();
  const update = useUpdatePackage(pkg.id);
  const form = useForm<Values>({ initialValues: valuesOf(pkg) });
  const { formRef, onSubmit, formError, busy } = useFormSubmit({
    form,
    toBody,
    send: update.mutateAsync,
    onSent: (saved) => {
      form.setInitialValues(valuesOf(saved));
      form.setValues(valuesOf(saved));
      notifications.show({ color: 'teal', title: t`Package saved`, message: saved.tracking_number });
    },
    failure: t`The package could not be saved`,
    // The API names the value in cents; the form has it in dollars.
    errorSink: {
      values: { ...form.values, declared_value_cents: 0 },
      setFieldError: (field, message) =>
        form.setFieldError(field === 'declared_value_cents' ? 'value' : field, message),
    },
  });
  const text = (key: (typeof TEXTS)[number], label: string) => (
    <TextInput label={label} {...form.getInputProps(key)} />
  );
  return (
    <Card withBorder component="section" aria-labelledby="pkg-edit">
      <Title order={2} fz="lg" id="pkg-edit" mb="sm">
        <Trans>Details</Trans>
      </Title>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <FormErrorAlert title={t`Not saved`} error={formError} />
          {text('description', t`Description`)}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('seller_name', t`Seller`)}
            {text('shipper', t`Shipper`)}
            {text('carrier', t`Carrier`)}
            {text('house_awb', t`House AWB`)}
            {text('package_type', t`Package type`)}
            {text('consignee_hint', t`Consignee on the label`)}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <NumberInput
              label={t`Weight (lb)`}
              min={0}
              max={2000}
              decimalScale={2}
              {...form.getInputProps('weight')}
            />
            <NumberInput
              label={t`Pieces`}
              min={1}
              max={9999}
              allowDecimal={false}
              {...form.getInputProps('pieces')}
            />
            <NumberInput
              label={t`Declared value (US$)`}
              min={0}
              decimalScale={2}
              {...form.getInputProps('value')}
            />
            {DIMENSIONS.map((d) => (
              <NumberInput
                key={d.key}
                label={i18n._(d.label)}
                min={0}
                max={500}
                decimalScale={2}
                {...form.getInputProps(d.key)}
              />
            ))}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Checkbox label={t`Customs hold`} {...form.getInputProps('customs_hold', { type: 'checkbox' })} />
            <Checkbox label={t`Fragile`} {...form.getInputProps('fragile', { type: 'checkbox' })} />
            <Checkbox label={t`Hazardous`} {...form.getInputProps('hazardous', { type: 'checkbox' })} />
            <Checkbox
              label={t`Signature`}
              {...form.getInputProps('signature_required', { type: 'checkbox' })}
            />
          </SimpleGrid>
          <TextInput label={t`Reason for the change (kept in the history)`} {...form.getInputProps('note')} />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!form.isDirty()}>
              <Trans>Save changes</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
