import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { AdminInvoicePreview } from '../../../../features/admin-invoices/AdminInvoicePreview';
import { adminInvoiceQueryOptions } from '../../../../features/admin-invoices/api';
import { feesQueryOptions } from '../../../../features/fees/api';
import { companyQueryOptions } from '../../../../features/tenant/api';

export const Route = createFileRoute('/_app/admin/invoice/preview/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(adminInvoiceQueryOptions(params.id));
  },
  component: function AdminInvoicePreviewRoute() {
    const { id } = Route.useParams();
    // The company's branding heads the invoice, as on the PDF.
    const { data: company } = useQuery(companyQueryOptions());
    const { data: fees } = useQuery(feesQueryOptions());
    return <AdminInvoicePreview id={id} company={company} taxLabel={fees?.invoice.tax_label} />;
  },
});
