import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { InvoiceListQuery } from '../../../contract/invoices';
import { errorMessage } from '../../lib/api';
import { formatAmount } from '../../lib/money/money';
import { adminInvoiceStatsQueryOptions } from './api';
import type { AdminInvoiceSearch } from './search';

function statsQuery(s: AdminInvoiceSearch): InvoiceListQuery {
  const { page: _p, pageSize: _s, sort: _o, ...filters } = s;
  return filters;
}

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper withBorder p="sm" component="li">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz="lg" fw={700}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

/** The totals for the list's filter: customers, invoices, paid, unpaid, overdue (the server's sums). */
export function InvoiceStatCards({ search }: { search: AdminInvoiceSearch }) {
  const stats = useQuery(adminInvoiceStatsQueryOptions(statsQuery(search)));
  if (stats.isPending) {
    return <Skeleton h={76} radius="md" aria-label="Loading the totals" />;
  }
  if (stats.isError) {
    return (
      <Text size="sm" c="red.9" role="alert">
        The totals could not be loaded: {errorMessage(stats.error)}
      </Text>
    );
  }
  const s = stats.data;
  const m = (cents: number) => formatAmount(cents, s.currency);
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 2, sm: 3, lg: 5 }}
      spacing="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Totals for the filter"
      data-testid="invoice-stats"
    >
      <Stat label="Customers invoiced" value={s.customers.toLocaleString('en-US')} />
      <Stat
        label="Invoices"
        value={s.invoices.toLocaleString('en-US')}
        detail={`${m(s.total_cents)} invoiced`}
      />
      <Stat label="Paid" value={m(s.paid_cents)} />
      <Stat label="Unpaid" value={m(s.unpaid_cents)} />
      <Stat
        label="Overdue"
        value={m(s.overdue_cents)}
        detail={`${s.overdue} ${s.overdue === 1 ? 'invoice' : 'invoices'}`}
      />
    </SimpleGrid>
  );
}
