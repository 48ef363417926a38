import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Code,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBarToLeft,
  IconArrowBarToRight,
  IconArrowDown,
  IconArrowUp,
  IconGripVertical,
  IconPencil,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type DragEvent, useEffect, useState } from 'react';
import type { Menu, MenuItem } from '../../../contract/menus';
import { AuditTrail } from '../../components/AuditTrail';
import { ConfirmDelete, useConfirmDelete } from '../../components/ConfirmDelete';
import { usePageTitle } from '../../components/PageTitle';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session/use-session';
import { AdminsOnly } from './AdminsOnly';
import {
  addMenuItem,
  afterMenuEdit,
  menusQueryOptions,
  removeMenuItem,
  reorderMenu,
  updateMenuItem,
} from './api';
import { MenuIcon } from './icons';
import classes from './MenuEditor.module.css';
import { type MenuItemFields, MenuItemForm } from './MenuItemForm';
import {
  applyOrder,
  canMove,
  dropBefore,
  type Move,
  moveItem,
  placements,
  type TreeNode,
  toTree,
} from './tree';

const ALL_ROLES = 3;
const MOVES: { move: Move; label: string; Icon: typeof IconArrowUp }[] = [
  { move: 'up', label: 'Move up', Icon: IconArrowUp },
  { move: 'down', label: 'Move down', Icon: IconArrowDown },
  { move: 'in', label: 'Move into the item above', Icon: IconArrowBarToRight },
  { move: 'out', label: 'Move out of its parent', Icon: IconArrowBarToLeft },
];

type Editing = { item: MenuItem | null } | null;

/** /admin/menu/$id: the item tree of one menu, edited in place; every change is saved at once and audited. */
export function MenuEditor({ id }: { id: string }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const options = menusQueryOptions(session.userId);
  const query = useQuery({ ...options, refetchOnMount: 'always' });
  const menu = query.data?.find((m) => String(m.id) === id);
  usePageTitle(menu ? `${menu.title} menu` : 'Menu');
  const [editing, setEditing] = useState<Editing>(null);
  const [formBusy, setFormBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | 'end' | null>(null);
  // After a keyboard move the row is re-rendered in its new place (the browser drops the focus of a moved node):
  // the focus goes back to the same button once the new order is on screen.
  const [refocus, setRefocus] = useState<{ id: number; move: Move; items: MenuItem[] } | null>(null);
  const items = menu?.items;
  useEffect(() => {
    if (!refocus || items === refocus.items) return;
    const row = document.querySelector<HTMLElement>(`[data-item-id="${refocus.id}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`[data-move="${refocus.move}"]:not(:disabled)`);
    (same ?? row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
    setRefocus(null);
  }, [items, refocus]);

  const refresh = () => (menu ? afterMenuEdit(queryClient, menu.id) : Promise.resolve());

  // The order is saved at once, shown before the server answers (optimistic) and put back if it refuses.
  const reorder = useMutation({
    networkMode: 'always',
    // One save at a time, in the order made: each sends the whole menu as it was then shown.
    scope: { id: 'menu-order' },
    mutationFn: ({ menuId, tree }: { menuId: number; tree: TreeNode[] }) =>
      reorderMenu(menuId, { items: placements(tree) }),
    onMutate: async ({ menuId, tree }) => {
      await queryClient.cancelQueries({ queryKey: options.queryKey });
      const before = queryClient.getQueryData<Menu[]>(options.queryKey);
      queryClient.setQueryData<Menu[]>(options.queryKey, (menus) =>
        menus?.map((m) => (m.id === menuId ? { ...m, items: applyOrder(m.items, placements(tree)) } : m)),
      );
      return { before };
    },
    onError: (e, _v, context) => {
      if (context?.before) queryClient.setQueryData(options.queryKey, context.before);
      notifications.show({ color: 'red', title: 'The new order was not saved', message: errorMessage(e) });
    },
    onSettled: (_r, _e, { menuId }) => afterMenuEdit(queryClient, menuId),
  });

  const confirmation = useConfirmDelete<MenuItem>({
    remove: (item) => removeMenuItem(item.id),
    onDeleted: (item) => notifications.show({ color: 'teal.9', message: `“${item.title}” deleted` }),
    refresh,
  });

  // Staff may open the back office, but menus are the admins' (the server refuses their edits anyway).
  if (session.role !== 'admin') return <AdminsOnly />;
  if (!menu) {
    return (
      <QueryStates
        query={query}
        loading={<LoadingRows label="Loading the menu" count={6} h={44} />}
        errorTitle="The menu could not be loaded"
        isEmpty={() => true}
        empty={
          <Alert color="gray" title="No such menu">
            <Anchor renderRoot={(props) => <Link to="/admin/menu" {...props} />}>Back to the menus</Anchor>
          </Alert>
        }
      >
        {() => null}
      </QueryStates>
    );
  }

  const tree = toTree(menu.items);
  const area = menu.code === 'admin' ? 'admin' : 'customer';
  const childCount = (itemId: number) => menu.items.filter((i) => i.parent_id === itemId).length;

  const save = (next: TreeNode[], message: string) => {
    setAnnouncement(message);
    reorder.mutate({ menuId: menu.id, tree: next });
  };

  const move = (node: TreeNode, m: Move, label: string) => {
    const next = moveItem(tree, node.item.id, m);
    if (next === tree) return;
    setRefocus({ id: node.item.id, move: m, items: menu.items });
    save(next, `${node.item.title}: ${label.toLowerCase()}. Saved.`);
  };

  const onDrop = (event: DragEvent, targetId: number | null) => {
    event.preventDefault();
    const itemId = Number(event.dataTransfer.getData('text/plain')) || dragged;
    setDragged(null);
    setDropTarget(null);
    if (!itemId) return;
    const next = dropBefore(tree, itemId, targetId);
    const title = menu.items.find((i) => i.id === itemId)?.title ?? 'The item';
    if (!next) {
      notifications.show({
        color: 'orange.9',
        message: 'An item with children stays at the top level: menus have two levels at most.',
      });
      return;
    }
    const target = menu.items.find((i) => i.id === targetId);
    save(
      next,
      target ? `${title} moved before ${target.title}. Saved.` : `${title} moved to the end. Saved.`,
    );
  };

  const send = (fields: MenuItemFields) => {
    const item = editing?.item;
    if (item) return updateMenuItem(item.id, fields);
    const siblings = menu.items.filter((i) => i.parent_id === fields.parent_id);
    const last = Math.max(0, ...siblings.map((i) => i.sort_order));
    return addMenuItem({ ...fields, menu_id: menu.id, sort_order: Math.min(10000, last + 10) });
  };

  const row = (node: TreeNode, nested: boolean) => {
    const { item } = node;
    const kids = node.children.length;
    return (
      <Box
        component="li"
        key={item.id}
        data-item-id={item.id}
        className={classes.item}
        aria-label={item.title}
      >
        <Paper
          withBorder
          p="xs"
          className={classes.row}
          data-dragging={dragged === item.id || undefined}
          data-drop={dropTarget === item.id || undefined}
          draggable
          onDragStart={(e: DragEvent) => {
            e.dataTransfer.setData('text/plain', String(item.id));
            e.dataTransfer.effectAllowed = 'move';
            setDragged(item.id);
          }}
          onDragEnd={() => {
            setDragged(null);
            setDropTarget(null);
          }}
          onDragOver={(e: DragEvent) => {
            e.preventDefault();
            setDropTarget(item.id);
          }}
          onDrop={(e: DragEvent) => onDrop(e, item.id)}
          data-testid="menu-row"
        >
          <Group gap="xs" wrap="nowrap" align="center">
            <IconGripVertical size={18} className={classes.grip} aria-hidden />
            <MenuIcon name={item.icon} />
            <Box style={{ minWidth: 0, flex: 1 }}>
              <Group gap={6}>
                <Text fw={600} size="sm">
                  {item.title}
                </Text>
                {!item.is_active && (
                  <Badge size="sm" color="gray.8" variant="outline">
                    Disabled
                  </Badge>
                )}
                {item.roles.length < ALL_ROLES && (
                  <Badge size="sm" color="indigo.9" variant="light">
                    {item.roles.join(', ')}
                  </Badge>
                )}
              </Group>
              <Code fz="xs" className={classes.route}>
                {item.route}
              </Code>
            </Box>
          </Group>
          <Group gap={4} mt={6} justify="flex-end" className={classes.actions}>
            {MOVES.map(({ move: m, label, Icon }) => {
              if ((m === 'in' && nested) || (m === 'out' && !nested)) return null;
              return (
                <Tooltip key={m} label={label} openDelay={300}>
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label={`${label}: ${item.title}`}
                    data-move={m}
                    disabled={!canMove(tree, item.id, m)}
                    onClick={() => move(node, m, label)}
                  >
                    <Icon size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              );
            })}
            <Tooltip label="Edit" openDelay={300}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={`Edit ${item.title}`}
                onClick={() => setEditing({ item })}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete" openDelay={300}>
              <ActionIcon
                variant="default"
                size="lg"
                color="red.9"
                aria-label={`Delete ${item.title}${kids ? ` (and lift its ${kids} children)` : ''}`}
                onClick={() => confirmation.ask(item)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Paper>
        {kids > 0 && (
          <ul className={classes.children} aria-label={`Under ${item.title}`}>
            {node.children.map((c) => row(c, true))}
          </ul>
        )}
      </Box>
    );
  };

  const deleting = confirmation.item;
  const deletingKids = deleting ? menu.items.filter((i) => i.parent_id === deleting.id) : [];

  return (
    <Stack gap="lg">
      <ScreenHeader
        title={`${menu.title} menu`}
        description={
          <>
            Changes save at once and reach every signed-in user’s navigation and search.{' '}
            <Anchor renderRoot={(props) => <Link to="/admin/menu" {...props} />}>All menus</Anchor>
          </>
        }
        action={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ item: null })}>
            Add item
          </Button>
        }
      />
      <Text size="sm" c="dimmed" id="menu-help">
        Drag an item onto another to put it before that one (at its level), or use the move buttons: up, down,
        into the item above (as its child) and out of its parent. Two levels at most.
      </Text>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {menu.items.length === 0 ? (
        <Text c="dimmed">This menu has no items yet.</Text>
      ) : (
        <ul className={classes.tree} aria-label={`${menu.title} menu items`} aria-describedby="menu-help">
          {tree.map((n) => row(n, false))}
        </ul>
      )}
      {dragged !== null && (
        <Paper
          withBorder
          p="sm"
          className={classes.end}
          data-drop={dropTarget === 'end' || undefined}
          onDragOver={(e: DragEvent) => {
            e.preventDefault();
            setDropTarget('end');
          }}
          onDrop={(e: DragEvent) => onDrop(e, null)}
          data-testid="menu-drop-end"
        >
          <Text size="sm" ta="center">
            Drop here to move it to the end of the menu
          </Text>
        </Paper>
      )}
      <AuditTrail entity="menu" id={String(menu.id)} />

      <Modal
        opened={editing !== null}
        onClose={() => (formBusy ? undefined : setEditing(null))}
        title={editing?.item ? `Edit “${editing.item.title}”` : `New item in the ${menu.title} menu`}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {editing && (
          <MenuItemForm
            item={editing.item}
            area={area}
            parents={tree.map((n) => n.item).filter((i) => i.id !== editing.item?.id)}
            hasChildren={editing.item ? childCount(editing.item.id) > 0 : false}
            send={send}
            onPendingChange={setFormBusy}
            onCancel={() => setEditing(null)}
            onSent={(saved) => {
              notifications.show({
                color: 'teal.9',
                message: editing.item ? `“${saved.title}” saved` : `“${saved.title}” added`,
              });
              setEditing(null);
              void refresh();
            }}
          />
        )}
      </Modal>

      <ConfirmDelete confirmation={confirmation} title="Delete this menu item?">
        {deleting &&
          (deletingKids.length
            ? `“${deleting.title}” goes from the menu. Its ${deletingKids.length} child item(s) (${deletingKids
                .map((k) => k.title)
                .join(', ')}) are not deleted: they move to the top level.`
            : `“${deleting.title}” goes from the menu for everyone who sees it.`)}
      </ConfirmDelete>
    </Stack>
  );
}
