import { createFileRoute } from '@tanstack/react-router';
import { MenuList } from '../../../../features/menus/MenuList';

export const Route = createFileRoute('/_app/admin/menu/')({
  component: MenuList,
});
