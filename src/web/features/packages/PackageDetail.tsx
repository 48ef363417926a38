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
  return (
    <Card padding="lg" component="section" aria-labelledby="details-heading">
      <Title order={2} fz="lg" mb="sm" id="details-heading">
        Details
      </Title>
      <dl className={classes.facts}>
        <Fact label="Tracking number">{pkg.tracking_number}</Fact>
        <Fact label="Status">
          <PackageStatusBadge code={pkg.status} name={pkg.status_name} />
        </Fact>
        <Fact label="Description">{pkg.description || '—'}</Fact>
        <Fact label="Seller">{pkg.seller_name || '—'}</Fact>
        <Fact label="Shipper">{pkg.shipper || '—'}</Fact>
        <Fact label="Weight">{formatWeight(pkg.weight)}</Fact>
        <Fact label="Dimensions (L × W × H)">
          {formatDimensions(pkg.length, pkg.width, pkg.height) ?? 'Not measured'}
        </Fact>
        <Fact label="Declared value">{formatDeclared(pkg.declared_value_cents)}</Fact>
        <Fact label="Received at the US warehouse">
          {pkg.received_at ? formatDateTime(pkg.received_at) : 'Not yet'}
        </Fact>
        <Fact label="Delivered">{pkg.delivered_at ? formatDateTime(pkg.delivered_at) : 'Not yet'}</Fact>
        <Fact label="Mailbox">{pkg.owner?.mailbox_number ?? 'Unassigned'}</Fact>
      </dl>
    </Card>
  );
}

function StatusHistory({ pkg }: { pkg: PackageDetailData }) {
  const events = pkg.events;
  return (
    <Card padding="lg" component="section" aria-labelledby="history-heading">
      <Group justify="space-between" align="baseline" mb="md">
        <Title order={2} fz="lg" id="history-heading">
          Status history
        </Title>
        <Text size="sm" c="dimmed">
          Oldest first
        </Text>
      </Group>
      {events.length === 0 ? (
        <Text c="dimmed">No status changes yet.</Text>
      ) : (
        <Timeline active={events.length - 1} bulletSize={24} lineWidth={2}>
          {events.map((event, index) => {
            const latest = index === events.length - 1;
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
                        Current
                      </ToneBadge>
                    )}
                  </Group>
                }
              >
                <Text size="sm" c="dimmed">
                  <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
                  {event.actor ? ` · by ${event.actor}` : ''}
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
  const p = pkg.prealert;
  return (
    <Card padding="lg" component="section" aria-labelledby="prealert-heading">
      <Title order={2} fz="lg" mb="sm" id="prealert-heading">
        Your pre-alert
      </Title>
      {!p ? (
        <Text c="dimmed">
          No pre-alert is linked to this package.{' '}
          <Anchor component={Link} to="/user/packages/pre-alert">
            Pre-alert your next package
          </Anchor>{' '}
          so the warehouse can match it to you at once.
        </Text>
      ) : (
        <Stack gap="sm">
          <Group gap="xs">
            <ToneBadge tone={p.status === 'cancelled' ? 'gray' : p.status === 'matched' ? 'green' : 'brand'}>
              {p.status === 'matched' ? 'Matched' : p.status === 'pending' ? 'Pending' : 'Cancelled'}
            </ToneBadge>
            <Text size="sm" c="dimmed">
              <RelativeTimes
                steps={[
                  ['Sent', p.created_at],
                  ['matched', p.matched_at],
                ]}
              />
            </Text>
          </Group>
          <dl className={classes.facts}>
            <Fact label="Seller">{p.seller_name}</Fact>
            <Fact label="Description">{p.description}</Fact>
            <Fact label="Value">{formatDeclared(p.value_cents, p.currency || 'USD')}</Fact>
            <Fact label="Weight">{formatWeight(p.weight)}</Fact>
            <Fact label="Package type">
              <span style={{ textTransform: 'capitalize' }}>{p.package_type}</span>
            </Fact>
          </dl>
          {p.files.length > 0 && <FileList label="Pre-alert files" files={p.files} />}
        </Stack>
      )}
    </Card>
  );
}

function DetailSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading the package">
      <Skeleton h={32} w="60%" />
      <Skeleton h={220} />
      <Skeleton h={180} />
    </Stack>
  );
}

/** /user/packages/{id}: the facts, where it has been, the pre-alert it matched, and its receipts. */
export function PackageDetail({ id }: { id: string }) {
  const query = useQuery(packageQueryOptions(id));
  const pkg = query.data;
  usePageTitle(pkg ? `Package ${pkg.tracking_number}` : 'Package');

  if (query.isPending) {
    return (
      <Stack gap="md">
        <BackLink to="/user/packages/history">Back to package history</BackLink>
        <DetailSkeleton />
      </Stack>
    );
  }
  if (!pkg) {
    const missing = query.error instanceof ApiError && [400, 404].includes(query.error.status);
    return (
      <Stack gap="md">
        <BackLink to="/user/packages/history">Back to package history</BackLink>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {missing ? 'Package not found' : 'Could not load the package'}
        </Title>
        <Alert color={missing ? 'gray' : 'red'} variant="light" role="alert">
          {missing
            ? 'There is no package with this link on your account.'
            : errorMessage(query.error, 'Something went wrong. Please try again.')}
        </Alert>
        {!missing && (
          <Box>
            <Button variant="light" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Box>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <BackLink to="/user/packages/history">Back to package history</BackLink>
      <div>
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
            {pkg.tracking_number}
          </Title>
          <PackageStatusBadge code={pkg.status} name={pkg.status_name} size="lg" />
        </Group>
        <Text c="dimmed">
          {pkg.description || 'Package'}
          {pkg.seller_name ? ` from ${pkg.seller_name}` : ''} · updated{' '}
          <RelativeTime value={pkg.updated_at} />
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
          Show your pickup pass
        </Button>
      )}
      {pkg.hold && (
        // Why it is held and what the customer can do: the same words as the push, the bell and the e-mail.
        <Alert color="orange" variant="light" title={`On hold: ${pkg.hold.label}`} data-testid="package-hold">
          <Text size="sm">{pkg.hold.what_to_do}</Text>
          {pkg.hold.note && pkg.hold.note !== pkg.hold.what_to_do && (
            <Text size="sm" mt={4}>
              From our team: {pkg.hold.note}
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
