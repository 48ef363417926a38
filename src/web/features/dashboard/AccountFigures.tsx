import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChevronRight, IconFileInvoice, IconStar } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { AccountSummary } from '../../../contract/profile';
import { formatAmount } from '../../lib/money/money';
import type { SummaryState } from './api';
import classes from './UserHome.module.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 open invoices, 1 overdue", or that there is nothing to pay. */
export function invoicesLine(s: Pick<AccountSummary, 'open_invoices' | 'overdue_invoices'>): string {
  if (s.open_invoices === 0) return 'Nothing to pay';
  const open = plural(s.open_invoices, 'open invoice', 'open invoices');
  return s.overdue_invoices > 0 ? `${open}, ${s.overdue_invoices} overdue` : open;
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
              Balance due
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
          View invoices <IconChevronRight size={14} aria-hidden />
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
              Points
            </Text>
            <Text fz={28} fw={800} lh={1.2} className={classes.amount}>
              {summary.points_balance.toLocaleString('en-US')}
            </Text>
            <Text size="sm" c="dimmed">
              Earned on your shipments
            </Text>
          </Stack>
          <ThemeIcon variant="light" size="lg" radius="xl" aria-hidden>
            <IconStar size={20} />
          </ThemeIcon>
        </Group>
        <Text size="sm" fw={600} c="var(--mantine-color-anchor)" mt="sm" className={classes.more}>
          Points history <IconChevronRight size={14} aria-hidden />
        </Text>
      </Card>
    </SimpleGrid>
  );
}

/** The balance due (to the invoices) and the points balance (to their history), from the account summary. */
export function AccountFigures({ summary }: { summary: SummaryState }) {
  if (summary.data) return <Figures summary={summary.data} />;
  if (summary.unavailable) {
    return (
      <Card padding="lg">
        <Stack gap="xs" align="flex-start">
          <Text c="dimmed">
            {summary.unavailable === 'offline'
              ? "Your balance and points will show here once you're back online."
              : 'Your balance and points are not available right now.'}
          </Text>
          {summary.unavailable === 'error' && (
            <Button size="xs" variant="light" onClick={summary.retry}>
              Try again
            </Button>
          )}
        </Stack>
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" aria-busy="true" aria-label="Loading your balance">
      <Skeleton h={128} radius="md" />
      <Skeleton h={128} radius="md" />
    </SimpleGrid>
  );
}
