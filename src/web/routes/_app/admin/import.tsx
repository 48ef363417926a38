import { createFileRoute } from '@tanstack/react-router';
import { ImportScreen } from '../../../features/intake/ImportScreen';

export const Route = createFileRoute('/_app/admin/import')({
  component: ImportScreen,
});
