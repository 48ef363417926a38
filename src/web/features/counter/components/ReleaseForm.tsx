import '../i18n';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Paper, Radio, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPackageExport } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import type { CounterLookup, CounterPackage, ReleaseBody } from '../../../../contract/counter';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { idempotencyKeys } from '../../../lib/api';
import { identificationsQueryOptions } from '../../../lib/reference/api';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useReleaseParcels } from '../hooks';
import { BILLING_LABELS } from '../labels';

interface ReleaseValues {
  /** '' = the customer in person; else one of their authorized persons. */
  authorized_person_id: string;
  identification_id: string | null;
  id_number: string;
  override_reason: string;
}

const ID_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 -]*$/;

/**
 * Hands the selected parcels over: who collects (the customer or an authorized person), the photo ID shown (type
 * and number, which the server compares with the record), and why when a parcel leaves unpaid.
 */
export function ReleaseForm({
  data,
  selected,
  onReleased,
}: {
  data: CounterLookup;
  selected: CounterPackage[];
  onReleased: () => void;
}) {
  const { t, i18n } = useLingui();
  const ids = useQuery(identificationsQueryOptions());
  // One key per body: a retry after a lost reply never releases twice; a changed body is a new release.
  const keys = useRef(idempotencyKeys()).current;
  const release = useReleaseParcels();
  const unpaid = selected.filter((p) => p.billing !== 'paid');
  const needsReason = unpaid.length > 0;

  // A pass presented by an authorized person names them as the one collecting (their ID type preset).
  const passHolder = data.authorized_persons.find((p) => p.id === data.pass?.authorized_person_id);
  const form = useForm<ReleaseValues>({
    mode: 'controlled',
    initialValues: {
      authorized_person_id: passHolder?.id ?? '',
      identification_id: passHolder ? String(passHolder.identification.id) : null,
      id_number: '',
      override_reason: '',
    },
    validate: {
      identification_id: (v) => (v ? null : t`Choose the type of ID`),
      id_number: (v) =>
        v.trim().length < 3
          ? t`Enter the ID number`
          : !ID_NUMBER.test(v.trim())
            ? t`Use letters, digits, spaces and dashes`
            : null,
      override_reason: (v) =>
        needsReason && !v.trim() ? t`Say why these parcels leave without payment` : null,
    },
  });

  const submission = useFormSubmit({
    form,
    toBody: (v): ReleaseBody => ({
      package_ids: selected.map((p) => p.id),
      authorized_person_id: v.authorized_person_id || null,
      identification_id: Number(v.identification_id),
      id_number: v.id_number.trim(),
      ...(needsReason ? { override_reason: v.override_reason.trim() } : {}),
    }),
    send: (body) => release.mutateAsync({ body, key: keys.keyFor(body) }),
    onSent: (r) => {
      keys.reset();
      const collector = r.collected_by;
      notifications.show({
        color: 'green',
        title: plural(r.released.length, {
          one: `# parcel released to ${collector}`,
          other: `# parcels released to ${collector}`,
        }),
        message: `${r.id_type} ${r.id_number_masked}${r.overridden ? t` · ${r.overridden} unpaid, on override` : ''}`,
      });
      form.reset();
      onReleased();
    },
    failure: t`The parcels were not released. Please try again.`,
  });

  const people = data.authorized_persons;
  const unpaidList = unpaid
    .map((p) => `${p.tracking_number} (${i18n._(BILLING_LABELS[p.billing]).toLowerCase()})`)
    .join(', ');
  const idOptions = useMemo(
    () => (ids.data ?? []).map((i) => ({ value: String(i.id), label: i.name })),
    [ids.data],
  );
  const chooseCollector = (value: string) => {
    form.setFieldValue('authorized_person_id', value);
    // The ID type on record is the one they should show: preset it; the number is read off the ID itself.
    const person = people.find((p) => p.id === value);
    form.setFieldValue('identification_id', person ? String(person.identification.id) : null);
    form.setFieldValue('id_number', '');
    form.clearErrors();
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="counter-release">
      <form ref={submission.formRef} onSubmit={submission.onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg" id="counter-release">
            <Trans>Release</Trans>
          </Title>
          <Radio.Group
            label={t`Who collects`}
            value={form.values.authorized_person_id}
            onChange={chooseCollector}
            error={form.errors.authorized_person_id}
          >
            <Stack gap={6} mt={4}>
              <Radio value="" label={t`${data.customer.name} (the customer)`} />
              {people.map((p) => (
                <Radio
                  key={p.id}
                  value={p.id}
                  label={`${p.full_name} (${p.relationship || t`authorized`})`}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Select
            label={t`ID type`}
            placeholder={ids.isPending ? t`Loading…` : t`Choose a type`}
            required
            data={idOptions}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            key={form.key('identification_id')}
            {...form.getInputProps('identification_id')}
          />
          <TextInput
            label={t`ID number`}
            description={t`As printed on the ID shown at the desk`}
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            key={form.key('id_number')}
            {...form.getInputProps('id_number')}
          />
          {needsReason && (
            <Textarea
              label={t`Override reason`}
              description={t`Not paid: ${unpaidList}. Say why they leave without payment.`}
              required
              maxLength={500}
              rows={2}
              key={form.key('override_reason')}
              {...form.getInputProps('override_reason')}
            />
          )}
          <FormErrorAlert title={t`Not released`} error={submission.formError} />
          {selected.length === 0 && (
            <Text size="sm" c="dimmed">
              <Trans>Select the parcels to hand over.</Trans>
            </Text>
          )}
          <Button
            type="submit"
            loading={submission.busy}
            disabled={selected.length === 0}
            leftSection={<IconPackageExport size={18} aria-hidden />}
          >
            {selected.length === 0
              ? t`Release`
              : plural(selected.length, { one: 'Release # parcel', other: 'Release # parcels' })}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
