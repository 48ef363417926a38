import { createFileRoute } from '@tanstack/react-router';
import { NotBuilt } from '../../../../components/NotBuilt';

export const Route = createFileRoute('/_app/admin/customers/')({
  component: () => <NotBuilt title="Customers" />,
});
