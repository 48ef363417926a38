import type { MenuItem } from '../../../contract/menus';

/** An item with its children, in the order the navigation shows them. */
export interface TreeNode {
  item: MenuItem;
  children: TreeNode[];
}

export type Placement = { id: number; parent_id: number | null };

const byOrder = (a: MenuItem, b: MenuItem) => a.sort_order - b.sort_order || a.id - b.id;

/** Flat items -> the tree (an item whose parent is missing shows at the top level, as the navigation does). */
export function toTree(items: MenuItem[]): TreeNode[] {
  const ids = new Set(items.map((i) => i.id));
  const top = items.filter((i) => i.parent_id === null || !ids.has(i.parent_id)).sort(byOrder);
  return top.map((item) => ({
    item,
    children: items
      .filter((c) => c.parent_id === item.id)
      .sort(byOrder)
      .map((c) => ({ item: c, children: [] })),
  }));
}

/** The tree as the reorder call takes it: every item once, top to bottom. */
export function placements(tree: TreeNode[]): Placement[] {
  return tree.flatMap((n) => [
    { id: n.item.id, parent_id: null },
    ...n.children.map((c) => ({ id: c.item.id, parent_id: n.item.id })),
  ]);
}

/** Items in the order of `order`, with the parents and sort orders the server will store (optimistic update). */
export function applyOrder(items: MenuItem[], order: Placement[]): MenuItem[] {
  const byId = new Map(items.map((i) => [i.id, i]));
  return order.flatMap((p, index) => {
    const item = byId.get(p.id);
    return item ? [{ ...item, parent_id: p.parent_id, sort_order: (index + 1) * 10 }] : [];
  });
}

/** Where an item sits: its siblings (the top level or its parent's children) and its index among them. */
function locate(
  tree: TreeNode[],
  id: number,
): { siblings: TreeNode[]; index: number; parent: TreeNode | null } | null {
  const top = tree.findIndex((n) => n.item.id === id);
  if (top >= 0) return { siblings: tree, index: top, parent: null };
  for (const parent of tree) {
    const index = parent.children.findIndex((c) => c.item.id === id);
    if (index >= 0) return { siblings: parent.children, index, parent };
  }
  return null;
}

const clone = (tree: TreeNode[]): TreeNode[] =>
  tree.map((n) => ({ item: n.item, children: [...n.children] }));

export type Move = 'up' | 'down' | 'in' | 'out';

/** What a keyboard move may do from where the item is (the buttons are disabled otherwise). */
export function canMove(tree: TreeNode[], id: number, move: Move): boolean {
  const at = locate(tree, id);
  if (!at) return false;
  const node = at.siblings[at.index] as TreeNode;
  switch (move) {
    case 'up':
      return at.index > 0;
    case 'down':
      return at.index < at.siblings.length - 1;
    // Into the item above it, as its last child: two levels at most, so only a childless top-level item.
    case 'in':
      return at.parent === null && at.index > 0 && node.children.length === 0;
    case 'out':
      return at.parent !== null;
  }
}

/** The tree after a keyboard move (unchanged when the move is not possible). */
export function moveItem(tree: TreeNode[], id: number, move: Move): TreeNode[] {
  if (!canMove(tree, id, move)) return tree;
  const next = clone(tree);
  const at = locate(next, id);
  if (!at) return tree;
  const [node] = at.siblings.splice(at.index, 1) as [TreeNode];
  if (move === 'up') at.siblings.splice(at.index - 1, 0, node);
  else if (move === 'down') at.siblings.splice(at.index + 1, 0, node);
  else if (move === 'in')
    (at.siblings[at.index - 1] as TreeNode).children.push({ item: node.item, children: [] });
  else if (at.parent) next.splice(next.indexOf(at.parent) + 1, 0, node);
  return next;
}

/**
 * The tree after dropping `id` just before `targetId` (at the target's level), or at the end of the top level
 * when `targetId` is null. Null when the drop is not allowed: onto itself, or an item with children into a parent.
 */
export function dropBefore(tree: TreeNode[], id: number, targetId: number | null): TreeNode[] | null {
  if (id === targetId) return null;
  const next = clone(tree);
  const at = locate(next, id);
  if (!at) return null;
  const node = at.siblings[at.index] as TreeNode;
  const target = targetId === null ? null : locate(next, targetId);
  if (targetId !== null && !target) return null;
  if (target?.parent && node.children.length > 0) return null;
  if (target?.parent?.item.id === id) return null;
  at.siblings.splice(at.index, 1);
  if (!target) {
    next.push(node);
    return next;
  }
  // The target's index may have shifted when the dragged item left the same list above it.
  const index = target.siblings.findIndex((n) => n.item.id === targetId);
  target.siblings.splice(index, 0, target.parent ? { item: node.item, children: [] } : node);
  return next;
}
