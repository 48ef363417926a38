import { createFileRoute } from '@tanstack/react-router';
import { customerQueryOptions } from '../../../../features/customers/api';
import { CustomerRecord } from '../../../../features/customers/CustomerRecord';

export const Route = createFileRoute('/_app/admin/customers/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(customerQueryOptions(params.id));
  },
  component: function CustomerRoute() {
    const { id } = Route.useParams();
    return <CustomerRecord id={id} />;
  },
});
