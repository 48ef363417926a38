import { ActionIcon, Menu } from '@mantine/core';
import {
  IconBan,
  IconCash,
  IconCopy,
  IconDots,
  IconDownload,
  IconEye,
  IconPencil,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import type { InvoiceSummary } from '../../../contract/invoices';
import type { InvoiceActions } from './actions';
import { isOpen } from './labels';

/** An invoice's actions in the list: what its status allows. */
export function InvoiceRowMenu({ inv, actions }: { inv: InvoiceSummary; actions: InvoiceActions }) {
  const name = inv.number ?? `draft for ${inv.customer.name}`;
  const open = isOpen(inv.status);
  const editable = inv.status === 'draft' || open;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${name}`}
          loading={actions.duplicating === inv.id || actions.downloading === inv.id}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => actions.view(inv)}>
          View
        </Menu.Item>
        {editable && (
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => actions.edit(inv)}>
            Edit
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconDownload size={16} aria-hidden />} onClick={() => actions.download(inv)}>
          Download PDF
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => actions.duplicate(inv)}>
          Duplicate
        </Menu.Item>
        {(open || inv.status === 'draft') && (
          <Menu.Item leftSection={<IconSend size={16} aria-hidden />} onClick={() => actions.send(inv)}>
            {inv.status === 'draft' ? 'Issue and send' : inv.sent_at ? 'Send again' : 'Send'}
          </Menu.Item>
        )}
        {open && (
          <Menu.Item leftSection={<IconCash size={16} aria-hidden />} onClick={() => actions.pay(inv)}>
            Record payment
          </Menu.Item>
        )}
        {(open || inv.status === 'paid') && <Menu.Divider />}
        {open && (
          <Menu.Item
            color="red.9"
            leftSection={<IconBan size={16} aria-hidden />}
            onClick={() => actions.cancel(inv)}
          >
            Cancel invoice
          </Menu.Item>
        )}
        {inv.status === 'draft' && (
          <Menu.Item
            color="red.9"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => actions.remove(inv)}
          >
            Delete draft
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
