import { Group, Kbd, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type SpotlightActionData, spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { NavNode } from '../../features/menus/api';
import { afterIdle } from '../../lib/idle';
import { NavIcon } from './nav-icons';
import { useGo, useNavSections } from './use-nav';

// The search panel (Modal + Spotlight) loads once the page is idle, outside the layout chunk.
const SpotlightPanel = lazy(() => import('./SpotlightPanel'));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Search over the navigation menu (ctrl/cmd + K). */
export function NavSearch({ compact }: { compact: boolean }) {
  const { sections } = useNavSections({ all: true });
  const go = useGo();
  const [ready, setReady] = useState(false);
  // Mounted once the page is idle (its Ctrl+K listener comes with it), or at once when the button is pressed.
  useEffect(() => afterIdle(() => setReady(true)), []);
  const actions = useMemo<SpotlightActionData[]>(() => {
    const flat: { node: NavNode; section: string }[] = [];
    const walk = (nodes: NavNode[], section: string) => {
      for (const node of nodes) {
        if (node.children.length === 0) flat.push({ node, section });
        walk(node.children, section);
      }
    };
    for (const s of sections) walk(s.items, s.title);
    return flat.map(({ node, section }) => ({
      id: `${node.id}`,
      label: node.title,
      description: section,
      keywords: [node.route],
      leftSection: <NavIcon name={node.icon} />,
      onClick: () => go(node.route)(),
    }));
  }, [sections, go]);

  return (
    <>
      <UnstyledButton
        onClick={() => {
          setReady(true);
          spotlight.open();
        }}
        aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
        px={compact ? 8 : 'sm'}
        py={6}
        style={{
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
        }}
      >
        <Group gap="xs" wrap="nowrap">
          <IconSearch size={18} aria-hidden />
          {!compact && (
            <>
              <Text size="sm" c="dimmed">
                Search
              </Text>
              <Kbd size="xs" aria-hidden>
                {isMac ? '⌘' : 'Ctrl'} + K
              </Kbd>
            </>
          )}
          {compact && <VisuallyHidden>Search</VisuallyHidden>}
        </Group>
      </UnstyledButton>
      {ready && (
        <Suspense fallback={null}>
          <SpotlightPanel actions={actions} />
        </Suspense>
      )}
    </>
  );
}
