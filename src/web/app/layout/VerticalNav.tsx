import { Trans, useLingui } from '@lingui/react/macro';
import { NavLink, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import type { NavNode } from '../../features/menus/api';
import { NavIcon } from './nav-icons';
import { useGo, useIsActive, useNavSections } from './use-nav';

function Item({ node, onNavigate }: { node: NavNode; onNavigate?: () => void }) {
  const go = useGo();
  const isActive = useIsActive();
  const active = isActive(node);
  if (node.children.length > 0) {
    return (
      <NavLink
        label={node.title}
        leftSection={<NavIcon name={node.icon} />}
        defaultOpened={active}
        active={active}
        variant="subtle"
      >
        {node.children.map((child) => (
          <Item key={child.id} node={child} {...(onNavigate ? { onNavigate } : {})} />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component="a"
      href={node.route}
      label={node.title}
      leftSection={<NavIcon name={node.icon} />}
      active={active}
      aria-current={active ? 'page' : undefined}
      variant="filled"
      onClick={(e) => {
        go(node.route)(e);
        onNavigate?.();
      }}
    />
  );
}

/** The vertical menu, in the side navbar (desktop) or the overlay drawer (below 1280 px). */
export function VerticalNav({ onNavigate }: { onNavigate?: () => void }) {
  const { sections, query } = useNavSections();
  const { t } = useLingui();
  return (
    <ScrollArea type="auto" h="100%">
      <nav aria-label={t`Main`}>
        <Stack gap={4} p="sm">
          {query.isPending && query.fetchStatus !== 'idle'
            ? ['a', 'b', 'c', 'd', 'e', 'f'].map((k) => <Skeleton key={k} h={36} radius="md" />)
            : null}
          {query.isError && (
            <Text size="sm" c="red.8" px="sm">
              <Trans>The menu could not be loaded.</Trans>
            </Text>
          )}
          {sections.map((section) => (
            <div key={section.code}>
              {sections.length > 1 && (
                <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="sm" pb={4}>
                  {section.title}
                </Text>
              )}
              {section.items.map((node) => (
                <Item key={node.id} node={node} {...(onNavigate ? { onNavigate } : {})} />
              ))}
            </div>
          ))}
        </Stack>
      </nav>
    </ScrollArea>
  );
}
