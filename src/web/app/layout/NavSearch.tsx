import { Trans } from '@lingui/react/macro';
import { Group, Kbd, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { type SpotlightActionData, spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { NavNode } from '../../features/menus/api';
import { NavIcon } from './nav-icons';
import { useGo, useNavSections } from './use-nav';

// The search panel (Modal + Spotlight), outside the layout chunk.
const SpotlightPanel = lazy(() => import('./SpotlightPanel'));

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** Search over the navigation menu (ctrl/cmd + K). */
export function NavSearch({ compact }: { compact: boolean }) {
  const { sections } = useNavSections({ all: true });
  const go = useGo();
  const [ready, setReady] = useState(false);
  // The panel (and its own Ctrl+K handling) loads the first time it is asked for, by the button or the shortcut:
  // most visits never open it, and it was the last file a cold dashboard fetched. Spotlight's store remembers the
  // open request, so the panel opens as soon as it has loaded.
  useEffect(() => {
    if (ready) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setReady(true);
        spotlight.open();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [ready]);
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
                <Trans>Search</Trans>
              </Text>
              <Kbd size="xs" aria-hidden>
                {isMac ? '⌘' : 'Ctrl'} + K
              </Kbd>
            </>
          )}
          {compact && (
            <VisuallyHidden>
              <Trans>Search</Trans>
            </VisuallyHidden>
          )}
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
