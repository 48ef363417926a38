import { createFileRoute } from '@tanstack/react-router';
import { invoiceQueryOptions } from '../../../../features/invoices/api';
import { InvoiceDetail } from '../../../../features/invoices/InvoiceDetail';

export const Route = createFileRoute('/_app/user/invoices/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(invoiceQueryOptions(params.id));
  },
  component: function InvoiceRoute() {
    const { id } = Route.useParams();
    return <InvoiceDetail id={id} />;
  },
});
