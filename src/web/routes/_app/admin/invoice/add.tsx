import { createFileRoute } from '@tanstack/react-router';
import { InvoiceForm } from '../../../../features/admin-invoices/InvoiceForm';

export const Route = createFileRoute('/_app/admin/invoice/add')({
  component: () => <InvoiceForm />,
});
