import './i18n';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useI18n } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
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
export function invoiceNames(attempt: Pick<PaymentAttempt, 'invoices'>, i18n: I18n): string {
  const names = attempt.invoices.map((i) => i.number ?? i18n._(msg`Draft`));
  if (names.length <= 1) {
    const name = names[0] ?? '';
    return i18n._(msg`invoice ${name}`).trim();
  }
  const list = names.slice(0, -1).join(', ');
  const last = names.at(-1) ?? '';
  return i18n._(msg`invoices ${list} and ${last}`);
}

/** Where "back" goes: the invoice when there is one, else the list. */
function BackToInvoices({ attempt, children }: { attempt: PaymentAttempt; children?: ReactNode }) {
  const only = attempt.invoices.length === 1 ? attempt.invoices[0] : undefined;
  const { t } = useLingui();
  const number = only?.number ?? '';
  return only ? (
    <Button
      variant="default"
      size="md"
      renderRoot={(props) => <Link to="/user/invoices/$id" params={{ id: only.id }} {...props} />}
    >
      {children ?? t`Back to invoice ${number}`.trim()}
    </Button>
  ) : (
    <Button component={Link} to="/user/invoices" variant="default" size="md">
      {children ?? t`Back to your invoices`}
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
  const { t } = useLingui();
  const { i18n } = useI18n();
  const names = invoiceNames(attempt, i18n);
  const reference = attempt.provider_reference;
  const number = only?.number;
  switch (attempt.status) {
    case 'paid':
      return (
        <Outcome tone="green" icon={<IconCircleCheck size={26} />} title={t`Payment received`}>
          <Text fw={600} data-testid="payment-paid">
            <Trans>
              Paid: <bdi>{money}</bdi> on {names}
            </Trans>
          </Text>
          <Text size="sm">
            <Trans>A receipt is on its way to your e-mail.</Trans>
            {reference ? (
              <>
                {' '}
                <Trans>
                  Payment reference: <bdi>{reference}</bdi>.
                </Trans>
              </>
            ) : null}
          </Text>
          <Group gap="sm">
            {only ? (
              <Button
                renderRoot={(props) => <Link to="/user/invoices/$id" params={{ id: only.id }} {...props} />}
              >
                <Trans>
                  View invoice <bdi>{number}</bdi>
                </Trans>
              </Button>
            ) : (
              <Button component={Link} to="/user/invoices">
                <Trans>View your invoices</Trans>
              </Button>
            )}
          </Group>
        </Outcome>
      );
    case 'declined':
      return (
        <Outcome tone="red" icon={<IconX size={26} />} title={t`Payment declined`}>
          <Text data-testid="payment-reason">{attempt.reason || t`The card was declined.`}</Text>
          <Text size="sm">
            <Trans>Nothing was charged; {names} is still to pay.</Trans>
          </Text>
          <Group gap="sm" align="flex-start">
            <PayAgain invoiceIds={ids} />
            <BackToInvoices attempt={attempt} />
          </Group>
        </Outcome>
      );
    case 'cancelled':
      return (
        <Outcome tone="gray" icon={<IconX size={26} />} title={t`Payment cancelled`}>
          <Text>
            <Trans>You left the payment page before paying. Nothing was charged.</Trans>
          </Text>
          <Group gap="sm" align="flex-start">
            <PayAgain invoiceIds={ids} />
            <BackToInvoices attempt={attempt} />
          </Group>
        </Outcome>
      );
    case 'flagged':
      return (
        <Outcome tone="orange" icon={<IconAlertTriangle size={26} />} title={t`We are checking this payment`}>
          <Text>
            <Trans>
              Our staff are checking your payment of <bdi>{money}</bdi> with the payment provider. Your
              invoice updates once it is confirmed; you need not pay again.
            </Trans>
          </Text>
          <BackToInvoices attempt={attempt} />
        </Outcome>
      );
    default:
      return polling ? (
        <Outcome tone="blue" icon={<Loader size={22} aria-hidden />} title={t`Checking your payment…`}>
          <Text role="status">
            <Trans>
              Waiting for the payment provider to confirm <bdi>{money}</bdi>.
            </Trans>
          </Text>
        </Outcome>
      ) : (
        <Outcome tone="blue" icon={<IconClock size={26} />} title={t`Your payment is being confirmed`}>
          <Text role="status">
            <Trans>
              The payment provider has not confirmed <bdi>{money}</bdi> yet. It will be confirmed shortly and{' '}
              {names} will update; you need not pay again.
            </Trans>
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
  const { t } = useLingui();
  usePageTitle(t`Payment`);
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
      <BackLink to="/user/invoices">
        <Trans>All invoices</Trans>
      </BackLink>
      <QueryStates
        query={query}
        loading={<LoadingRows label={t`Checking your payment`} count={1} h={160} />}
        errorTitle={t`Could not load this payment`}
        isEmpty={() => false}
        empty={null}
      >
        {(attempt) => <PaymentOutcome attempt={attempt} polling={polling} />}
      </QueryStates>
      <Text size="sm" c="dimmed">
        <Trans>
          Questions about a payment?{' '}
          <Anchor component={Link} to="/user/invoices">
            Your invoices
          </Anchor>{' '}
          show every payment received.
        </Trans>
      </Text>
    </Stack>
  );
}
