import { createFileRoute } from '@tanstack/react-router';
import { MenuEditor } from '../../../../features/menus/MenuEditor';

export const Route = createFileRoute('/_app/admin/menu/$id')({
  component: function MenuEditorRoute() {
    const { id } = Route.useParams();
    return <MenuEditor id={id} />;
  },
});
