import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { PaymentAttempt } from '../../../contract/payments';
import { formatDateTime, formatMoney } from '../../lib/format';
import { FLAGGED_SHOWN, flaggedPaymentsQueryOptions } from './api';

function Attempt({ attempt }: { attempt: PaymentAttempt }) {
  return (
    <Stack component="li" gap={2}>
      <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {attempt.customer.name} ({attempt.customer.mailbox_number})
        </Text>
        <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(attempt.amount_cents, attempt.currency)}
        </Text>
      </Group>
      <Group gap="xs" wrap="wrap">
        {attempt.invoices.map((inv) => (
          <Anchor
            key={inv.id}
            size="sm"
            renderRoot={(props) => (
              <Link to="/admin/invoice/preview/$id" params={{ id: inv.id }} {...props} />
            )}
          >
            {inv.number ?? 'Draft'}
          </Anchor>
        ))}
        <Text size="sm" c="dimmed">
          · {formatDateTime(attempt.created_at)}
          {attempt.provider_reference ? ` · ref ${attempt.provider_reference}` : ''}
        </Text>
      </Group>
      {attempt.reason && (
        <Text size="sm" c="dimmed">
          {attempt.reason}
        </Text>
      )}
      {attempt.surplus_cents > 0 && (
        <Text size="sm" c="red.9">
          {formatMoney(attempt.surplus_cents, attempt.currency)} taken that no invoice needed: refund it.
        </Text>
      )}
    </Stack>
  );
}

/**
 * "Online payments to check" on Today: attempts the provider never confirmed (or that took more than was owed),
 * each linking to its invoices. Nothing shows while there are none (or while the list cannot be read).
 */
export function OnlinePaymentsToCheck() {
  const query = useQuery(flaggedPaymentsQueryOptions());
  const found = query.data;
  if (!found || found.total === 0) return null;
  return (
    <Card padding="lg" withBorder component="section" aria-labelledby="flagged-payments-heading">
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb="sm">
        <div>
          <Title order={2} fz="lg" id="flagged-payments-heading">
            Online payments to check
          </Title>
          <Text size="sm" c="dimmed">
            {found.total === 1 ? '1 payment' : `${found.total} payments`} the provider did not confirm: check
            each in the provider's dashboard, then record it on its invoice (or refund it).
          </Text>
        </div>
        <ThemeIcon variant="light" size="lg" radius="xl" color="orange" aria-hidden>
          <IconCreditCard size={20} />
        </ThemeIcon>
      </Group>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="flagged-payments">
        {found.items.map((a) => (
          <Attempt key={a.id} attempt={a} />
        ))}
      </Stack>
      {found.total > FLAGGED_SHOWN && (
        <Text size="sm" c="dimmed" mt="sm">
          The {FLAGGED_SHOWN} newest of {found.total}.
        </Text>
      )}
    </Card>
  );
}
