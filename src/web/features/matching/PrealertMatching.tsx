import './i18n';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { QueuePrealert } from '../../../contract/matching';
import { ListResults } from '../../components/list';
import { usePageTitle } from '../../components/PageTitle';
import { ScreenHeader } from '../../components/ScreenHeader';
import { unmatchedQueryOptions, withoutPrealertQueryOptions } from './api';
import { CancelPrealert } from './components/CancelPrealert';
import { MatchConfirm } from './components/MatchConfirm';
import type { Pair } from './components/pair';
import { PackageCard, PrealertCard } from './components/QueueCards';
import { type MatchingSearch, QUEUE_PAGE_SIZE } from './matching-search';

// The heading's id is given, not made from the title: the title is in the reader's language.
function Queue({
  id,
  title,
  count,
  children,
}: {
  id: string;
  title: string;
  count: number | undefined;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group justify="space-between">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {count !== undefined && <Badge variant="light">{count}</Badge>}
      </Group>
      {children}
    </Stack>
  );
}

/** /admin/prealerts: pending pre-alerts and received packages without one, side by side, with suggestions. */
export function PrealertMatching({
  search,
  onChange,
}: {
  search: MatchingSearch;
  onChange: (patch: Partial<MatchingSearch>) => void;
}) {
  const { t } = useLingui();
  usePageTitle(t`Pre-alert matching`);
  const pre = useQuery(unmatchedQueryOptions(search.pp, QUEUE_PAGE_SIZE));
  const pkgs = useQuery(withoutPrealertQueryOptions(search.kp, QUEUE_PAGE_SIZE));
  const [pair, setPair] = useState<Pair | null>(null);
  const [cancelling, setCancelling] = useState<QueuePrealert | null>(null);
  const PRE = t`Pre-alerts waiting for a package`;
  const PKG = t`Packages without a pre-alert`;

  return (
    <Stack gap="md">
      <ScreenHeader
        title={t`Pre-alert matching`}
        description={t`Match pending pre-alerts to received packages, or cancel a pre-alert with a reason.`}
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Queue id="queue-pre-alerts-waiting-for-a-package" title={PRE} count={pre.data?.total}>
          <ListResults
            query={pre}
            label={PRE}
            noun={msg({ message: '{count, plural, one {pre-alert} other {pre-alerts}}' })}
            errorTitle={t`Could not load the pre-alerts`}
            empty={<Text c="dimmed">{t`No pre-alert is waiting.`}</Text>}
            card={(p) => <PrealertCard p={p} onPick={setPair} onCancel={setCancelling} />}
            cardLabel={(p) => t`Pre-alert ${p.tracking_number}`}
            rowKey={(p) => p.id}
            single
            paging={{
              page: search.pp,
              onChange: ({ page }) => onChange({ pp: page }),
              label: t`${PRE} pages`,
            }}
            region={null}
          />
        </Queue>
        <Queue id="queue-packages-without-a-pre-alert" title={PKG} count={pkgs.data?.total}>
          <ListResults
            query={pkgs}
            label={PKG}
            noun={msg({ message: '{count, plural, one {package} other {packages}}' })}
            errorTitle={t`Could not load the packages`}
            empty={<Text c="dimmed">{t`Every received package has its pre-alert.`}</Text>}
            card={(k) => <PackageCard k={k} onPick={setPair} />}
            cardLabel={(k) => t`Package ${k.tracking_number}`}
            rowKey={(k) => k.id}
            single
            paging={{
              page: search.kp,
              onChange: ({ page }) => onChange({ kp: page }),
              label: t`${PKG} pages`,
            }}
            region={null}
          />
        </Queue>
      </SimpleGrid>
      <MatchConfirm pair={pair} onClose={() => setPair(null)} />
      <CancelPrealert prealert={cancelling} onClose={() => setCancelling(null)} />
    </Stack>
  );
}
