import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Drawer, Group, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconPaperclip } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvoiceDetail, InvoiceMailDraft, SendInvoiceBody } from '../../../contract/invoices';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { QueryError } from '../../components/QueryStates';
import { useFormSubmit } from '../../lib/use-form-submit';
import { invoiceChanges, invoiceMailDraftQueryOptions, refreshInvoice } from './api';
import { useInvoiceChanged } from './hooks';

interface SendValues {
  to: string;
  subject: string;
  message: string;
}

function SendForm({
  invoiceId,
  draft,
  onSent,
  onCancel,
}: {
  invoiceId: string;
  draft: InvoiceMailDraft;
  onSent: (inv: InvoiceDetail) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const attachment = draft.attachment;
  const form = useForm<SendValues>({
    initialValues: { to: draft.to, subject: draft.subject, message: draft.message },
    validate: {
      to: (v) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? null : t`Enter an email address`),
      subject: (v) => (v.trim() ? null : t`Enter a subject`),
      message: (v) => (v.trim() ? null : t`Write a message`),
    },
  });
  const submission = useFormSubmit({
    form,
    toBody: (v): SendInvoiceBody => ({
      to: v.to.trim(),
      subject: v.subject.trim(),
      message: v.message.trim(),
    }),
    send: async (body) => {
      try {
        return await invoiceChanges.send(invoiceId, body);
      } catch (err) {
        // A failed send is recorded on the invoice (send_error): the screen behind shows it.
        void refreshInvoice(queryClient, invoiceId);
        throw err;
      }
    },
    onSent,
    failure: t`The invoice was not sent`,
  });
  const { formRef, onSubmit, formError, busy } = submission;
  return (
    <form noValidate ref={formRef} aria-label={t`Send the invoice`} onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormErrorAlert title={t`The invoice was not sent`} error={formError} />
        <TextInput
          label={t`From`}
          value={draft.from}
          readOnly
          description={t`The company's sending address`}
        />
        <TextInput label={t`To`} type="email" required autoComplete="off" {...form.getInputProps('to')} />
        <TextInput label={t`Subject`} required maxLength={200} {...form.getInputProps('subject')} />
        <Textarea label={t`Message`} required rows={8} maxLength={5000} {...form.getInputProps('message')} />
        <Group gap={6} wrap="nowrap">
          <IconPaperclip size={16} aria-hidden />
          <Text size="sm" data-testid="send-attachment">
            <Trans>Attached: {attachment}</Trans>
          </Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={busy}>
            <Trans>Send invoice</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The send drawer: from, to, subject and message (prefilled by the server), the PDF attached; sends it. */
export function SendDrawer({
  invoiceId,
  opened,
  onClose,
  onSent,
}: {
  invoiceId: string;
  opened: boolean;
  onClose: () => void;
  onSent?: (invoice: InvoiceDetail) => void;
}) {
  const { t } = useLingui();
  const changed = useInvoiceChanged();
  const draft = useQuery({ ...invoiceMailDraftQueryOptions(invoiceId), enabled: opened && invoiceId !== '' });

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={t`Send invoice`}
      closeButtonProps={{ 'aria-label': t`Close send invoice` }}
    >
      {draft.isPending || draft.isFetching ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t`Loading the message`}>
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={160} />
        </Stack>
      ) : draft.isError ? (
        <QueryError
          title={t`Could not prepare the message`}
          error={draft.error}
          onRetry={() => void draft.refetch()}
        />
      ) : (
        <Stack gap="sm">
          <Alert variant="light" color="blue" p="xs">
            <Trans>
              The customer gets this email with the invoice PDF attached, and a notification in the portal.
            </Trans>
          </Alert>
          <SendForm
            key={invoiceId}
            invoiceId={invoiceId}
            draft={draft.data}
            onCancel={onClose}
            onSent={(inv) => {
              changed(inv);
              notifications.show({
                color: 'green',
                title: t`Invoice sent`,
                message: t`${{ number: inv.number ?? t`The invoice` }} was emailed with its PDF`,
              });
              onSent?.(inv);
              onClose();
            }}
          />
        </Stack>
      )}
    </Drawer>
  );
}
