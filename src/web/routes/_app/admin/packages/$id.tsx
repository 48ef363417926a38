import { createFileRoute } from '@tanstack/react-router';
import { staffPackageQueryOptions } from '../../../../features/staff-packages/api';
import { StaffPackageDetail } from '../../../../features/staff-packages/StaffPackageDetail';

export const Route = createFileRoute('/_app/admin/packages/$id')({
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(staffPackageQueryOptions(params.id));
  },
  component: function StaffPackageRoute() {
    const { id } = Route.useParams();
    return <StaffPackageDetail id={id} />;
  },
});
