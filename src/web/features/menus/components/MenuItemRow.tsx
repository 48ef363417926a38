import '../i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
const MOVES: { move: Move; label: MessageDescriptor; Icon: typeof IconArrowUp }[] = [
  { move: 'up', label: msg`Move up`, Icon: IconArrowUp },
  { move: 'down', label: msg`Move down`, Icon: IconArrowDown },
  { move: 'in', label: msg`Move into the item above`, Icon: IconArrowBarToRight },
  { move: 'out', label: msg`Move out of its parent`, Icon: IconArrowBarToLeft },
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
  const { t, i18n } = useLingui();
  const { item } = node;
  const kids = node.children.length;
  const title = item.title;
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
                  <Trans>Disabled</Trans>
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
          {MOVES.map(({ move: m, label: words, Icon }) => {
            if ((m === 'in' && nested) || (m === 'out' && !nested)) return null;
            const label = i18n._(words);
            return (
              <Tooltip key={m} label={label} openDelay={300}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t`${label}: ${title}`}
                  data-move={m}
                  disabled={!canMove(tree, item.id, m)}
                  onClick={() => onMove(node, m, label)}
                >
                  {/* In and out point along the line: they mirror in a right-to-left language. */}
                  <Icon
                    size={18}
                    aria-hidden
                    className={m === 'in' || m === 'out' ? 'mirror-rtl' : undefined}
                  />
                </ActionIcon>
              </Tooltip>
            );
          })}
          <Tooltip label={t`Edit`} openDelay={300}>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t`Edit ${title}`}
              onClick={() => onEdit(item)}
            >
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t`Delete`} openDelay={300}>
            <ActionIcon
              variant="default"
              size="lg"
              color="red.9"
              aria-label={
                kids
                  ? plural(kids, {
                      one: `Delete ${title} (and lift its child)`,
                      other: `Delete ${title} (and lift its # children)`,
                    })
                  : t`Delete ${title}`
              }
              onClick={() => onDelete(item)}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Paper>
      {kids > 0 && (
        <ul className={classes.children} aria-label={t`Under ${title}`}>
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
