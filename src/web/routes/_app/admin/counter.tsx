import { createFileRoute, type SearchSchemaInput, stripSearchParams } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PaymentDrawer } from '../../../features/admin-invoices/PaymentDrawer';
import { counterLookupQueryOptions } from '../../../features/counter/api';
import {
  type CounterChange,
  CounterScreen,
  type RenderPayment,
} from '../../../features/counter/CounterScreen';
import {
  COUNTER_DEFAULTS,
  type CounterSearchInput,
  parseCounterSearch,
  toCounterUrl,
} from '../../../features/counter/search';
import { useRefresh } from '../../../lib/use-change';

export const Route = createFileRoute('/_app/admin/counter')({
  validateSearch: (search: CounterSearchInput & SearchSchemaInput) => parseCounterSearch(search),
  search: { middlewares: [stripSearchParams(COUNTER_DEFAULTS)] },
  loaderDeps: ({ search }) => ({ mailbox: search.mailbox, tracking: search.tracking, pass: search.pass }),
  loader: ({ context, deps }) => {
    if (deps.mailbox || deps.tracking || deps.pass)
      void context.queryClient.prefetchQuery(counterLookupQueryOptions(deps));
  },
  component: function CounterRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const onChange = useCallback<CounterChange>(
      (patch, options) =>
        void navigate({
          search: (prev) => toCounterUrl({ ...prev, ...patch }),
          replace: options?.replace ?? false,
        }),
      [navigate],
    );
    const refresh = useRefresh();
    // The payment drawer of the invoices feature; a payment recorded refreshes the counter and all that shows it.
    const renderPayment = useCallback<RenderPayment>(
      (invoiceId, opened, onClose) => (
        <PaymentDrawer
          invoiceId={invoiceId}
          opened={opened}
          onClose={onClose}
          onRecorded={() => void refresh(['payment'])}
        />
      ),
      [refresh],
    );
    return <CounterScreen search={search} onChange={onChange} renderPayment={renderPayment} />;
  },
});
