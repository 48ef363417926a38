import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { BackLink } from '../../components/BackLink';
import { RelativeTime, RelativeTimes } from '../../components/RelativeTime';
import '@mantine/core/styles/Timeline.css';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconPoint, IconQrcode } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { PackageDetail as PackageDetailData } from '../../../contract/packages';
import { FileList } from '../../components/files/FileList';
import { PackageStatusBadge } from '../../components/PackageStatusBadge';
import { usePageTitle } from '../../components/PageTitle';
import { StorageCard } from '../../components/StorageCountdown';
import { ToneBadge } from '../../components/ToneBadge';
import { ApiError, errorMessage } from '../../lib/api';
import { formatDateTime, formatDeclared, formatDimensions, formatWeight } from '../../lib/format';
import { packageQueryOptions } from './api';
import classes from './PackageDetail.module.css';
import { ReceiptsPanel } from './ReceiptsPanel';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.fact}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

function Details({ pkg }: { pkg: PackageDetailData }) {
  const { t } = useLingui();
  return (
    <Card padding="lg" component="section" aria-labelledby="details-heading">
      <Title order={2} fz="lg" mb="sm" id="details-heading">
        <Trans>Details</Trans>
      </Title>
      <dl className={classes.facts}>
        <Fact label={t`Tracking number`}>
          <bdi>{pkg.tracking_number}</bdi>
        </Fact>
        <Fact label={t`Status`}>
          <PackageStatusBadge code={pkg.status} name={pkg.status_name} />
        </Fact>
        <Fact label={t`Description`}>{pkg.description || '—'}</Fact>
        <Fact label={t`Seller`}>{pkg.seller_name || '—'}</Fact>
        <Fact label={t`Shipper`}>{pkg.shipper || '—'}</Fact>
        <Fact label={t`Weight`}>{formatWeight(pkg.weight)}</Fact>
        <Fact label={t`Dimensions (L × W × H)`}>
          {formatDimensions(pkg.length, pkg.width, pkg.height) ?? t`Not measured`}
        </Fact>
        <Fact label={t`Declared value`}>
          <bdi>{formatDeclared(pkg.declared_value_cents)}</bdi>
        </Fact>
        <Fact label={t`Received at the US warehouse`}>
          {pkg.received_at ? formatDateTime(pkg.received_at) : t`Not yet`}
        </Fact>
        <Fact label={t`Delivered`}>{pkg.delivered_at ? formatDateTime(pkg.delivered_at) : t`Not yet`}</Fact>
        <Fact label={t`Mailbox`}>
          <bdi>{pkg.owner?.mailbox_number ?? t`Unassigned`}</bdi>
        </Fact>
      </dl>
    </Card>
  );
}

function StatusHistory({ pkg }: { pkg: PackageDetailData }) {
  const { t } = useLingui();
  const events = pkg.events;
  return (
    <Card padding="lg" component="section" aria-labelledby="history-heading">
      <Group justify="space-between" align="baseline" mb="md">
        <Title order={2} fz="lg" id="history-heading">
          <Trans>Status history</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Oldest first</Trans>
        </Text>
      </Group>
      {events.length === 0 ? (
        <Text c="dimmed">
          <Trans>No status changes yet.</Trans>
        </Text>
      ) : (
        <Timeline active={events.length - 1} bulletSize={24} lineWidth={2}>
          {events.map((event, index) => {
            const latest = index === events.length - 1;
            const actor = event.actor;
            return (
              <Timeline.Item
                key={event.id}
                bullet={
                  latest ? <IconCircleCheck size={14} aria-hidden /> : <IconPoint size={14} aria-hidden />
                }
                title={
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600} component="span">
                      {event.status_name}
                    </Text>
                    {latest && (
                      <ToneBadge tone="brand" size="xs">
                        {t`Current`}
                      </ToneBadge>
                    )}
                  </Group>
                }
              >
                <Text size="sm" c="dimmed">
                  <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
                  {actor ? ` · ${t`by ${actor}`}` : ''}
                </Text>
                {event.note && (
                  <Text size="sm" mt={4}>
                    {event.note}
                  </Text>
                )}
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Card>
  );
}

function LinkedPrealert({ pkg }: { pkg: PackageDetailData }) {
  const { t } = useLingui();
  const p = pkg.prealert;
  return (
    <Card padding="lg" component="section" aria-labelledby="prealert-heading">
      <Title order={2} fz="lg" mb="sm" id="prealert-heading">
        <Trans>Your pre-alert</Trans>
      </Title>
      {!p ? (
        <Text c="dimmed">
          <Trans>
            No pre-alert is linked to this package.{' '}
            <Anchor component={Link} to="/user/packages/pre-alert">
              Pre-alert your next package
            </Anchor>{' '}
            so the warehouse can match it to you at once.
          </Trans>
        </Text>
      ) : (
        <Stack gap="sm">
          <Group gap="xs">
            <ToneBadge tone={p.status === 'cancelled' ? 'gray' : p.status === 'matched' ? 'green' : 'brand'}>
              {p.status === 'matched' ? t`Matched` : p.status === 'pending' ? t`Pending` : t`Cancelled`}
            </ToneBadge>
            <Text size="sm" c="dimmed">
              <RelativeTimes
                steps={[
                  [t`Sent`, p.created_at],
                  [t`matched`, p.matched_at],
                ]}
              />
            </Text>
          </Group>
          <dl className={classes.facts}>
            <Fact label={t`Seller`}>{p.seller_name}</Fact>
            <Fact label={t`Description`}>{p.description}</Fact>
            <Fact label={t`Value`}>
              <bdi>{formatDeclared(p.value_cents, p.currency || 'USD')}</bdi>
            </Fact>
            <Fact label={t`Weight`}>{formatWeight(p.weight)}</Fact>
            <Fact label={t`Package type`}>
              <span style={{ textTransform: 'capitalize' }}>{p.package_type}</span>
            </Fact>
          </dl>
          {p.files.length > 0 && <FileList label={t`Pre-alert files`} files={p.files} />}
        </Stack>
      )}
    </Card>
  );
}

/** "Shoes from Amazon · updated 2 hours ago" */
function Subtitle({ pkg }: { pkg: PackageDetailData }) {
  const { t } = useLingui();
  const what = pkg.description || t`Package`;
  const seller = pkg.seller_name;
  const when = <RelativeTime value={pkg.updated_at} />;
  return seller ? (
    <Trans>
      {what} from {seller} · updated {when}
    </Trans>
  ) : (
    <Trans>
      {what} · updated {when}
    </Trans>
  );
}

function DetailSkeleton() {
  const { t } = useLingui();
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t`Loading the package`}>
      <Skeleton h={32} w="60%" />
      <Skeleton h={220} />
      <Skeleton h={180} />
    </Stack>
  );
}

/** /user/packages/{id}: the facts, where it has been, the pre-alert it matched, and its receipts. */
export function PackageDetail({ id }: { id: string }) {
  const { t } = useLingui();
  const query = useQuery(packageQueryOptions(id));
  const pkg = query.data;
  const tracking = pkg?.tracking_number;
  usePageTitle(tracking ? t`Package ${tracking}` : t`Package`);

  if (query.isPending) {
    return (
      <Stack gap="md">
        <BackLink to="/user/packages/history">
          <Trans>Back to package history</Trans>
        </BackLink>
        <DetailSkeleton />
      </Stack>
    );
  }
  if (!pkg) {
    const missing = query.error instanceof ApiError && [400, 404].includes(query.error.status);
    return (
      <Stack gap="md">
        <BackLink to="/user/packages/history">
          <Trans>Back to package history</Trans>
        </BackLink>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {missing ? t`Package not found` : t`Could not load the package`}
        </Title>
        <Alert color={missing ? 'gray' : 'red'} variant="light" role="alert">
          {missing
            ? t`There is no package with this link on your account.`
            : errorMessage(query.error, t`Something went wrong. Please try again.`)}
        </Alert>
        {!missing && (
          <Box>
            <Button variant="light" onClick={() => void query.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          </Box>
        )}
      </Stack>
    );
  }

  const holdLabel = pkg.hold?.label;
  const holdNote = pkg.hold?.note;
  return (
    <Stack gap="md">
      <BackLink to="/user/packages/history">
        <Trans>Back to package history</Trans>
      </BackLink>
      <div>
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            <bdi>{pkg.tracking_number}</bdi>
          </Title>
          <PackageStatusBadge code={pkg.status} name={pkg.status_name} size="lg" />
        </Group>
        <Text c="dimmed">
          <Subtitle pkg={pkg} />
        </Text>
      </div>
      {pkg.status === 'ready_for_pickup' && (
        // The pass is what the counter scans: one tap from the parcel it is for.
        <Button
          component={Link}
          to="/user/pickup-pass"
          variant="light"
          leftSection={<IconQrcode size={18} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          <Trans>Show your pickup pass</Trans>
        </Button>
      )}
      {pkg.hold && (
        // Why it is held and what the customer can do: the same words as the push, the bell and the e-mail.
        <Alert color="orange" variant="light" title={t`On hold: ${holdLabel}`} data-testid="package-hold">
          <Text size="sm">{pkg.hold.what_to_do}</Text>
          {pkg.hold.note && pkg.hold.note !== pkg.hold.what_to_do && (
            <Text size="sm" mt={4}>
              <Trans>From our team: {holdNote}</Trans>
            </Text>
          )}
        </Alert>
      )}
      <StorageCard storage={pkg.storage} />
      <div className={classes.columns}>
        <Stack gap="md">
          <Details pkg={pkg} />
          <LinkedPrealert pkg={pkg} />
        </Stack>
        <Stack gap="md">
          <StatusHistory pkg={pkg} />
          <ReceiptsPanel packageId={pkg.id} label={pkg.tracking_number} receipts={pkg.receipts} />
        </Stack>
      </div>
    </Stack>
  );
}
