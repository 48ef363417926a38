import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useEffect, useState } from 'react';
import type { CompanySettings, UpdateSettingsInput } from '../../../../contract/settings';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { applyServerErrors } from '../../../lib/form';
import { useSaveSettings } from '../hooks';
import { fieldOf } from '../sections';

export type SaveSettings = (body: UpdateSettingsInput) => Promise<CompanySettings>;

/** What every section gets from the screen. */
export interface SectionProps {
  settings: CompanySettings;
  /** The call that saves (tests pass their own). */
  save?: SaveSettings | undefined;
}

/** A field of a section's form (controlled): its value, change and error, and disabled while saving. */
export function field<V extends Record<string, unknown>>(
  form: UseFormReturnType<V>,
  busy: boolean,
  name: keyof V & string,
) {
  return { disabled: busy, ...form.getInputProps(name) };
}

/** What a section's form needs of the call that saves it (a mutation of hooks.ts). */
export interface SectionSaver<S, B> {
  mutate: (body: B, callbacks: { onSuccess: (saved: S) => void; onError: (e: Error) => void }) => void;
  isPending: boolean;
}

type SectionFormProps<S, V extends Record<string, unknown>, B> = {
  id: string;
  title: string;
  description: ReactNode;
  settings: S;
  toValues: (s: S) => V;
  toBody: (v: V) => B;
  validate?: ((v: V) => Record<string, string>) | undefined;
  onSaved?: ((saved: S) => void) | undefined;
  children: (form: UseFormReturnType<V>, busy: boolean) => ReactNode;
  /** What customers will read, from the values being edited. */
  preview?: ((values: V) => ReactNode) | undefined;
};

/**
 * One section of Company settings: its own form and Save (enabled only once something in it changed), the
 * server's messages on their fields, a toast when saved. `onSaved` lets the screen react (the time zone).
 */
export function SettingsSection<V extends Record<string, unknown>>({
  save,
  ...props
}: SectionFormProps<CompanySettings, V, UpdateSettingsInput> & { save?: SaveSettings | undefined }) {
  return <SectionForm {...props} saver={useSaveSettings(save)} />;
}

/** The form of a section, whatever it saves through (the company's settings, or the online payments'). */
export function SectionForm<S, V extends Record<string, unknown>, B>({
  id,
  title,
  description,
  settings,
  toValues,
  toBody,
  validate,
  saver: mutation,
  onSaved,
  children,
  preview,
}: SectionFormProps<S, V, B> & { saver: SectionSaver<S, B> }) {
  const { t } = useLingui();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: toValues(settings),
    validate: validate ? (values) => validate(values) : undefined,
  });
  const send = (body: B) =>
    mutation.mutate(body, {
      onSuccess: (saved) => {
        const values = toValues(saved);
        form.setInitialValues(values);
        form.setValues(values);
        form.resetDirty(values);
        notifications.show({
          color: 'green',
          title: t`${title} saved`,
          message: t`Customers see the change at once.`,
        });
        onSaved?.(saved);
      },
      onError: (e) =>
        setFormError(
          applyServerErrors(form, e, t`Could not save. Check your connection and try again.`, fieldOf),
        ),
    });

  // A newer copy from the server replaces what is shown, unless the admin has started editing this section.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new settings are the trigger; the form is not an input
  useEffect(() => {
    if (form.isDirty()) return;
    const values = toValues(settings);
    form.setInitialValues(values);
    form.setValues(values);
  }, [settings]);

  const busy = mutation.isPending;
  const headingId = `settings-${id}-heading`;
  const name = title.toLowerCase();
  return (
    <form
      noValidate
      aria-labelledby={headingId}
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        send(toBody(values));
      })}
    >
      <Card padding="lg" component="section">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id={headingId}>
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </div>
          <FormErrorAlert title={t`Could not save ${name}`} error={formError} />
          {children(form, busy)}
          {preview ? (
            <Card withBorder padding="sm" radius="sm" bg="var(--mantine-color-default-hover)">
              <Text size="sm" fw={600}>
                <Trans>Customers see</Trans>
              </Text>
              <Text size="sm" component="div" data-testid={`settings-${id}-preview`}>
                {preview(form.values)}
              </Text>
            </Card>
          ) : null}
          <Group justify="flex-end" gap="xs" wrap="nowrap">
            <Button
              variant="default"
              disabled={!form.isDirty() || busy}
              onClick={() => {
                setFormError(null);
                form.reset();
              }}
            >
              <Trans>Undo</Trans>
            </Button>
            <Button type="submit" loading={busy} disabled={!form.isDirty() && !busy}>
              <Trans>Save {name}</Trans>
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}
