import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { InvoiceSummary } from '../../../contract/invoices';
import { formatAmount, formatDay } from '../../lib/money/money';
import { STATUS_LABELS, StatusBadge } from './labels';

/** The cells of an invoice in the list, the same in the table and on a phone's card. */

export const money = (inv: Pick<InvoiceSummary, 'currency'>, cents: number) =>
  formatAmount(cents, inv.currency);

export function NumberLink({ inv }: { inv: InvoiceSummary }) {
  const { t } = useLingui();
  return (
    <Anchor
      renderRoot={(props) => <Link to="/admin/invoice/preview/$id" params={{ id: inv.id }} {...props} />}
      fw={600}
      size="sm"
      style={{ whiteSpace: 'nowrap' }}
    >
      {inv.number ?? t`Draft`}
    </Anchor>
  );
}

export function InvoiceStatusCell({ inv }: { inv: InvoiceSummary }) {
  const { t } = useLingui();
  const reason = inv.cancel_reason;
  const balance = money(inv, inv.balance_cents);
  const due = inv.due_at ? formatDay(inv.due_at) : null;
  const sendError = inv.send_error;
  const detail = [
    inv.status === 'cancelled' ? reason && t`Cancelled: ${reason}` : null,
    inv.status !== 'draft' && inv.status !== 'cancelled'
      ? inv.balance_cents === 0
        ? t`Balance paid`
        : t`Balance ${balance}`
      : null,
    due ? t`due ${due}` : null,
    sendError ? t`last send failed: ${sendError}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Stack gap={2} align="flex-start">
      <Tooltip label={detail || STATUS_LABELS[inv.status]} withArrow multiline maw={280}>
        <span style={{ display: 'inline-flex' }}>
          <StatusBadge status={inv.status} miw="max-content" />
        </span>
      </Tooltip>
      {detail && <VisuallyHidden>{detail}</VisuallyHidden>}
      {inv.send_error && (
        <Text size="xs" c="red.9">
          <Trans>Send failed</Trans>
        </Text>
      )}
    </Stack>
  );
}

export function CustomerCell({ inv }: { inv: InvoiceSummary }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600}>
        {inv.customer.name}
      </Text>
      <Text size="xs" c="dimmed">
        <bdi>{inv.customer.mailbox_number}</bdi> ·{' '}
        <span style={{ overflowWrap: 'anywhere' }}>{inv.customer.email}</span>
      </Text>
    </Stack>
  );
}

export function BalanceCell({ inv }: { inv: InvoiceSummary }) {
  if (inv.status === 'draft' || inv.status === 'cancelled') return <>—</>;
  return inv.balance_cents === 0 ? (
    <Text span size="sm" c="green.9" fw={600}>
      <Trans>Paid</Trans>
    </Text>
  ) : (
    money(inv, inv.balance_cents)
  );
}
