import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Prealert } from '../../../contract/packages';
import { PackageStatusBadge } from '../../components/PackageStatusBadge';
import { formatDate, formatWeight } from '../../lib/format';
import { awaitingPrealertsQueryOptions } from './api';

/**
 * "My packages" lists what the warehouse received; a parcel only pre-alerted is not a package yet. These are the
 * customer's pending pre-alerts no package stands for, above the packages, marked Pre-alerted and linking to the
 * pre-alert (the list under the form, narrowed to it). Apart from the package list, so its pages stay as they are.
 */
export function AwaitingPrealerts({ q }: { q: string | undefined }) {
  const { t } = useLingui();
  const list = useQuery(awaitingPrealertsQueryOptions(q));
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  const total = list.data?.total ?? items.length;
  return (
    <Box component="section" aria-labelledby="awaiting-heading">
      <Group justify="space-between" align="baseline" mb="xs" gap="xs">
        <Title order={2} fz="md" id="awaiting-heading">
          <Trans>Pre-alerted, not received yet ({total})</Trans>
        </Title>
        {total > items.length && (
          <Anchor
            renderRoot={(props) => (
              <Link to="/user/packages/pre-alert" search={{ status: 'pending' }} {...props} />
            )}
            size="sm"
          >
            <Trans>See all</Trans>
          </Anchor>
        )}
      </Group>
      <Stack
        component="ul"
        gap="xs"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t`Pre-alerted parcels`}
      >
        {items.map((p) => (
          <AwaitingCard key={p.id} prealert={p} />
        ))}
      </Stack>
    </Box>
  );
}

function AwaitingCard({ prealert: p }: { prealert: Prealert }) {
  const { t } = useLingui();
  const tracking = p.tracking_number;
  const seller = p.seller_name;
  const weight = formatWeight(p.weight);
  const date = formatDate(p.created_at);
  return (
    <Card
      component="li"
      padding="sm"
      withBorder
      style={{ borderStyle: 'dashed' }}
      data-testid="awaiting-prealert"
    >
      <Group justify="space-between" align="center" gap="xs" wrap="nowrap">
        <Anchor
          renderRoot={(props) => (
            <Link to="/user/packages/pre-alert" search={{ q: p.tracking_number }} {...props} />
          )}
          fw={600}
          style={{ overflowWrap: 'anywhere', minWidth: 0 }}
          aria-label={t`${tracking}, pre-alert`}
        >
          <bdi>{p.tracking_number}</bdi>
        </Anchor>
        <PackageStatusBadge code="pre_alerted" name={t`Pre-alerted`} miw="max-content" />
      </Group>
      <Text size="sm" lineClamp={1}>
        {p.description}
      </Text>
      <Text size="xs" c="dimmed">
        <Trans>
          {seller} · {weight} · Pre-alerted {date} · waiting for the warehouse to receive it
        </Trans>
      </Text>
    </Card>
  );
}
