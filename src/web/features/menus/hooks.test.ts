import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Menu, MenuItem } from '../../../contract/menus';
import { renderHookWithClient } from '../../test/hooks';
import { reorderMenu } from './api';
import { useDeleteMenuItem, useReorderMenu, useSaveMenuItem } from './hooks';

vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  addMenuItem: vi.fn(async () => ({ id: 9 })),
  removeMenuItem: vi.fn(async () => {
    throw new Error('The last way to the editor');
  }),
  reorderMenu: vi.fn(),
}));

const item = (id: number, sort_order: number) =>
  ({ id, title: `Item ${id}`, parent_id: null, sort_order }) as MenuItem;

describe('menu edits reach every navigation and the menu’s history', () => {
  it('a new item refreshes the menus and the history', async () => {
    const hook = renderHookWithClient(() => useSaveMenuItem(2));
    await act(() => hook.result.current.mutateAsync({ body: { menu_id: 2 } as never }));
    expect(hook.roots()).toEqual(['menus']);
    expect(hook.audits()).toEqual(['audit:menu:2']);
  });

  it('a refused delete refreshes the menus too (the menu changed meanwhile)', async () => {
    const hook = renderHookWithClient(() => useDeleteMenuItem(2));
    await act(() => hook.result.current.mutateAsync(item(1, 10)).catch(() => undefined));
    expect(hook.roots()).toEqual(['menus']);
  });

  it('a new order shows at once, and comes back when the server refuses it', async () => {
    vi.mocked(reorderMenu).mockRejectedValueOnce(new Error('No'));
    const hook = renderHookWithClient(() => useReorderMenu('u1'));
    const menu = { id: 2, code: 'customer', title: 'Customer', items: [item(1, 10), item(2, 20)] } as Menu;
    hook.client.setQueryData(['menus', 'u1'], [menu]);
    const tree = [
      { item: item(2, 20), children: [] },
      { item: item(1, 10), children: [] },
    ];
    const sent = act(() => hook.result.current.mutateAsync({ menuId: 2, tree }).catch(() => undefined));
    await sent;
    expect(hook.client.getQueryData<Menu[]>(['menus', 'u1'])?.[0]?.items.map((i) => i.id)).toEqual([1, 2]);
    expect(hook.roots()).toEqual(['menus']);
  });
});
