import { createFileRoute } from '@tanstack/react-router';
import { staffQueryOptions } from '../../../features/staff/api';
import { StaffScreen } from '../../../features/staff/StaffScreen';

export const Route = createFileRoute('/_app/admin/staff')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(staffQueryOptions());
  },
  component: () => <StaffScreen />,
});
