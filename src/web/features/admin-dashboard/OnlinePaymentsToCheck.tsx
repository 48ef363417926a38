import './i18n';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { PaymentAttempt } from '../../../contract/payments';
import { formatDateTime, formatMoney } from '../../lib/format';
import { FLAGGED_SHOWN, flaggedPaymentsQueryOptions } from './api';

function Attempt({ attempt }: { attempt: PaymentAttempt }) {
  const { t } = useLingui();
  const reference = attempt.provider_reference;
  const surplus = formatMoney(attempt.surplus_cents, attempt.currency);
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
            {inv.number ?? t`Draft`}
          </Anchor>
        ))}
        <Text size="sm" c="dimmed">
          · {formatDateTime(attempt.created_at)}
          {reference ? (
            <>
              {' · '}
              <Trans>
                ref <bdi>{reference}</bdi>
              </Trans>
            </>
          ) : null}
        </Text>
      </Group>
      {attempt.reason && (
        <Text size="sm" c="dimmed">
          {attempt.reason}
        </Text>
      )}
      {attempt.surplus_cents > 0 && (
        <Text size="sm" c="red.9">
          <Trans>{surplus} taken that no invoice needed: refund it.</Trans>
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
  const shown = FLAGGED_SHOWN;
  if (!found || found.total === 0) return null;
  const total = found.total;
  return (
    <Card padding="lg" withBorder component="section" aria-labelledby="flagged-payments-heading">
      <Group justify="space-between" wrap="nowrap" align="flex-start" mb="sm">
        <div>
          <Title order={2} fz="lg" id="flagged-payments-heading">
            <Trans>Online payments to check</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Plural
              value={total}
              one="# payment the provider did not confirm: check each in the provider's dashboard, then record it on its invoice (or refund it)."
              other="# payments the provider did not confirm: check each in the provider's dashboard, then record it on its invoice (or refund it)."
            />
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
      {found.total > shown && (
        <Text size="sm" c="dimmed" mt="sm">
          <Trans>
            The {shown} newest of {total}.
          </Trans>
        </Text>
      )}
    </Card>
  );
}
