import { createFileRoute, type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { invoicesQueryOptions } from '../../../../features/invoices/api';
import { InvoiceList, type InvoiceSearchChange } from '../../../../features/invoices/InvoiceList';
import {
  INVOICE_DEFAULTS,
  INVOICE_PAGE_SIZE,
  type InvoiceSearch,
  parseInvoiceSearch,
  toInvoiceUrlSearch,
} from '../../../../features/invoices/invoice-search';

export const Route = createFileRoute('/_app/user/invoices/')({
  validateSearch: (search: Partial<InvoiceSearch> & SearchSchemaInput) => parseInvoiceSearch(search),
  search: { middlewares: [stripSearchParams(INVOICE_DEFAULTS)] },
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(invoicesQueryOptions({ ...deps, pageSize: INVOICE_PAGE_SIZE }));
  },
  component: function InvoicesRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const onChange = useCallback<InvoiceSearchChange>(
      (patch, options) =>
        void navigate({
          search: (prev) => toInvoiceUrlSearch({ ...prev, ...patch }),
          replace: options?.replace ?? false,
        }),
      [navigate],
    );
    const onClear = useCallback(() => void navigate({ search: {} }), [navigate]);
    return <InvoiceList search={search} onChange={onChange} onClear={onClear} />;
  },
});
