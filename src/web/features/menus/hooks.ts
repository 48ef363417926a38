import { useQueryClient } from '@tanstack/react-query';
import type { Menu, MenuItem, MenuItemBody } from '../../../contract/menus';
import { useChange } from '../../lib/use-change';
import {
  addMenuItem,
  type MenuItemUpdate,
  menusQueryOptions,
  removeMenuItem,
  reorderMenu,
  updateMenuItem,
} from './api';
import { applyOrder, placements, type TreeNode } from './tree';

/** An edit reaches every user's navigation in this tab, the editor and the menu's history. */
const edited = (menuId: number) => ({
  changes: ['menu'] as const,
  audit: () => [['menu', String(menuId)] as const],
});

/** A new item, or an item's fields changed. */
export const useSaveMenuItem = (menuId: number) =>
  useChange({
    mutationFn: (v: { id: number; fields: MenuItemUpdate } | { body: MenuItemBody }) =>
      'body' in v ? addMenuItem(v.body) : updateMenuItem(v.id, v.fields),
    ...edited(menuId),
  });

/** A refusal (the last way to the editor) refreshes the menu too. */
export const useDeleteMenuItem = (menuId: number) =>
  useChange({
    mutationFn: (item: MenuItem) => removeMenuItem(item.id),
    ...edited(menuId),
    refreshOnError: ['menu'],
  });

/**
 * The order is saved at once, shown before the server answers (optimistic) and put back if it refuses; one save at
 * a time, in the order made: each sends the whole menu as it was then shown.
 */
export function useReorderMenu(userId: string | null) {
  const client = useQueryClient();
  const key = menusQueryOptions(userId).queryKey;
  return useChange({
    scope: { id: 'menu-order' },
    mutationFn: ({ menuId, tree }: { menuId: number; tree: TreeNode[] }) =>
      reorderMenu(menuId, { items: placements(tree) }),
    onMutate: async ({ menuId, tree }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<Menu[]>(key);
      client.setQueryData<Menu[]>(key, (menus) =>
        menus?.map((m) => (m.id === menuId ? { ...m, items: applyOrder(m.items, placements(tree)) } : m)),
      );
      return { before };
    },
    onError: (_e, _v, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    changes: ['menu'],
    refreshOnError: ['menu'],
    audit: (_r, { menuId }) => [['menu', String(menuId)]],
  });
}
