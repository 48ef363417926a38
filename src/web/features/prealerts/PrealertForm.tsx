import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Fieldset.css';
import {
  Alert,
  Button,
  Card,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { Prealert } from '../../../contract/packages';
import { packageTypes } from '../../../contract/packages';
import { PushPrompt } from '../../components/push/PushPrompt';
import { applyServerErrors, zodResolver } from '../../lib/form';
import { useBusy } from '../../lib/offline/busy';
import { FilePicker } from '../../lib/upload/FilePicker';
import { UploadProgress } from '../../lib/upload/UploadProgress';
import { type PrealertData, prealertFormFields, sendOrQueuePrealert } from './api';
import { useSendPrealert } from './hooks';
import {
  emptyPrealert,
  PACKAGE_TYPE_LABELS,
  type PrealertFormValues,
  prealertFormSchema,
  toSubmission,
} from './prealert-form';
import { useOutboxDraft } from './use-outbox-draft';

export type SubmitPrealert = (
  fields: PrealertData,
  files: File[],
  onProgress: (percent: number) => void,
) => Promise<Prealert | null>;

/** Numbers: no negatives, two decimals, the keyboard's decimal pad on phones. */
const numberProps = {
  allowNegative: false,
  decimalScale: 2,
  min: 0,
  hideControls: true,
} as const;

/**
 * The pre-alert form: every field with a visible label and the contract's rules, 1–5 receipt files,
 * a percentage while uploading, the server's messages on their fields when it refuses.
 */
export function PrealertForm({
  submit = sendOrQueuePrealert,
  outboxId,
  onOutboxDone,
}: {
  submit?: SubmitPrealert;
  /** Edit and resend an outbox item the server refused (from the outbox drawer). */
  outboxId?: string | undefined;
  onOutboxDone?: () => void;
}) {
  const { t, i18n } = useLingui();
  const [progress, setProgress] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  /** The pre-alert just sent, still to arrive: the moment to offer "Tell me when it arrives". */
  const [awaiting, setAwaiting] = useState<Prealert | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm<PrealertFormValues>({
    mode: 'controlled',
    initialValues: emptyPrealert(),
    validate: zodResolver(prealertFormSchema),
    validateInputOnBlur: true,
  });

  const draft = useOutboxDraft(outboxId, form);
  // A new build must not reload the page over typed input (it waits for a later navigation).
  useBusy(form.isDirty(), 'pre-alert form');

  const mutation = useSendPrealert(async ({ fields, files }) => {
    if (draft.record) {
      await draft.resend(prealertFormFields(fields), fields.tracking_number, files);
      return null;
    }
    return submit(fields, files, setProgress);
  });
  const send = (v: { fields: PrealertData; files: File[] }) =>
    mutation.mutate(
      { ...v, resend: Boolean(draft.record) },
      {
        // What is said about it is the hook's (it is said even if this form is gone by then).
        onSuccess: (prealert) => {
          form.reset();
          setAwaiting(prealert && prealert.status !== 'matched' ? prealert : null);
          setProgress(null);
          if (!prealert && draft.record) onOutboxDone?.();
        },
        onError: (e) => {
          setProgress(null);
          applyServerErrors(form, e, t`Upload failed`);
          // The reply's message is always shown; its field messages also sit on their fields.
          setFormError(e instanceof Error && e.message ? e.message : t`Upload failed`);
        },
      },
    );
  const busy = mutation.isPending;

  // A refusal from the server may sit above the fold: bring its message into view.
  useEffect(() => {
    if (formError) alertRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [formError]);

  const awaitingTracking = awaiting?.tracking_number;
  const refusal = draft.record?.lastError?.message;
  return (
    <Card padding="lg" component="section" aria-labelledby="prealert-form-heading">
      <Stack gap="xs" mb="md">
        <Title order={2} fz="lg" id="prealert-form-heading">
          <Trans>New pre-alert</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>
            Tell us what is coming so the warehouse can match the parcel to your mailbox the moment it
            arrives.
          </Trans>
        </Text>
      </Stack>
      <form
        noValidate
        aria-labelledby="prealert-form-heading"
        ref={formRef}
        onSubmit={form.onSubmit(
          (values) => {
            setFormError(null);
            setAwaiting(null);
            setProgress(0);
            send(toSubmission(values));
          },
          // Keyboard and screen-reader users land on the first field to fix.
          () => {
            requestAnimationFrame(() => {
              formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
            });
          },
        )}
      >
        <Stack gap="md">
          {awaiting && (
            <Alert
              color="green"
              variant="light"
              title={t`Pre-alert ${awaitingTracking} sent`}
              withCloseButton
              closeButtonLabel={t`Close`}
              onClose={() => setAwaiting(null)}
            >
              <Stack gap="xs">
                <Text size="sm">
                  <Trans>We will match it to your package when it arrives at the warehouse.</Trans>
                </Text>
                <PushPrompt place="prealert" />
              </Stack>
            </Alert>
          )}
          {draft.record && (
            <Alert color="orange" variant="light" title={t`Editing a pre-alert from your outbox`}>
              {refusal ? (
                <Trans>The server refused it: {refusal}. Correct it and send it again.</Trans>
              ) : (
                <Trans>The server refused it: see the fields below. Correct it and send it again.</Trans>
              )}
            </Alert>
          )}
          {formError && (
            <Alert
              ref={alertRef}
              color="red"
              variant="light"
              title={t`The pre-alert was not sent`}
              role="alert"
            >
              {formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t`Tracking number`}
              description={t`As the seller or carrier gives it`}
              required
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              disabled={busy}
              key={form.key('tracking_number')}
              {...form.getInputProps('tracking_number')}
            />
            <TextInput
              label={t`Seller or store`}
              description={t`Amazon, eBay, Shein…`}
              required
              disabled={busy}
              key={form.key('seller_name')}
              {...form.getInputProps('seller_name')}
            />
          </SimpleGrid>
          <Textarea
            label={t`Description`}
            description={t`What is inside`}
            required
            autosize
            minRows={2}
            maxRows={5}
            disabled={busy}
            key={form.key('description')}
            {...form.getInputProps('description')}
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <NumberInput
              label={t`Weight (lb)`}
              required
              inputMode="decimal"
              disabled={busy}
              {...numberProps}
              key={form.key('weight')}
              {...form.getInputProps('weight')}
            />
            <NumberInput
              label={t`Declared value (US$)`}
              required
              inputMode="decimal"
              prefix="US$"
              thousandSeparator=","
              disabled={busy}
              {...numberProps}
              key={form.key('value')}
              {...form.getInputProps('value')}
            />
            <Select
              label={t`Package type`}
              placeholder={t`Choose a type`}
              required
              data={packageTypes.map((value) => ({ value, label: i18n._(PACKAGE_TYPE_LABELS[value]) }))}
              allowDeselect={false}
              disabled={busy}
              key={form.key('package_type')}
              {...form.getInputProps('package_type')}
            />
          </SimpleGrid>
          <Fieldset
            legend={t`Dimensions in inches (optional)`}
            variant="unstyled"
            disabled={busy}
            m={0}
            p={0}
          >
            <SimpleGrid cols={3} spacing="sm">
              <NumberInput
                label={t`Length (in)`}
                inputMode="decimal"
                {...numberProps}
                key={form.key('length')}
                {...form.getInputProps('length')}
              />
              <NumberInput
                label={t`Width (in)`}
                inputMode="decimal"
                {...numberProps}
                key={form.key('width')}
                {...form.getInputProps('width')}
              />
              <NumberInput
                label={t`Height (in)`}
                inputMode="decimal"
                {...numberProps}
                key={form.key('height')}
                {...form.getInputProps('height')}
              />
            </SimpleGrid>
          </Fieldset>
          <FilePicker
            label={t`Invoice or receipt files`}
            files={form.getValues().files}
            onChange={(files) => {
              form.setFieldValue('files', files);
              form.clearFieldError('files');
            }}
            error={typeof form.errors.files === 'string' ? form.errors.files : null}
            disabled={busy}
          />
          {progress !== null && <UploadProgress percent={progress} />}
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={busy} leftSection={<IconSend size={18} aria-hidden />}>
              <Trans>Send pre-alert</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
