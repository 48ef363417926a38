import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Menu } from '../../../contract/menus';
import { CardRows } from '../../components/list';
import { usePageTitle } from '../../components/PageTitle';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useSession } from '../../lib/session/use-session';
import { menusQueryOptions } from './api';
import { AdminsOnly } from './components/AdminsOnly';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function MenuCard({ menu }: { menu: Menu }) {
  const top = menu.items.filter((i) => i.parent_id === null).length;
  const disabled = menu.items.filter((i) => !i.is_active).length;
  const headingId = `menu-${menu.id}`;
  return (
    <Stack gap="xs" component="article" aria-labelledby={headingId}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Title order={2} fz="lg" id={headingId}>
          <Anchor
            renderRoot={(props) => <Link to="/admin/menu/$id" params={{ id: String(menu.id) }} {...props} />}
          >
            {menu.title}
          </Anchor>
        </Title>
        <Badge variant="light" color="gray.8">
          {menu.code}
        </Badge>
      </Group>
      <Text size="sm" data-testid="menu-counts">
        {plural(menu.items.length, 'item')}: {top} at the top level, {menu.items.length - top} nested
        {disabled ? `; ${disabled} disabled` : ''}
      </Text>
      <Text size="sm" c="dimmed">
        {menu.code === 'admin'
          ? 'The back office navigation (staff and admins).'
          : 'The customer portal navigation (and the search, Ctrl+K).'}
      </Text>
    </Stack>
  );
}

/** /admin/menu: the company's menus with their item counts, each opening its editor. */
export function MenuList() {
  usePageTitle('Menus');
  const session = useSession();
  const query = useQuery({ ...menusQueryOptions(session.userId), refetchOnMount: 'always' });
  // Staff may open the back office, but menus are the admins' (the server refuses their edits anyway).
  if (session.role !== 'admin') return <AdminsOnly />;
  return (
    <Stack gap="lg">
      <ScreenHeader
        title="Menus"
        description="What every signed-in user sees in the navigation and the search. Changes apply at once, without a deploy."
      />
      <QueryStates
        query={query}
        loading={<LoadingRows label="Loading the menus" count={2} h={120} />}
        errorTitle="The menus could not be loaded"
        isEmpty={(d) => d.length === 0}
        empty={<Text c="dimmed">This company has no menus.</Text>}
      >
        {(menus) => (
          <CardRows
            label="Menus"
            rows={menus}
            rowKey={(m) => String(m.id)}
            card={(m) => <MenuCard menu={m} />}
          />
        )}
      </QueryStates>
    </Stack>
  );
}
