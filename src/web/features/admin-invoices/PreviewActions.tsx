import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const open = isOpen(invoice.status);
  const draft = invoice.status === 'draft';
  return (
    <Group
      gap="xs"
      data-print-hide
      role="group"
      aria-label={t`Invoice actions`}
      data-testid="preview-actions"
    >
      {(open || draft) && (
        <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => actions.send(invoice)}>
          {draft ? t`Issue and send` : invoice.sent_at ? t`Send again` : t`Send`}
        </Button>
      )}
      {open && (
        <Button
          variant="light"
          leftSection={<IconCash size={16} aria-hidden />}
          onClick={() => actions.pay(invoice)}
        >
          <Trans>Add payment</Trans>
        </Button>
      )}
      <Button
        variant="default"
        leftSection={<IconDownload size={16} aria-hidden />}
        loading={actions.downloading === invoice.id}
        onClick={() => actions.download(invoice)}
      >
        <Trans>Download PDF</Trans>
      </Button>
      <Button
        variant="default"
        leftSection={<IconPrinter size={16} aria-hidden />}
        onClick={() => window.print()}
      >
        <Trans>Print</Trans>
      </Button>
      {(open || draft) && (
        <Button
          variant="default"
          leftSection={<IconPencil size={16} aria-hidden />}
          onClick={() => actions.edit(invoice)}
        >
          <Trans>Edit</Trans>
        </Button>
      )}
      <Button
        variant="default"
        leftSection={<IconCopy size={16} aria-hidden />}
        loading={actions.duplicating === invoice.id}
        onClick={() => actions.duplicate(invoice)}
      >
        <Trans>Duplicate</Trans>
      </Button>
      {open && (
        <Button
          // The light red variant: red.9 text on the dark theme's default button failed contrast.
          variant="light"
          color="red"
          leftSection={<IconBan size={16} aria-hidden />}
          onClick={() => actions.cancel(invoice)}
        >
          <Trans>Cancel invoice</Trans>
        </Button>
      )}
      {draft && (
        <Button
          variant="default"
          c="red.9"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => actions.remove(invoice)}
        >
          <Trans>Delete draft</Trans>
        </Button>
      )}
    </Group>
  );
}
