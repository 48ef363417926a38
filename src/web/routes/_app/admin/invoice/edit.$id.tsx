import { createFileRoute } from '@tanstack/react-router';
import { invoiceFormQueryOptions } from '../../../../features/admin-invoices/form-api';
import { InvoiceForm } from '../../../../features/admin-invoices/InvoiceForm';

export const Route = createFileRoute('/_app/admin/invoice/edit/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(invoiceFormQueryOptions(params.id));
  },
  component: function EditInvoiceRoute() {
    const { id } = Route.useParams();
    return <InvoiceForm id={id} />;
  },
});
