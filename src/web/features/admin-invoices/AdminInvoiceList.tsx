import '@mantine/core/styles/EmptyState.css';
import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, EmptyState, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileInvoice, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { NoMatches } from '../../components/ClearFilters';
import { usePageTitle } from '../../components/PageTitle';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useInvoiceActions } from './actions';
import { adminInvoicesQueryOptions } from './api';
import { BulkSendBar, BulkSendResult } from './BulkSend';
import { type BulkResult, useBulkSend, useInvoiceSelection } from './hooks';
import { type AdminInvoiceChange, InvoiceListFilters } from './InvoiceListFilters';
import { InvoiceListResults } from './InvoiceListResults';
import { InvoiceStatCards } from './InvoiceStatCards';
import { type AdminInvoiceSearch, toListQuery } from './search';

export type { AdminInvoiceChange };

/** /admin/invoice/list: the company's invoices, filtered in the URL, with totals for the filter and bulk send. */
export function AdminInvoiceList({
  search,
  onChange,
  onClear,
}: {
  search: AdminInvoiceSearch;
  onChange: AdminInvoiceChange;
  onClear: () => void;
}) {
  const { t } = useLingui();
  usePageTitle(t`Invoices`);
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false }) ?? false;
  const query = useQuery(adminInvoicesQueryOptions(toListQuery(search)));
  const actions = useInvoiceActions();
  const selection = useInvoiceSelection(query.data?.items ?? []);
  const [bulkResult, setBulkResult] = useState<BulkResult | null>(null);
  const bulkSend = useBulkSend((result) => {
    setBulkResult(result);
    selection.clear();
  });
  const filtered = Boolean(search.q || search.status || search.from || search.to);

  return (
    <Stack gap="md">
      <ScreenHeader
        title={t`Invoices`}
        description={t`Bill customers, send invoices and record what they pay.`}
        action={
          <Button
            renderRoot={(props) => <Link to="/admin/invoice/add" {...props} />}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            <Trans>New invoice</Trans>
          </Button>
        }
      />
      <InvoiceStatCards search={search} />
      <InvoiceListFilters search={search} onChange={onChange} onClear={onClear} filtered={filtered} />
      <BulkSendBar
        count={selection.selected.size}
        sending={bulkSend.isPending}
        onClear={selection.clear}
        onSend={() => bulkSend.mutate([...selection.selected.keys()])}
      />
      <BulkSendResult result={bulkResult} onClose={() => setBulkResult(null)} />
      <Box component="section" aria-label={t`Results`}>
        <QueryStates
          query={query}
          loading={<LoadingRows label={t`Loading invoices`} count={8} h={44} />}
          errorTitle={t`Could not load the invoices`}
          isEmpty={(found) => found.items.length === 0}
          empty={
            filtered ? (
              <NoMatches
                title={t`No invoices match`}
                description={t`Try other words or fewer filters.`}
                onClear={onClear}
              />
            ) : (
              <EmptyState
                py="xl"
                icon={<IconFileInvoice size={28} aria-hidden />}
                variant="light"
                title={t`No invoices yet`}
                description={t`Bill a customer's packages with New invoice.`}
              />
            )
          }
        >
          {(found) => (
            <InvoiceListResults
              found={found}
              phone={phone}
              search={search}
              onChange={onChange}
              selection={selection}
              actions={actions}
              stale={query.isPlaceholderData}
            />
          )}
        </QueryStates>
      </Box>
      {actions.dialogs}
    </Stack>
  );
}
