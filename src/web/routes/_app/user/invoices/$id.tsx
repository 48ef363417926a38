import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { invoiceQueryOptions } from '../../../../features/invoices/api';
import { InvoiceDetail } from '../../../../features/invoices/InvoiceDetail';
import { companyQueryOptions } from '../../../../features/tenant/api';

export const Route = createFileRoute('/_app/user/invoices/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(invoiceQueryOptions(params.id));
  },
  component: function InvoiceRoute() {
    const { id } = Route.useParams();
    // The company's letterhead heads the invoice, as on the PDF.
    const { data: company } = useQuery(companyQueryOptions());
    return <InvoiceDetail id={id} company={company} />;
  },
});
