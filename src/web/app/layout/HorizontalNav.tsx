import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, Group, Menu } from '@mantine/core';
import { IconChevronDown, IconDots } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import type { NavNode } from '../../features/menus/api';
import { NavIcon } from './nav-icons';
import { useGo, useIsActive, useNavSections } from './use-nav';

/** Room kept for the "More" button when some items do not fit. */
const MORE_WIDTH = 96;
const GAP = 2;

/**
 * How many items fit in `available` px, given each item's width: all of them, or as many as fit beside "More".
 * Exported for the unit test.
 */
export function fittingCount(widths: number[], available: number): number {
  const total = widths.reduce((sum, w) => sum + w + GAP, 0);
  if (total <= available) return widths.length;
  let used = MORE_WIDTH;
  let count = 0;
  for (const w of widths) {
    if (used + w + GAP > available) break;
    used += w + GAP;
    count += 1;
  }
  return count;
}

function NavButton({ node, measuring = false }: { node: NavNode; measuring?: boolean }) {
  const go = useGo();
  const isActive = useIsActive();
  const active = isActive(node);
  const common = {
    size: 'compact-md',
    style: { flexShrink: 0 },
    variant: active ? 'light' : 'subtle',
    color: 'brand',
    c: active ? undefined : 'var(--mantine-color-text)',
    leftSection: <NavIcon name={node.icon} size={18} />,
    tabIndex: measuring ? -1 : undefined,
  } as const;
  if (node.children.length === 0) {
    return (
      <Button
        {...common}
        component="a"
        href={node.route}
        aria-current={active ? 'page' : undefined}
        onClick={go(node.route)}
      >
        {node.title}
      </Button>
    );
  }
  const button = (
    <Button {...common} rightSection={<IconChevronDown size={14} aria-hidden />}>
      {node.title}
    </Button>
  );
  if (measuring) return button;
  return (
    <Menu trigger="click-hover" position="bottom-start" withinPortal>
      <Menu.Target>{button}</Menu.Target>
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
  );
}

/**
 * The horizontal menu bar under the header (desktop only). Items that do not fit on the row go into a "More" menu
 * rather than off the edge: a hidden copy of the row measures every item, and a ResizeObserver recounts on resize.
 */
export function HorizontalNav() {
  const { sections } = useNavSections();
  const { t } = useLingui();
  const go = useGo();
  const isActive = useIsActive();
  const nodes: NavNode[] = sections.flatMap((s) =>
    sections.length > 1 && s.code === 'admin' && s.items.length > 1
      ? [{ id: -s.items.length, title: s.title, icon: 'list', route: '/admin', children: s.items }]
      : s.items,
  );
  const barRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(nodes.length);

  // nodes.length is the trigger, not an input: recount as soon as the menu arrives, before the row is painted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useLayoutEffect(() => {
    const bar = barRef.current;
    const measure = measureRef.current;
    if (!bar || !measure) return;
    const recount = () => {
      const widths = Array.from(measure.children, (el) => (el as HTMLElement).offsetWidth);
      const style = getComputedStyle(bar);
      const available =
        bar.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      setCount(fittingCount(widths, available));
    };
    recount();
    const observer = new ResizeObserver(recount);
    observer.observe(bar);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [nodes.length]);

  const shown = nodes.slice(0, count);
  const overflow = nodes.slice(count).flatMap((n) => (n.children.length > 0 ? n.children : [n]));

  return (
    <nav aria-label={t`Main`}>
      <Box pos="relative">
        <Group ref={barRef} gap={GAP} px="md" h={50} wrap="nowrap" style={{ overflow: 'hidden' }}>
          {shown.map((node) => (
            <NavButton key={node.id} node={node} />
          ))}
          {overflow.length > 0 && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  size="compact-md"
                  style={{ flexShrink: 0 }}
                  variant={overflow.some(isActive) ? 'light' : 'subtle'}
                  color="brand"
                  c={overflow.some(isActive) ? undefined : 'var(--mantine-color-text)'}
                  leftSection={<IconDots size={18} aria-hidden />}
                >
                  <Trans>More</Trans>
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {overflow.map((node) => (
                  <Menu.Item
                    key={node.id}
                    component="a"
                    href={node.route}
                    aria-current={isActive(node) ? 'page' : undefined}
                    leftSection={<NavIcon name={node.icon} size={16} />}
                    onClick={go(node.route)}
                  >
                    {node.title}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        {/* The measuring copy: every item at its natural width, invisible and out of the tab order and a11y tree. */}
        <Group
          ref={measureRef}
          gap={GAP}
          wrap="nowrap"
          aria-hidden
          inert
          style={{
            position: 'absolute',
            top: 0,
            insetInlineStart: 0,
            visibility: 'hidden',
            pointerEvents: 'none',
          }}
        >
          {nodes.map((node) => (
            <NavButton key={node.id} node={node} measuring />
          ))}
        </Group>
      </Box>
    </nav>
  );
}
