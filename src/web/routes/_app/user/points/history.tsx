import { createFileRoute } from '@tanstack/react-router';
import { NotBuilt } from '../../../../components/NotBuilt';

export const Route = createFileRoute('/_app/user/points/history')({
  component: () => <NotBuilt title="Points history" />,
});
