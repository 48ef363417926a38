import { createFileRoute } from '@tanstack/react-router';
import { packageQueryOptions } from '../../../../features/packages/api';
import { PackageDetail } from '../../../../features/packages/PackageDetail';

export const Route = createFileRoute('/_app/user/packages/$id')({
  // Start fetching as the route matches; the screen shows a skeleton meanwhile.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(packageQueryOptions(params.id));
  },
  component: function PackageRoute() {
    const { id } = Route.useParams();
    return <PackageDetail id={id} />;
  },
});
