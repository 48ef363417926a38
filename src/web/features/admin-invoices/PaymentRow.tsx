import './i18n';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { InvoiceDetail, Payment } from '../../../contract/invoices';
import { errorMessage } from '../../lib/api';
import { formatAmount, formatDay } from '../../lib/money/money';
import { useReversePayment } from './hooks';
import { METHOD_LABELS } from './labels';

/**
 * An online payment's money is at the payment provider: reversing it asks the provider for a refund where it has a
 * refund call; where it has none the server says so in the payment's note, so staff give the money back themselves.
 */
export const ONLINE_REVERSAL_NOTE = msg`Paid online: reversing it refunds the card through the payment provider where it can; where it cannot, the payment’s note says to give the money back from the provider’s dashboard.`;

/** A payment in the drawer; one not reversed can be, with why. */
export function PaymentRow({
  invoice,
  payment,
  onReversed,
}: {
  invoice: InvoiceDetail;
  payment: Payment;
  onReversed: (inv: InvoiceDetail) => void;
}) {
  const { t, i18n } = useLingui();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reverse = useReversePayment(invoice.id, payment.id, (inv) => {
    setAsking(false);
    onReversed(inv);
  });
  const money = formatAmount(payment.amount_cents, invoice.currency);
  const reversed = payment.reversed_at !== null;
  const online = payment.method === 'online';
  const paidOn = formatDay(payment.paid_on);
  const recordedBy = payment.recorded_by;
  const reverseReason = payment.reverse_reason;

  return (
    <Paper component="li" withBorder p="sm" data-testid="payment-row">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} td={reversed ? 'line-through' : undefined}>
              {money} · {METHOD_LABELS[payment.method]}
            </Text>
            <Text size="xs" c="dimmed">
              {paidOn}
              {payment.reference ? ` · ${payment.reference}` : ''}
              {online && payment.reference ? ` ${t`(provider reference)`}` : ''}
              {recordedBy ? ` · ${t`by ${recordedBy}`}` : ''}
              {payment.points
                ? ` · ${plural({ points: payment.points }, { one: '# point', other: '# points' })}`
                : ''}
            </Text>
            {payment.note && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {payment.note}
              </Text>
            )}
            {reversed && (
              <Text size="xs" c="red.9">
                {reverseReason ? t`Reversed: ${reverseReason}` : t`Reversed`}
              </Text>
            )}
          </div>
          {!reversed && !asking && (
            <Button
              size="xs"
              variant="default"
              onClick={() => setAsking(true)}
              aria-label={t`Reverse the payment of ${money} on ${paidOn}`}
            >
              <Trans>Reverse</Trans>
            </Button>
          )}
        </Group>
        {asking && (
          <form
            noValidate
            aria-label={t`Reverse the payment of ${money}`}
            onSubmit={(e) => {
              e.preventDefault();
              if (!reason.trim()) {
                setReasonError(t`Say why it is reversed`);
                return;
              }
              setReasonError(null);
              reverse.mutate(reason.trim());
            }}
          >
            <Stack gap="xs">
              {reverse.isError && (
                <Alert color="red" variant="light" role="alert" title={t`The payment was not reversed`}>
                  {errorMessage(reverse.error)}
                </Alert>
              )}
              {online && (
                <Text size="sm" data-testid="online-reversal-note">
                  {i18n._(ONLINE_REVERSAL_NOTE)}
                </Text>
              )}
              <Textarea
                label={t`Why is it reversed?`}
                required
                rows={2}
                maxLength={500}
                value={reason}
                error={reasonError}
                onChange={(e) => setReason(e.currentTarget.value)}
                data-autofocus
              />
              <Group justify="flex-end" gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setAsking(false)}
                  disabled={reverse.isPending}
                >
                  <Trans>Keep it</Trans>
                </Button>
                <Button size="xs" color="red.9" type="submit" loading={reverse.isPending}>
                  <Trans>Reverse payment</Trans>
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
