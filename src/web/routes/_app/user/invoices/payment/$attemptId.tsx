import { createFileRoute } from '@tanstack/react-router';
import { PaymentReturn } from '../../../../../features/invoices/PaymentReturn';

/** Where the payment provider sends the customer back (through the server, which records the result first). */
export const Route = createFileRoute('/_app/user/invoices/payment/$attemptId')({
  component: function PaymentReturnRoute() {
    const { attemptId } = Route.useParams();
    return <PaymentReturn attemptId={attemptId} />;
  },
});
