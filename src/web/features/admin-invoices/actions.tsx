import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import type { InvoiceSummary } from '../../../contract/invoices';
import { ConfirmDelete, useConfirmDelete } from '../../components/ConfirmDelete';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { errorMessage } from '../../lib/api';
import { downloadAdminInvoicePdf } from './api';
import { useCancelInvoice, useDraftRemoval, useDuplicateInvoice, usePdfDownload } from './hooks';
import { PaymentDrawer } from './PaymentDrawer';
import { SendDrawer } from './SendDrawer';

/** What the actions need to know of an invoice (a list row or the full record). */
export type InvoiceRef = Pick<InvoiceSummary, 'id' | 'number' | 'status' | 'customer'>;

function CancelModal({ invoice, onClose }: { invoice: InvoiceRef | null; onClose: () => void }) {
  const { t } = useLingui();
  const number = invoice?.number ?? '';
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelInvoice(() => {
    setReason('');
    onClose();
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
      title={t`Cancel invoice ${number}`}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <form
        noValidate
        aria-label={t`Cancel the invoice`}
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) {
            setError(t`Say why it is cancelled`);
            return;
          }
          setError(null);
          if (invoice) cancel.mutate({ id: invoice.id, reason: reason.trim() });
        }}
      >
        <Stack gap="md">
          <FormErrorAlert
            title={t`The invoice was not cancelled`}
            error={cancel.isError ? errorMessage(cancel.error) : null}
          />
          <Text size="sm">
            <Trans>
              Nothing will be owed on it; the customer sees it as cancelled, with the reason. Its number stays
              used.
            </Trans>
          </Text>
          <Textarea
            label={t`Reason`}
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
              <Trans>Keep it</Trans>
            </Button>
            <Button type="submit" color="red.9" loading={cancel.isPending}>
              <Trans>Cancel invoice</Trans>
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
  const { t } = useLingui();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>(null);
  const duplicate = useDuplicateInvoice();
  const confirmation = useConfirmDelete<InvoiceRef>(useDraftRemoval(onDeleted));
  const pdf = usePdfDownload(downloadAdminInvoicePdf);

  const current = open?.invoice;
  const customer = confirmation.item?.customer.name;
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
      <ConfirmDelete confirmation={confirmation} title={t`Delete this draft?`}>
        {confirmation.item ? (
          <Trans>The draft for {customer} is deleted for good; its packages can be billed again.</Trans>
        ) : (
          <Trans>The draft for the customer is deleted for good; its packages can be billed again.</Trans>
        )}
      </ConfirmDelete>
    </>
  );

  return {
    view: (inv) => void navigate({ to: '/admin/invoice/preview/$id', params: { id: inv.id } }),
    edit: (inv) => void navigate({ to: '/admin/invoice/edit/$id', params: { id: inv.id } }),
    download: (inv) => void pdf.start(inv),
    duplicate: (inv) => duplicate.mutate(inv),
    send: (invoice) => setOpen({ kind: 'send', invoice }),
    pay: (invoice) => setOpen({ kind: 'pay', invoice }),
    cancel: (invoice) => setOpen({ kind: 'cancel', invoice }),
    remove: (inv) => confirmation.ask(inv),
    duplicating: duplicate.isPending ? (duplicate.variables?.id ?? null) : null,
    downloading: pdf.downloading,
    dialogs,
  };
}
