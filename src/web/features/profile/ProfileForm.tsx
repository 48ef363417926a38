import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Switch.css';
import './i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Fieldset, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import {
  type NotificationPreferences,
  type Profile,
  updateProfileBodySchema,
} from '../../../contract/profile';
import type { Parish } from '../../../contract/reference';
import { AddressField, NameFields, PhoneField, TrnField } from '../../components/CustomerFields';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { NotificationPreferencesGrid } from '../../components/NotificationPreferencesGrid';
import { ParishField } from '../../components/ParishField';
import { applyServerErrors, zodResolver } from '../../lib/form';
import { useSaveProfile } from './hooks';
import classes from './ProfileForm.module.css';

export interface ProfileFormValues {
  first_name: string;
  last_name: string;
  phone: string;
  address: string;
  parish_id: number | null;
  trn: string;
  notification_preferences: NotificationPreferences;
}

export const profileFormValues = (p: Profile): ProfileFormValues => ({
  first_name: p.user.first_name,
  last_name: p.user.last_name,
  phone: p.user.phone,
  address: p.user.address,
  parish_id: p.parish?.id ?? p.user.parish_id,
  trn: p.user.trn ?? '',
  notification_preferences: { ...p.notification_preferences },
});

/** The e-mails beyond the grid's moments. */
const PREFERENCES: {
  key: keyof NotificationPreferences;
  label: MessageDescriptor;
  description: MessageDescriptor;
}[] = [
  {
    key: 'email_package_updates',
    label: msg`Other package updates`,
    description: msg`When a package moves on: in transit, at customs, delivered`,
  },
  {
    key: 'email_invoices',
    label: msg`Invoice reminders`,
    description: msg`Reminders and changes to your invoices`,
  },
  {
    key: 'email_purchase_requests',
    label: msg`Purchase requests`,
    description: msg`When we quote or buy something for you`,
  },
];

export type SaveProfile = (body: z.output<typeof updateProfileBodySchema>) => Promise<Profile>;

export interface ProfileFormProps {
  profile: Profile;
  parishes: Parish[];
  parishesLoading?: boolean;
  parishesError?: string | null;
  /** Sends the changes (the API by default; tests pass their own). */
  save?: SaveProfile;
}

/**
 * Name, phone, address, parish, TRN and which notifications are emailed. The email is shown, not editable. Saving
 * refreshes the user everywhere (the header's name comes from the `me` query).
 */
export function ProfileForm({
  profile,
  parishes,
  parishesLoading = false,
  parishesError = null,
  save,
}: ProfileFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const { t, i18n } = useLingui();
  const form = useForm<ProfileFormValues>({
    mode: 'controlled',
    initialValues: profileFormValues(profile),
    validate: zodResolver(updateProfileBodySchema),
  });
  // Offline the save fails at once with a clear message instead of waiting, button spinning, for the network.
  const mutation = useSaveProfile(save);
  const send = (body: z.output<typeof updateProfileBodySchema>) =>
    mutation.mutate(body, {
      onSuccess: (saved) => {
        const values = profileFormValues(saved);
        form.setInitialValues(values);
        form.setValues(values);
        form.resetDirty(values);
        notifications.show({
          color: 'green',
          title: t`Profile saved`,
          message: t`Your details were updated.`,
        });
      },
      onError: (e) =>
        setFormError(applyServerErrors(form, e, t`Could not save your profile. Please try again.`)),
    });

  // A newer copy from the server (the refetch after a reload shows a cached copy first) replaces what is shown,
  // unless the user has started editing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new profile is the trigger; the form is not an input
  useEffect(() => {
    if (form.isDirty()) return;
    const values = profileFormValues(profile);
    form.setInitialValues(values);
    form.setValues(values);
  }, [profile]);

  // Until the list is there (offline on a device that never fetched it), the saved parish still shows.
  const parishOptions = parishes.length > 0 ? parishes : profile.parish ? [profile.parish] : [];

  return (
    <form
      noValidate
      aria-labelledby="profile-details-heading"
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        send(updateProfileBodySchema.parse(values));
      })}
    >
      <Card padding="lg">
        <Stack gap="md">
          <Title order={2} fz="lg" id="profile-details-heading">
            <Trans>Personal details</Trans>
          </Title>
          <FormErrorAlert title={t`Could not save your profile`} error={formError} />
          <NameFields form={form} />
          <div>
            <Text size="sm" fw={500}>
              <Trans>Email</Trans>
            </Text>
            <Text data-testid="profile-email" className={classes.email}>
              {profile.user.email}
            </Text>
            <Text size="xs" c="dimmed">
              <Trans>Your login. To change it, contact us.</Trans>
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <PhoneField form={form} />
            <TrnField form={form} />
          </SimpleGrid>
          <AddressField form={form} />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <ParishField
              parishes={parishOptions}
              loading={parishesLoading}
              loadError={parishesError}
              key={form.key('parish_id')}
              {...form.getInputProps('parish_id')}
              value={form.values.parish_id === null ? null : String(form.values.parish_id)}
              onChange={(value) => form.setFieldValue('parish_id', value ? Number(value) : null)}
            />
          </SimpleGrid>
          <Fieldset legend={t`Tell me about`} variant="unstyled">
            <Text size="sm" c="dimmed" mb="sm">
              <Trans>
                Every notification also appears under the bell at the top of the page. Push goes to the
                devices where you turned notifications on.
              </Trans>
            </Text>
            <NotificationPreferencesGrid
              caption={t`How you are told about each moment`}
              values={form.values.notification_preferences}
              onChange={(key, checked) => form.setFieldValue(`notification_preferences.${key}`, checked)}
            />
          </Fieldset>
          <Fieldset legend={t`Also e-mail me about`} variant="unstyled">
            <Stack gap="sm">
              {PREFERENCES.map((p) => (
                <Switch
                  key={form.key(`notification_preferences.${p.key}`)}
                  label={i18n._(p.label)}
                  description={i18n._(p.description)}
                  {...form.getInputProps(`notification_preferences.${p.key}`, { type: 'checkbox' })}
                />
              ))}
            </Stack>
          </Fieldset>
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={!form.isDirty() || mutation.isPending}
              onClick={() => {
                setFormError(null);
                form.reset();
              }}
            >
              <Trans>Undo changes</Trans>
            </Button>
            <Button
              type="submit"
              loading={mutation.isPending}
              disabled={!form.isDirty() && !mutation.isPending}
            >
              <Trans>Save changes</Trans>
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}
