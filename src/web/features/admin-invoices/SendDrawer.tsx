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
  const queryClient = useQueryClient();
  const form = useForm<SendValues>({
    initialValues: { to: draft.to, subject: draft.subject, message: draft.message },
    validate: {
      to: (v) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? null : 'Enter an email address'),
      subject: (v) => (v.trim() ? null : 'Enter a subject'),
      message: (v) => (v.trim() ? null : 'Write a message'),
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
    failure: 'The invoice was not sent',
  });
  const { formRef, onSubmit, formError, busy } = submission;
  return (
    <form noValidate ref={formRef} aria-label="Send the invoice" onSubmit={onSubmit}>
      <Stack gap="sm">
        <FormErrorAlert title="The invoice was not sent" error={formError} />
        <TextInput label="From" value={draft.from} readOnly description="The company's sending address" />
        <TextInput label="To" type="email" required autoComplete="off" {...form.getInputProps('to')} />
        <TextInput label="Subject" required maxLength={200} {...form.getInputProps('subject')} />
        <Textarea label="Message" required rows={8} maxLength={5000} {...form.getInputProps('message')} />
        <Group gap={6} wrap="nowrap">
          <IconPaperclip size={16} aria-hidden />
          <Text size="sm" data-testid="send-attachment">
            Attached: {draft.attachment}
          </Text>
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Send invoice
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
  const changed = useInvoiceChanged();
  const draft = useQuery({ ...invoiceMailDraftQueryOptions(invoiceId), enabled: opened && invoiceId !== '' });

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title="Send invoice"
      closeButtonProps={{ 'aria-label': 'Close send invoice' }}
    >
      {draft.isPending || draft.isFetching ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the message">
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={160} />
        </Stack>
      ) : draft.isError ? (
        <QueryError
          title="Could not prepare the message"
          error={draft.error}
          onRetry={() => void draft.refetch()}
        />
      ) : (
        <Stack gap="sm">
          <Alert variant="light" color="blue" p="xs">
            The customer gets this email with the invoice PDF attached, and a notification in the portal.
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
                title: 'Invoice sent',
                message: `${inv.number ?? 'The invoice'} was emailed with its PDF`,
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
