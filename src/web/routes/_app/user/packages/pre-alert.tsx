import { createFileRoute } from '@tanstack/react-router';
import { PrealertScreen } from '../../../../features/prealerts/PrealertScreen';

export const Route = createFileRoute('/_app/user/packages/pre-alert')({
  component: PrealertScreen,
});
