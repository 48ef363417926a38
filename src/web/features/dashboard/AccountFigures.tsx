import './i18n';
import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight, IconFileInvoice, IconStar } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatDecimal } from '../../../contract/format';
import type { AccountSummary } from '../../../contract/profile';
import { formatAmount } from '../../lib/money/money';
import type { SummaryState } from './api';
import classes from './UserHome.module.css';

/** "2 open invoices, 1 overdue", or that there is nothing to pay. */
export function invoicesLine(s: Pick<AccountSummary, 'open_invoices' | 'overdue_invoices'>): string {
  // The global i18n (not a hook): the test and the card call it as a plain function; the card re-renders with it.
  const open = s.open_invoices;
  const overdue = s.overdue_invoices;
  if (open === 0) return i18n._(msg`Nothing to pay`);
  return overdue > 0
    ? i18n._(msg`${plural(open, { one: '# open invoice', other: '# open invoices' })}, ${overdue} overdue`)
    : plural(open, { one: '# open invoice', other: '# open invoices' });
}

function Figures({ summary }: { summary: AccountSummary }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
      <Card
        padding="lg"
        component={Link}
        to="/user/invoices"
        className={classes.figure}
        data-testid="balance-due"
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} c="dimmed">
              <Trans>Balance due</Trans>
            </Text>
            <Text fz={28} fw={800} lh={1.2} className={classes.amount}>
              {formatAmount(summary.balance_due_cents, summary.currency)}
            </Text>
            <Text size="sm" c={summary.overdue_invoices > 0 ? 'var(--mantine-color-error)' : 'dimmed'}>
              {invoicesLine(summary)}
            </Text>
          </Stack>
          <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
            <IconFileInvoice size={20} />
          </ThemeIcon>
        </Group>
        <Text size="sm" fw={600} c="var(--mantine-color-anchor)" mt="sm" className={classes.more}>
          <Trans>View invoices</Trans> <IconChevronRight size={14} aria-hidden className="mirror-rtl" />
        </Text>
      </Card>
      <Card
        padding="lg"
        component={Link}
        to="/user/points/history"
        className={classes.figure}
        data-testid="points-balance"
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} c="dimmed">
              <Trans>Points</Trans>
            </Text>
            <Text fz={28} fw={800} lh={1.2} className={classes.amount}>
              {formatDecimal(summary.points_balance, 0)}
            </Text>
            <Text size="sm" c="dimmed">
              <Trans>Earned on your shipments</Trans>
            </Text>
          </Stack>
          <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
            <IconStar size={20} />
          </ThemeIcon>
        </Group>
        <Text size="sm" fw={600} c="var(--mantine-color-anchor)" mt="sm" className={classes.more}>
          <Trans>Points history</Trans> <IconChevronRight size={14} aria-hidden className="mirror-rtl" />
        </Text>
      </Card>
    </SimpleGrid>
  );
}

/** The balance due (to the invoices) and the points balance (to their history), from the account summary. */
export function AccountFigures({ summary }: { summary: SummaryState }) {
  const { t } = useLingui();
  if (summary.data) return <Figures summary={summary.data} />;
  if (summary.unavailable) {
    return (
      <Card padding="lg">
        <Stack gap="xs" align="flex-start">
          <Text c="dimmed">
            {summary.unavailable === 'offline'
              ? t`Your balance and points will show here once you're back online.`
              : t`Your balance and points are not available right now.`}
          </Text>
          {summary.unavailable === 'error' && (
            <Button size="xs" variant="light" onClick={summary.retry}>
              <Trans>Try again</Trans>
            </Button>
          )}
        </Stack>
      </Card>
    );
  }
  return (
    <SimpleGrid
      cols={{ base: 1, xs: 2 }}
      spacing="md"
      role="status"
      aria-busy="true"
      aria-label={t`Loading your balance`}
    >
      <Skeleton h={128} radius="md" />
      <Skeleton h={128} radius="md" />
    </SimpleGrid>
  );
}
