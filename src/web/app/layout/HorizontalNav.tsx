import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { NavNode } from '../../features/menus/api';
import { NavIcon } from './nav-icons';
import { useGo, useIsActive, useNavSections } from './use-nav';

/** The horizontal menu bar under the header (desktop only). */
export function HorizontalNav() {
  const { sections } = useNavSections();
  const go = useGo();
  const isActive = useIsActive();
  const nodes: NavNode[] = sections.flatMap((s) =>
    sections.length > 1 && s.code === 'admin' && s.items.length > 1
      ? [{ id: -s.items.length, title: s.title, icon: 'list', route: '/admin', children: s.items }]
      : s.items,
  );
  return (
    <nav aria-label="Main">
      {/* One row: when the items do not fit, the bar scrolls sideways instead of growing. */}
      <Group gap={2} px="md" h={50} wrap="nowrap" style={{ overflowX: 'auto', scrollbarWidth: 'thin' }}>
        {nodes.map((node) =>
          node.children.length > 0 ? (
            <Menu key={node.id} trigger="click-hover" position="bottom-start" withinPortal>
              <Menu.Target>
                <Button
                  size="compact-md"
                  style={{ flexShrink: 0 }}
                  variant={isActive(node) ? 'light' : 'subtle'}
                  color="brand"
                  c={isActive(node) ? undefined : 'var(--mantine-color-text)'}
                  leftSection={<NavIcon name={node.icon} size={18} />}
                  rightSection={<IconChevronDown size={14} aria-hidden />}
                >
                  {node.title}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {node.children.map((child) => (
                  <Menu.Item
                    key={child.id}
                    component="a"
                    href={child.route}
                    leftSection={<NavIcon name={child.icon} size={16} />}
                    onClick={go(child.route)}
                  >
                    {child.title}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ) : (
            <Button
              key={node.id}
              size="compact-md"
              style={{ flexShrink: 0 }}
              component="a"
              href={node.route}
              variant={isActive(node) ? 'light' : 'subtle'}
              color="brand"
              c={isActive(node) ? undefined : 'var(--mantine-color-text)'}
              aria-current={isActive(node) ? 'page' : undefined}
              leftSection={<NavIcon name={node.icon} size={18} />}
              onClick={go(node.route)}
            >
              {node.title}
            </Button>
          ),
        )}
      </Group>
    </nav>
  );
}
