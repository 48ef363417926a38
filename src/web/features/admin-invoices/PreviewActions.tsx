import { Button, Group } from '@mantine/core';
import {
  IconBan,
  IconCash,
  IconCopy,
  IconDownload,
  IconPencil,
  IconPrinter,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import type { InvoiceDetail } from '../../../contract/invoices';
import type { InvoiceActions } from './actions';
import { isOpen } from './labels';

/** The preview's buttons: what staff may do to the invoice in its status (hidden on paper). */
export function PreviewActions({ invoice, actions }: { invoice: InvoiceDetail; actions: InvoiceActions }) {
  const open = isOpen(invoice.status);
  const draft = invoice.status === 'draft';
  return (
    <Group gap="xs" data-print-hide role="group" aria-label="Invoice actions" data-testid="preview-actions">
      {(open || draft) && (
        <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => actions.send(invoice)}>
          {draft ? 'Issue and send' : invoice.sent_at ? 'Send again' : 'Send'}
        </Button>
      )}
      {open && (
        <Button
          variant="light"
          leftSection={<IconCash size={16} aria-hidden />}
          onClick={() => actions.pay(invoice)}
        >
          Add payment
        </Button>
      )}
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={actions.downloading === invoice.id}
        onClick={() => actions.download(invoice)}
      >
        Download PDF
      </Button>
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} aria-hidden />}
        onClick={() => window.print()}
      >
        Print
      </Button>
      {(open || draft) && (
        <Button
          variant="default"
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={() => actions.edit(invoice)}
        >
          Edit
        </Button>
      )}
      <Button
        variant="default"
        leftSection={<IconCopy size={16} aria-hidden />}
        loading={actions.duplicating === invoice.id}
        onClick={() => actions.duplicate(invoice)}
      >
        Duplicate
      </Button>
      {open && (
        <Button
          // The light red variant: red.9 text on the dark theme's default button failed contrast.
          variant="light"
          color="red"
          leftSection={<IconBan size={16} aria-hidden />}
          onClick={() => actions.cancel(invoice)}
        >
          Cancel invoice
        </Button>
      )}
      {draft && (
        <Button
          variant="default"
          c="red.9"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => actions.remove(invoice)}
        >
          Delete draft
        </Button>
      )}
    </Group>
  );
}
