import { createFileRoute } from '@tanstack/react-router';
import { NotBuilt } from '../../../../components/NotBuilt';

export const Route = createFileRoute('/_app/admin/invoice/preview/$id')({
  component: () => <NotBuilt title="Invoice preview" />,
});
