import { Anchor, Button, Card, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconClock, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import type { PaymentAttempt } from '../../../contract/payments';
import { BackLink } from '../../components/BackLink';
import { usePageTitle } from '../../components/PageTitle';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { formatAmount } from '../../lib/money/money';
import { useRefresh } from '../../lib/use-change';
import { ATTEMPT_POLLS, attemptQueryOptions, paymentKeys } from './api';
import { PayAgain } from './PayNow';

/** "INV-2026-000123" or "INV-…1 and INV-…2": the invoices an attempt pays. */
export function invoiceNames(attempt: Pick<PaymentAttempt, 'invoices'>): string {
  const names = attempt.invoices.map((i) => i.number ?? 'Draft');
  if (names.length <= 1) return `invoice ${names[0] ?? ''}`.trim();
  return `invoices ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** Where "back" goes: the invoice when there is one, else the list. */
function BackToInvoices({ attempt, children }: { attempt: PaymentAttempt; children?: ReactNode }) {
  const only = attempt.invoices.length === 1 ? attempt.invoices[0] : undefined;
  return only ? (
    <Button
      variant="default"
      size="md"
      renderRoot={(props) => <Link to="/user/invoices/$id" params={{ id: only.id }} {...props} />}
    >
      {children ?? `Back to invoice ${only.number ?? ''}`.trim()}
    </Button>
  ) : (
    <Button component={Link} to="/user/invoices" variant="default" size="md">
      {children ?? 'Back to your invoices'}
    </Button>
  );
}

function Outcome({
  tone,
  icon,
  title,
  children,
}: {
  tone: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card padding="lg" component="section" aria-labelledby="payment-outcome" data-testid="payment-outcome">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="center">
          <ThemeIcon color={tone} variant="light" size={44} radius="xl" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={1} fz={{ base: 22, sm: 26 }} id="payment-outcome">
            {title}
          </Title>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** What the customer reads of one attempt, by where it stands. `polling`: the page is still asking. */
export function PaymentOutcome({ attempt, polling }: { attempt: PaymentAttempt; polling: boolean }) {
  const money = formatAmount(attempt.amount_cents, attempt.currency);
  const ids = attempt.invoices.map((i) => i.id);
  const only = attempt.invoices.length === 1 ? attempt.invoices[0] : undefined;
  switch (attempt.status) {
    case 'paid':
      return (
        <Outcome tone="green" icon={<IconCircleCheck size={26} />} title="Payment received">
          <Text fw={600} data-testid="payment-paid">
            Paid: {money} on {invoiceNames(attempt)}
          </Text>
          <Text size="sm">
            A receipt is on its way to your e-mail.
            {attempt.provider_reference ? ` Payment reference: ${attempt.provider_reference}.` : ''}
          </Text>
          <Group gap="sm">
            {only ? (
              <Button
                renderRoot={(props) => <Link to="/user/invoices/$id" params={{ id: only.id }} {...props} />}
              >
                View invoice {only.number}
              </Button>
            ) : (
              <Button component={Link} to="/user/invoices">
                View your invoices
              </Button>
            )}
          </Group>
        </Outcome>
      );
    case 'declined':
      return (
        <Outcome tone="red" icon={<IconX size={26} />} title="Payment declined">
          <Text data-testid="payment-reason">{attempt.reason || 'The card was declined.'}</Text>
          <Text size="sm">Nothing was charged; {invoiceNames(attempt)} is still to pay.</Text>
          <Group gap="sm" align="flex-start">
            <PayAgain invoiceIds={ids} />
            <BackToInvoices attempt={attempt} />
          </Group>
        </Outcome>
      );
    case 'cancelled':
      return (
        <Outcome tone="gray" icon={<IconX size={26} />} title="Payment cancelled">
          <Text>You left the payment page before paying. Nothing was charged.</Text>
          <Group gap="sm" align="flex-start">
            <PayAgain invoiceIds={ids} />
            <BackToInvoices attempt={attempt} />
          </Group>
        </Outcome>
      );
    case 'flagged':
      return (
        <Outcome tone="orange" icon={<IconAlertTriangle size={26} />} title="We are checking this payment">
          <Text>
            Our staff are checking your payment of {money} with the payment provider. Your invoice updates
            once it is confirmed; you need not pay again.
          </Text>
          <BackToInvoices attempt={attempt} />
        </Outcome>
      );
    default:
      return polling ? (
        <Outcome tone="blue" icon={<Loader size={22} aria-hidden />} title="Checking your payment…">
          <Text role="status">Waiting for the payment provider to confirm {money}.</Text>
        </Outcome>
      ) : (
        <Outcome tone="blue" icon={<IconClock size={26} />} title="Your payment is being confirmed">
          <Text role="status">
            The payment provider has not confirmed {money} yet. It will be confirmed shortly and{' '}
            {invoiceNames(attempt)} will update; you need not pay again.
          </Text>
          <BackToInvoices attempt={attempt} />
        </Outcome>
      );
  }
}

/**
 * /user/invoices/payment/$attemptId: where the provider sends the customer back. Asks a few times while the
 * payment is pending; once it is paid, the invoices and the points (earned by paying) are refreshed.
 */
export function PaymentReturn({ attemptId }: { attemptId: string }) {
  usePageTitle('Payment');
  const query = useQuery(attemptQueryOptions(attemptId));
  const refresh = useRefresh();
  const client = useQueryClient();
  const status = query.data?.status;
  useEffect(() => {
    if (status === 'paid') void refresh(['payment']);
  }, [status, refresh]);
  // Re-rendered on every answer, so the count read here is current.
  const answers = client.getQueryState(paymentKeys.attempt(attemptId))?.dataUpdateCount ?? 0;
  const polling = status === 'pending' && answers <= ATTEMPT_POLLS;
  return (
    <Stack gap="md" maw={720}>
      <BackLink to="/user/invoices">All invoices</BackLink>
      <QueryStates
        query={query}
        loading={<LoadingRows label="Checking your payment" count={1} h={160} />}
        errorTitle="Could not load this payment"
        isEmpty={() => false}
        empty={null}
      >
        {(attempt) => <PaymentOutcome attempt={attempt} polling={polling} />}
      </QueryStates>
      <Text size="sm" c="dimmed">
        Questions about a payment?{' '}
        <Anchor component={Link} to="/user/invoices">
          Your invoices
        </Anchor>{' '}
        show every payment received.
      </Text>
    </Stack>
  );
}
