import './i18n';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDecimal } from '../../../contract/format';
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
  const { t } = useLingui();
  const stats = useQuery(adminInvoiceStatsQueryOptions(statsQuery(search)));
  if (stats.isPending) {
    return <Skeleton h={76} radius="md" role="status" aria-label={t`Loading the totals`} />;
  }
  if (stats.isError) {
    return (
      <Text size="sm" c="red.9" role="alert">
        {t`The totals could not be loaded: ${{ error: errorMessage(stats.error) }}`}
      </Text>
    );
  }
  const s = stats.data;
  const m = (cents: number) => formatAmount(cents, s.currency);
  const invoiced = m(s.total_cents);
  const overdue = s.overdue;
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 2, sm: 3, lg: 5 }}
      spacing="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t`Totals for the filter`}
      data-testid="invoice-stats"
    >
      <Stat label={t`Customers invoiced`} value={formatDecimal(s.customers, 0)} />
      <Stat label={t`Invoices`} value={formatDecimal(s.invoices, 0)} detail={t`${invoiced} invoiced`} />
      <Stat label={t`Paid`} value={m(s.paid_cents)} />
      <Stat label={t`Unpaid`} value={m(s.unpaid_cents)} />
      <Stat
        label={t`Overdue`}
        value={m(s.overdue_cents)}
        detail={plural(overdue, { one: '# invoice', other: '# invoices' })}
      />
    </SimpleGrid>
  );
}
