import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const customer = inv.customer.name;
  const name = inv.number ?? t`draft for ${customer}`;
  const open = isOpen(inv.status);
  const editable = inv.status === 'draft' || open;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t`Actions for ${name}`}
          loading={actions.duplicating === inv.id || actions.downloading === inv.id}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => actions.view(inv)}>
          <Trans>View</Trans>
        </Menu.Item>
        {editable && (
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => actions.edit(inv)}>
            <Trans>Edit</Trans>
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconDownload size={16} aria-hidden />} onClick={() => actions.download(inv)}>
          <Trans>Download PDF</Trans>
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => actions.duplicate(inv)}>
          <Trans>Duplicate</Trans>
        </Menu.Item>
        {(open || inv.status === 'draft') && (
          <Menu.Item leftSection={<IconSend size={16} aria-hidden />} onClick={() => actions.send(inv)}>
            {inv.status === 'draft' ? t`Issue and send` : inv.sent_at ? t`Send again` : t`Send`}
          </Menu.Item>
        )}
        {open && (
          <Menu.Item leftSection={<IconCash size={16} aria-hidden />} onClick={() => actions.pay(inv)}>
            <Trans>Record payment</Trans>
          </Menu.Item>
        )}
        {(open || inv.status === 'paid') && <Menu.Divider />}
        {open && (
          <Menu.Item
            color="red.9"
            leftSection={<IconBan size={16} aria-hidden />}
            onClick={() => actions.cancel(inv)}
          >
            <Trans>Cancel invoice</Trans>
          </Menu.Item>
        )}
        {inv.status === 'draft' && (
          <Menu.Item
            color="red.9"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => actions.remove(inv)}
          >
            <Trans>Delete draft</Trans>
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
