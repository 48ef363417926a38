import { createFileRoute } from '@tanstack/react-router';
import { platformCompanyQueryOptions } from '../../../../features/platform/api';
import { CompanyDetails } from '../../../../features/platform/CompanyDetails';

export const Route = createFileRoute('/_app/platform/companies/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(platformCompanyQueryOptions(params.id));
  },
  component: function CompanyRoute() {
    const { id } = Route.useParams();
    return <CompanyDetails id={id} />;
  },
});
