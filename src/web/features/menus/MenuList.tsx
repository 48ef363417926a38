import './i18n';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

function MenuCard({ menu }: { menu: Menu }) {
  const top = menu.items.filter((i) => i.parent_id === null).length;
  const disabled = menu.items.filter((i) => !i.is_active).length;
  const headingId = `menu-${menu.id}`;
  const { t } = useLingui();
  const nested = menu.items.length - top;
  const count = menu.items.length;
  const items = plural(count, { one: '# item', other: '# items' });
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
        {disabled ? (
          <Trans>
            {items}: {top} at the top level, {nested} nested; {disabled} disabled
          </Trans>
        ) : (
          <Trans>
            {items}: {top} at the top level, {nested} nested
          </Trans>
        )}
      </Text>
      <Text size="sm" c="dimmed">
        {menu.code === 'admin'
          ? t`The back office navigation (staff and admins).`
          : t`The customer portal navigation (and the search, Ctrl+K).`}
      </Text>
    </Stack>
  );
}

/** /admin/menu: the company's menus with their item counts, each opening its editor. */
export function MenuList() {
  const { t } = useLingui();
  usePageTitle(t`Menus`);
  const session = useSession();
  const query = useQuery({ ...menusQueryOptions(session.userId), refetchOnMount: 'always' });
  // Staff may open the back office, but menus are the admins' (the server refuses their edits anyway).
  if (session.role !== 'admin') return <AdminsOnly />;
  return (
    <Stack gap="lg">
      <ScreenHeader
        title={t`Menus`}
        description={t`What every signed-in user sees in the navigation and the search. Changes apply at once, without a deploy.`}
      />
      <QueryStates
        query={query}
        loading={<LoadingRows label={t`Loading the menus`} count={2} h={120} />}
        errorTitle={t`The menus could not be loaded`}
        isEmpty={(d) => d.length === 0}
        empty={
          <Text c="dimmed">
            <Trans>This company has no menus.</Trans>
          </Text>
        }
      >
        {(menus) => (
          <CardRows
            label={t`Menus`}
            rows={menus}
            rowKey={(m) => String(m.id)}
            card={(m) => <MenuCard menu={m} />}
          />
        )}
      </QueryStates>
    </Stack>
  );
}
