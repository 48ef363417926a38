import { ActionIcon, Badge, Box, Code, Group, Paper, Text, Tooltip } from '@mantine/core';
import {
  IconArrowBarToLeft,
  IconArrowBarToRight,
  IconArrowDown,
  IconArrowUp,
  IconGripVertical,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import type { DragEvent } from 'react';
import type { MenuItem } from '../../../../contract/menus';
import { MenuIcon } from '../icons';
import classes from '../MenuEditor.module.css';
import { canMove, type Move, type TreeNode } from '../tree';

const ALL_ROLES = 3;
const MOVES: { move: Move; label: string; Icon: typeof IconArrowUp }[] = [
  { move: 'up', label: 'Move up', Icon: IconArrowUp },
  { move: 'down', label: 'Move down', Icon: IconArrowDown },
  { move: 'in', label: 'Move into the item above', Icon: IconArrowBarToRight },
  { move: 'out', label: 'Move out of its parent', Icon: IconArrowBarToLeft },
];

/** The editor's drag state and what a row tells it. */
export interface RowDrag {
  dragged: number | null;
  dropTarget: number | 'end' | null;
  start: (id: number) => void;
  over: (id: number) => void;
  end: () => void;
  drop: (event: DragEvent, targetId: number | null) => void;
}

/**
 * One item of the menu tree (and its children): dragged onto another to go before it, or moved with its buttons
 * (up, down, into the item above, out of its parent), edited, deleted.
 */
export function MenuItemRow({
  node,
  nested,
  tree,
  drag,
  onMove,
  onEdit,
  onDelete,
}: {
  node: TreeNode;
  nested: boolean;
  tree: TreeNode[];
  drag: RowDrag;
  onMove: (node: TreeNode, move: Move, label: string) => void;
  onEdit: (item: MenuItem) => void;
  onDelete: (item: MenuItem) => void;
}) {
  const { item } = node;
  const kids = node.children.length;
  return (
    <Box component="li" data-item-id={item.id} className={classes.item} aria-label={item.title}>
      <Paper
        withBorder
        p="xs"
        className={classes.row}
        data-dragging={drag.dragged === item.id || undefined}
        data-drop={drag.dropTarget === item.id || undefined}
        draggable
        onDragStart={(e: DragEvent) => {
          e.dataTransfer.setData('text/plain', String(item.id));
          e.dataTransfer.effectAllowed = 'move';
          drag.start(item.id);
        }}
        onDragEnd={drag.end}
        onDragOver={(e: DragEvent) => {
          e.preventDefault();
          drag.over(item.id);
        }}
        onDrop={(e: DragEvent) => drag.drop(e, item.id)}
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
                  onClick={() => onMove(node, m, label)}
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
              onClick={() => onEdit(item)}
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
              onClick={() => onDelete(item)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Paper>
      {kids > 0 && (
        <ul className={classes.children} aria-label={`Under ${item.title}`}>
          {node.children.map((c) => (
            <MenuItemRow
              key={c.item.id}
              node={c}
              nested
              tree={tree}
              drag={drag}
              onMove={onMove}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
    </Box>
  );
}
