import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import type { InvoiceSummary } from '../../../contract/invoices';
import { invoiceCalls } from '../../../contract/invoices.calls';
import { ConfirmDelete, useConfirmDelete } from '../../components/ConfirmDelete';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { api, errorMessage } from '../../lib/api';
import { adminInvoiceKeys, downloadAdminInvoicePdf, refreshInvoice } from './api';
import { PaymentDrawer } from './PaymentDrawer';
import { SendDrawer } from './SendDrawer';

/** What the actions need to know of an invoice (a list row or the full record). */
export type InvoiceRef = Pick<InvoiceSummary, 'id' | 'number' | 'status' | 'customer'>;

function CancelModal({ invoice, onClose }: { invoice: InvoiceRef | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: (id: string) =>
      api.call(invoiceCalls.cancel, { params: { id }, body: { reason: reason.trim() } }),
    networkMode: 'always',
    onSuccess: (inv) => {
      queryClient.setQueryData(adminInvoiceKeys.detail(inv.id), inv);
      void refreshInvoice(queryClient, inv.id);
      notifications.show({
        color: 'green',
        title: 'Invoice cancelled',
        message: `${inv.number}: ${inv.cancel_reason}`,
      });
      setReason('');
      onClose();
    },
  });
  const close = () => {
    if (cancel.isPending) return;
    cancel.reset();
    setError(null);
    setReason('');
    onClose();
  };
  return (
    <Modal
      opened={invoice !== null}
      onClose={close}
      title={`Cancel invoice ${invoice?.number ?? ''}`}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        noValidate
        aria-label="Cancel the invoice"
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) {
            setError('Say why it is cancelled');
            return;
          }
          setError(null);
          if (invoice) cancel.mutate(invoice.id);
        }}
      >
        <Stack gap="md">
          <FormErrorAlert
            title="The invoice was not cancelled"
            error={cancel.isError ? errorMessage(cancel.error) : null}
          />
          <Text size="sm">
            Nothing will be owed on it; the customer sees it as cancelled, with the reason. Its number stays
            used.
          </Text>
          <Textarea
            label="Reason"
            required
            rows={3}
            maxLength={500}
            value={reason}
            error={error}
            onChange={(e) => setReason(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={cancel.isPending}>
              Keep it
            </Button>
            <Button type="submit" color="red.9" loading={cancel.isPending}>
              Cancel invoice
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type Open = { kind: 'send' | 'pay' | 'cancel'; invoice: InvoiceRef } | null;

export interface InvoiceActions {
  view: (inv: InvoiceRef) => void;
  edit: (inv: InvoiceRef) => void;
  download: (inv: InvoiceRef) => void;
  duplicate: (inv: InvoiceRef) => void;
  send: (inv: InvoiceRef) => void;
  pay: (inv: InvoiceRef) => void;
  cancel: (inv: InvoiceRef) => void;
  remove: (inv: InvoiceRef) => void;
  /** The duplicate under way (its source's id). */
  duplicating: string | null;
  downloading: string | null;
  /** The drawers and dialogs: render once on the screen. */
  dialogs: ReactNode;
}

/** Every action on an invoice, for the list's row menu and the preview's buttons. */
export function useInvoiceActions({
  onDeleted,
}: {
  onDeleted?: (inv: InvoiceRef) => void;
} = {}): InvoiceActions {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const [downloading, setDownloading] = useState<string | null>(null);

  const duplicate = useMutation({
    mutationFn: (inv: InvoiceRef) => api.call(invoiceCalls.duplicate, { params: { id: inv.id } }),
    networkMode: 'always',
    onSuccess: (copy, source) => {
      void refreshInvoice(queryClient);
      notifications.show({
        color: 'green',
        title: 'Invoice duplicated',
        message: `A new draft from ${source.number ?? 'the draft'}: check it and issue it`,
      });
      void navigate({ to: '/admin/invoice/edit/$id', params: { id: copy.id } });
    },
    onError: (e) =>
      notifications.show({ color: 'red', title: 'Could not duplicate', message: errorMessage(e) }),
  });

  const confirmation = useConfirmDelete<InvoiceRef>({
    remove: (inv) => api.call(invoiceCalls.remove, { params: { id: inv.id } }),
    onDeleted: (inv) => {
      queryClient.removeQueries({ queryKey: adminInvoiceKeys.detail(inv.id) });
      notifications.show({
        color: 'green',
        title: 'Draft deleted',
        message: `The draft for ${inv.customer.name}`,
      });
      onDeleted?.(inv);
    },
    refresh: () => refreshInvoice(queryClient),
  });

  const download = async (inv: InvoiceRef) => {
    setDownloading(inv.id);
    try {
      await downloadAdminInvoicePdf(inv.id, inv.number);
    } catch (e) {
      notifications.show({ color: 'red', title: 'Could not download the PDF', message: errorMessage(e) });
    } finally {
      setDownloading(null);
    }
  };

  const current = open?.invoice;
  const dialogs = (
    <>
      <SendDrawer
        invoiceId={open?.kind === 'send' && current ? current.id : ''}
        opened={open?.kind === 'send'}
        onClose={() => setOpen(null)}
      />
      <PaymentDrawer
        invoiceId={open?.kind === 'pay' && current ? current.id : ''}
        opened={open?.kind === 'pay'}
        onClose={() => setOpen(null)}
      />
      <CancelModal
        invoice={open?.kind === 'cancel' ? (current ?? null) : null}
        onClose={() => setOpen(null)}
      />
      <ConfirmDelete confirmation={confirmation} title="Delete this draft?">
        The draft for {confirmation.item?.customer.name ?? 'the customer'} is deleted for good; its packages
        can be billed again.
      </ConfirmDelete>
    </>
  );

  return {
    view: (inv) => void navigate({ to: '/admin/invoice/preview/$id', params: { id: inv.id } }),
    edit: (inv) => void navigate({ to: '/admin/invoice/edit/$id', params: { id: inv.id } }),
    download: (inv) => void download(inv),
    duplicate: (inv) => duplicate.mutate(inv),
    send: (invoice) => setOpen({ kind: 'send', invoice }),
    pay: (invoice) => setOpen({ kind: 'pay', invoice }),
    cancel: (invoice) => setOpen({ kind: 'cancel', invoice }),
    remove: (inv) => confirmation.ask(inv),
    duplicating: duplicate.isPending ? (duplicate.variables?.id ?? null) : null,
    downloading,
    dialogs,
  };
}
