import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDate, formatDateTime, formatTime } from '../../contract/format';
import { useOfflineStatus } from '../lib/offline/offline-status';

/** The English of the never-loaded message (tests look for it); the screen says it in the current language. */
export const NEVER_LOADED_MESSAGE = "You're offline and this page hasn't been loaded on this device yet.";

/** What the app calls the server when it cannot reach it: the company's name, else a plain word. */
export const unreachableTitle = (serverName?: string) =>
  serverName ? t`Can't reach ${serverName} right now` : t`Can't reach the server right now`;

/**
 * "3:05 PM" today, "Nov 20, 2026, 3:05 PM" before: the one date formatter (src/contract/format.ts), in the company's
 * time zone, so the banner says times as every other screen does.
 */
export function formatDataTime(at: number, now = Date.now()): string {
  return formatDate(at) === formatDate(now) ? formatTime(at) : formatDateTime(at);
}

/**
 * The banner's text, or null online. A screen with nothing of its own to show gets no data time. Offline (the browser
 * says so) and unreachable (the browser says online, the server does not answer) read differently: the first is the
 * device's connection, the second may be the Wi-Fi's or the server's.
 */
export function offlineBannerText(
  status: {
    online: boolean;
    since: number | null;
    missing?: 'none' | 'some' | 'all';
    reason?: 'offline' | 'unreachable';
  },
  now = Date.now(),
  serverName?: string,
) {
  if (status.online) return null;
  const head = status.reason === 'unreachable' ? unreachableTitle(serverName) : t`Offline`;
  if (status.since === null || status.missing === 'all') return head;
  const time = formatDataTime(status.since, now);
  return t`${head} — data from ${time}`;
}

type Status = ReturnType<typeof useOfflineStatus>;

/** "Offline — data from <time>" above the screen, when offline (nothing online). */
export function OfflineBanner({ serverName }: { serverName?: string | undefined }) {
  return <OfflineBannerView status={useOfflineStatus()} serverName={serverName} />;
}

function OfflineBannerView({ status, serverName }: { status: Status; serverName?: string | undefined }) {
  const text = offlineBannerText(status, Date.now(), serverName);
  if (!text) return null;
  return (
    <Paper
      role="status"
      withBorder
      radius="md"
      px="md"
      py="xs"
      mb="md"
      bg="var(--mantine-color-yellow-light)"
      data-testid="offline-banner"
    >
      <Group gap="sm" wrap="nowrap">
        <IconCloudOff size={20} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" fw={600}>
          {text}
          {status.missing === 'some' && (
            <Text span size="sm" fw={400}>
              {' '}
              <Trans>Parts of this page haven't been loaded on this device yet.</Trans>
            </Text>
          )}
        </Text>
      </Group>
    </Paper>
  );
}

/** The screen offline, never loaded on this device: a clear message instead of an endless spinner. */
export function OfflineUnavailable({
  reason = 'offline',
  serverName,
}: {
  reason?: 'offline' | 'unreachable';
  serverName?: string | undefined;
}) {
  const unreachable = reason === 'unreachable';
  return (
    <Stack align="center" gap="sm" py="xl" ta="center" data-testid="offline-unavailable">
      <ThemeIcon variant="light" size={56} radius="xl" color="gray">
        <IconCloudOff size={30} aria-hidden />
      </ThemeIcon>
      <Title order={1} fz={24}>
        {unreachable ? unreachableTitle(serverName) : <Trans>You're offline</Trans>}
      </Title>
      <Text maw={440}>
        {unreachable ? (
          <Trans>This page hasn't been loaded on this device yet.</Trans>
        ) : (
          <Trans>You're offline and this page hasn't been loaded on this device yet.</Trans>
        )}
      </Text>
      <Text size="sm" c="dimmed" maw={440}>
        {unreachable ? (
          <Trans>It will load by itself as soon as the server answers.</Trans>
        ) : (
          <Trans>It will load by itself once you're back online.</Trans>
        )}
      </Text>
    </Stack>
  );
}

/**
 * Wraps the screen (the layout's Outlet): the offline banner on top, and when the screen has nothing to show
 * offline, the offline message in its place. The screen stays mounted (hidden) so its queries stay active and it
 * appears by itself once they load.
 */
export function OfflineGate({
  children,
  serverName,
}: {
  children: ReactNode;
  serverName?: string | undefined;
}) {
  const status = useOfflineStatus();
  const unavailable = !status.online && status.missing === 'all';
  return (
    <>
      <OfflineBannerView status={status} serverName={serverName} />
      {unavailable && <OfflineUnavailable reason={status.reason} serverName={serverName} />}
      <div hidden={unavailable} style={{ display: unavailable ? 'none' : 'contents' }}>
        {children}
      </div>
    </>
  );
}
