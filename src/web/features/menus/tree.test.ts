import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../contract/menus';
import { applyOrder, canMove, dropBefore, moveItem, placements, toTree } from './tree';

const item = (id: number, parent_id: number | null = null, sort_order = id * 10): MenuItem => ({
  id,
  menu_id: 1,
  parent_id,
  title: `Item ${id}`,
  icon: 'circle',
  route: `/user/fees?i=${id}`,
  sort_order,
  roles: ['customer'],
  is_active: true,
});
// 1, 2 (with 3 and 4 under it), 5
const items = [item(5), item(3, 2), item(1), item(4, 2), item(2)];
const shape = (tree: ReturnType<typeof toTree>) =>
  placements(tree).map((p) => `${p.id}${p.parent_id ? `<${p.parent_id}` : ''}`);

describe('menu tree', () => {
  const tree = toTree(items);

  it('builds the tree in order and flattens it back for the reorder call', () => {
    expect(shape(tree)).toEqual(['1', '2', '3<2', '4<2', '5']);
  });

  it('moves up and down among siblings only', () => {
    expect(shape(moveItem(tree, 5, 'up'))).toEqual(['1', '5', '2', '3<2', '4<2']);
    expect(shape(moveItem(tree, 4, 'up'))).toEqual(['1', '2', '4<2', '3<2', '5']);
    expect(canMove(tree, 1, 'up')).toBe(false);
    expect(canMove(tree, 4, 'down')).toBe(false);
    expect(moveItem(tree, 1, 'up')).toBe(tree);
  });

  it('moves into the item above (as its last child) and out of a parent (just after it)', () => {
    expect(shape(moveItem(tree, 5, 'in'))).toEqual(['1', '2', '3<2', '4<2', '5<2']);
    expect(shape(moveItem(tree, 3, 'out'))).toEqual(['1', '2', '4<2', '3', '5']);
    // Two levels at most: an item with children cannot go in; a child cannot go deeper; the first has no item above.
    expect(canMove(tree, 2, 'in')).toBe(false);
    expect(canMove(tree, 4, 'in')).toBe(false);
    expect(canMove(tree, 1, 'in')).toBe(false);
    expect(canMove(tree, 1, 'out')).toBe(false);
  });

  it('drops before another item, at its level, or at the end', () => {
    expect(shape(dropBefore(tree, 5, 1) ?? [])).toEqual(['5', '1', '2', '3<2', '4<2']);
    expect(shape(dropBefore(tree, 1, 4) ?? [])).toEqual(['2', '3<2', '1<2', '4<2', '5']);
    expect(shape(dropBefore(tree, 3, null) ?? [])).toEqual(['1', '2', '4<2', '5', '3']);
    expect(shape(dropBefore(tree, 1, 5) ?? [])).toEqual(['2', '3<2', '4<2', '1', '5']);
    // A parent cannot go under anyone; nothing drops on itself.
    expect(dropBefore(tree, 2, 3)).toBeNull();
    expect(dropBefore(tree, 2, 2)).toBeNull();
  });

  it('applies an order as the server stores it (optimistic update)', () => {
    const next = applyOrder(items, placements(moveItem(tree, 5, 'in')));
    expect(next.map((i) => [i.id, i.parent_id, i.sort_order])).toEqual([
      [1, null, 10],
      [2, null, 20],
      [3, 2, 30],
      [4, 2, 40],
      [5, 2, 50],
    ]);
  });
});
