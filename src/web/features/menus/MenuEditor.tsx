import './i18n';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Modal, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type DragEvent, useEffect, useState } from 'react';
import type { MenuItem } from '../../../contract/menus';
import { AuditTrail } from '../../components/AuditTrail';
import { ConfirmDelete, useConfirmDelete } from '../../components/ConfirmDelete';
import { usePageTitle } from '../../components/PageTitle';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session/use-session';
import { menusQueryOptions } from './api';
import { AdminsOnly } from './components/AdminsOnly';
import { type MenuItemFields, MenuItemForm } from './components/MenuItemForm';
import { MenuItemRow, type RowDrag } from './components/MenuItemRow';
import { useDeleteMenuItem, useReorderMenu, useSaveMenuItem } from './hooks';
import classes from './MenuEditor.module.css';
import { dropBefore, type Move, moveItem, type TreeNode, toTree } from './tree';

type Editing = { item: MenuItem | null } | null;

/** /admin/menu/$id: the item tree of one menu, edited in place; every change is saved at once and audited. */
export function MenuEditor({ id }: { id: string }) {
  const { t } = useLingui();
  const session = useSession();
  const options = menusQueryOptions(session.userId);
  const query = useQuery({ ...options, refetchOnMount: 'always' });
  const menu = query.data?.find((m) => String(m.id) === id);
  const menuTitle = menu?.title ?? '';
  usePageTitle(menu ? t`${menuTitle} menu` : t`Menu`);
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

  const reorder = useReorderMenu(session.userId);
  const saveItem = useSaveMenuItem(menu?.id ?? 0);
  const deleteItem = useDeleteMenuItem(menu?.id ?? 0);
  const confirmation = useConfirmDelete<MenuItem>({
    remove: deleteItem.mutateAsync,
    onDeleted: (item) => {
      const title = item.title;
      notifications.show({ color: 'teal.9', message: t`“${title}” deleted` });
    },
  });

  // Staff may open the back office, but menus are the admins' (the server refuses their edits anyway).
  if (session.role !== 'admin') return <AdminsOnly />;
  if (!menu) {
    return (
      <QueryStates
        query={query}
        loading={<LoadingRows label={t`Loading the menu`} count={6} h={44} />}
        errorTitle={t`The menu could not be loaded`}
        isEmpty={() => true}
        empty={
          <Alert color="gray" title={t`No such menu`}>
            <Anchor renderRoot={(props) => <Link to="/admin/menu" {...props} />}>
              <Trans>Back to the menus</Trans>
            </Anchor>
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
    reorder.mutate(
      { menuId: menu.id, tree: next },
      {
        onError: (e) =>
          notifications.show({
            color: 'red',
            title: t`The new order was not saved`,
            message: errorMessage(e),
          }),
      },
    );
  };

  const move = (node: TreeNode, m: Move, label: string) => {
    const next = moveItem(tree, node.item.id, m);
    if (next === tree) return;
    setRefocus({ id: node.item.id, move: m, items: menu.items });
    const title = node.item.title;
    const done = label.toLowerCase();
    save(next, t`${title}: ${done}. Saved.`);
  };

  const onDrop = (event: DragEvent, targetId: number | null) => {
    event.preventDefault();
    const itemId = Number(event.dataTransfer.getData('text/plain')) || dragged;
    setDragged(null);
    setDropTarget(null);
    if (!itemId) return;
    const next = dropBefore(tree, itemId, targetId);
    const title = menu.items.find((i) => i.id === itemId)?.title ?? t`The item`;
    if (!next) {
      notifications.show({
        color: 'orange.9',
        message: t`An item with children stays at the top level: menus have two levels at most.`,
      });
      return;
    }
    const target = menu.items.find((i) => i.id === targetId)?.title;
    save(next, target ? t`${title} moved before ${target}. Saved.` : t`${title} moved to the end. Saved.`);
  };

  const send = (fields: MenuItemFields) => {
    const item = editing?.item;
    if (item) return saveItem.mutateAsync({ id: item.id, fields });
    const siblings = menu.items.filter((i) => i.parent_id === fields.parent_id);
    const last = Math.max(0, ...siblings.map((i) => i.sort_order));
    return saveItem.mutateAsync({
      body: { ...fields, menu_id: menu.id, sort_order: Math.min(10000, last + 10) },
    });
  };

  const drag: RowDrag = {
    dragged,
    dropTarget,
    start: setDragged,
    over: setDropTarget,
    end: () => {
      setDragged(null);
      setDropTarget(null);
    },
    drop: onDrop,
  };
  const row = (node: TreeNode) => (
    <MenuItemRow
      key={node.item.id}
      node={node}
      nested={false}
      tree={tree}
      drag={drag}
      onMove={move}
      onEdit={(item) => setEditing({ item })}
      onDelete={confirmation.ask}
    />
  );

  const deleting = confirmation.item;
  const deletingKids = deleting ? menu.items.filter((i) => i.parent_id === deleting.id) : [];
  const deletingTitle = deleting?.title ?? '';
  const kidCount = deletingKids.length;
  const kidTitles = deletingKids.map((k) => k.title).join(', ');
  const editingTitle = editing?.item?.title;

  return (
    <Stack gap="lg">
      <ScreenHeader
        title={t`${menuTitle} menu`}
        description={
          <Trans>
            Changes save at once and reach every signed-in user’s navigation and search.{' '}
            <Anchor renderRoot={(props) => <Link to="/admin/menu" {...props} />}>All menus</Anchor>
          </Trans>
        }
        action={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ item: null })}>
            <Trans>Add item</Trans>
          </Button>
        }
      />
      <Text size="sm" c="dimmed" id="menu-help">
        <Trans>
          Drag an item onto another to put it before that one (at its level), or use the move buttons: up,
          down, into the item above (as its child) and out of its parent. Two levels at most.
        </Trans>
      </Text>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
      {menu.items.length === 0 ? (
        <Text c="dimmed">
          <Trans>This menu has no items yet.</Trans>
        </Text>
      ) : (
        <ul className={classes.tree} aria-label={t`${menuTitle} menu items`} aria-describedby="menu-help">
          {tree.map(row)}
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
            <Trans>Drop here to move it to the end of the menu</Trans>
          </Text>
        </Paper>
      )}
      <AuditTrail entity="menu" id={String(menu.id)} />

      <Modal
        opened={editing !== null}
        onClose={() => (formBusy ? undefined : setEditing(null))}
        title={editingTitle !== undefined ? t`Edit “${editingTitle}”` : t`New item in the ${menuTitle} menu`}
        size="lg"
        closeButtonProps={{ 'aria-label': t`Close` }}
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
              const title = saved.title;
              notifications.show({
                color: 'teal.9',
                message: editing.item ? t`“${title}” saved` : t`“${title}” added`,
              });
              setEditing(null);
            }}
          />
        )}
      </Modal>

      <ConfirmDelete confirmation={confirmation} title={t`Delete this menu item?`}>
        {deleting &&
          (deletingKids.length
            ? plural(kidCount, {
                one: `“${deletingTitle}” goes from the menu. Its child item (${kidTitles}) is not deleted: it moves to the top level.`,
                other: `“${deletingTitle}” goes from the menu. Its # child items (${kidTitles}) are not deleted: they move to the top level.`,
              })
            : t`“${deletingTitle}” goes from the menu for everyone who sees it.`)}
      </ConfirmDelete>
    </Stack>
  );
}
