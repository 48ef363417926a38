import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight, type SpotlightActionData, type SpotlightActionGroupData } from '@mantine/spotlight';
import { IconFileInvoice, IconPackage, IconPlaneDeparture, IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useSession } from '../../lib/session/use-session';
import {
  ENTITY_GROUPS,
  type EntityGroup,
  type EntityHits,
  hitCount,
  MIN_QUERY,
  mergeHits,
  searchCache,
  searchOnline,
} from './entity-search';
import { useGo } from './use-nav';

/** The groups' titles (the group keys stay English: they are the hits' keys). */
const GROUP_TITLES: Record<EntityGroup, MessageDescriptor> = {
  Packages: msg`Packages`,
  'Pre-alerts': msg`Pre-alerts`,
  Invoices: msg`Invoices`,
};

const ICONS: Record<EntityGroup, ReactNode> = {
  Packages: <IconPackage size={18} aria-hidden />,
  'Pre-alerts': <IconPlaneDeparture size={18} aria-hidden />,
  Invoices: <IconFileInvoice size={18} aria-hidden />,
};

/** The menu items whose title, section or route holds every word typed (all of them for an empty query). */
export function filterMenu(query: string, actions: SpotlightActionData[], limit = 10): SpotlightActionData[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return actions
    .filter((a) => {
      const text = [a.label, a.description, ...(Array.isArray(a.keywords) ? a.keywords : [a.keywords])]
        .filter(Boolean)
        .join(' ')
        .toLowerCase();
      return words.every((w) => text.includes(w));
    })
    .slice(0, limit);
}

/**
 * Mantine Spotlight (ctrl/cmd + K): the menu, and for a customer also their packages, pre-alerts and invoices —
 * from the API as typing pauses, and at once from the cached data (which is all there is offline).
 */
export default function SpotlightPanel({ actions }: { actions: SpotlightActionData[] }) {
  const { t, i18n } = useLingui();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const session = useSession();
  const customer = session.role === 'customer';
  const client = useQueryClient();
  const go = useGo();
  const [online, setOnline] = useState<{ q: string; hits: Partial<EntityHits> | null } | null>(null);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    if (!customer || debounced.length < MIN_QUERY) {
      setOnline(null);
      setSearching(false);
      return;
    }
    let live = true;
    setSearching(true);
    searchOnline(debounced)
      .then((hits) => live && setOnline({ q: debounced, hits }))
      .catch(() => live && setOnline({ q: debounced, hits: null }))
      .finally(() => live && setSearching(false));
    return () => {
      live = false;
    };
  }, [debounced, customer]);

  const q = query.trim();
  const entities = useMemo(() => {
    if (!customer || q.length < MIN_QUERY) return null;
    // The server's answer only for the words it was asked about; the cache answers at once meanwhile.
    return mergeHits(online?.q === q ? online.hits : null, searchCache(client, q));
  }, [customer, q, online, client]);

  const groups = useMemo<SpotlightActionGroupData[]>(() => {
    const out: SpotlightActionGroupData[] = [];
    const menu = filterMenu(q, actions);
    if (menu.length > 0) out.push({ group: t`Menu`, actions: menu });
    if (entities) {
      for (const group of ENTITY_GROUPS) {
        if (entities[group].length === 0) continue;
        out.push({
          group: i18n._(GROUP_TITLES[group]),
          actions: entities[group].map((hit) => ({
            id: hit.id,
            label: hit.label,
            description: hit.description,
            leftSection: ICONS[group],
            onClick: () => go(hit.href)(),
          })),
        });
      }
    }
    return out;
  }, [q, actions, entities, go, t, i18n]);

  const waiting = searching || (customer && q.length >= MIN_QUERY && online?.q !== q && navigator.onLine);
  const nothing =
    groups.length === 0 && (!entities || hitCount(entities) === 0)
      ? waiting
        ? t`Searching…`
        : customer
          ? t`Nothing found in the menu, your packages, pre-alerts or invoices`
          : t`Nothing found in the menu`
      : null;

  return (
    <Spotlight
      actions={groups}
      filter={(_query, all) => all}
      query={query}
      onQueryChange={setQuery}
      nothingFound={nothing}
      highlightQuery
      shortcut={['mod + K']}
      // The dialog has no visible title: name it for screen readers (axe: aria-dialog-name).
      attributes={{ content: { 'aria-label': t`Search` } }}
      searchProps={{
        leftSection: <IconSearch size={18} aria-hidden />,
        placeholder: customer ? t`Search the menu, tracking numbers, invoices…` : t`Search the menu…`,
        'aria-label': customer ? t`Search the menu, packages, pre-alerts and invoices` : t`Search the menu`,
      }}
    />
  );
}
