import { createFileRoute } from '@tanstack/react-router';
import { NotBuilt } from '../../../../components/NotBuilt';

export const Route = createFileRoute('/_app/admin/customers/$id')({
  component: () => <NotBuilt title="Customer" />,
});
