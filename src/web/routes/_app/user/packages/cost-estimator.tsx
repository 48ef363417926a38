import { createFileRoute } from '@tanstack/react-router';
import { NotBuilt } from '../../../../components/NotBuilt';

export const Route = createFileRoute('/_app/user/packages/cost-estimator')({
  component: () => <NotBuilt title="Cost estimator" />,
});
