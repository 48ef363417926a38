import { createFileRoute } from '@tanstack/react-router';
import { ReceiveScreen } from '../../../features/intake/ReceiveScreen';

export const Route = createFileRoute('/_app/admin/receive')({
  component: ReceiveScreen,
});
