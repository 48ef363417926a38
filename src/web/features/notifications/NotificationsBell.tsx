import './i18n';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Button,
  Group,
  Popover,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBell, IconBellOff, IconChecks, IconCloudOff } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { type MouseEvent, type ReactNode, useState } from 'react';
import type { Notification } from '../../../contract/notifications';
import { PushPrompt } from '../../components/push/PushPrompt';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useOnline } from '../../lib/offline/offline-status';
import { safeRedirect } from '../../lib/session/guards';
import { useSession } from '../../lib/session/use-session';
import { useMarkAllRead, useMarkRead, useNotifications } from './api';
import classes from './NotificationsBell.module.css';
import { relativeTime } from './relative-time';

/** What the bell's button says to a screen reader: its name and, when there are some, how many are unread. */
// The global i18n (not a hook): a plain function the bell calls while it renders (and the test calls alone).
export const bellLabel = (unread: number) =>
  i18n._(unread > 0 ? msg`Notifications, ${unread} unread` : msg`Notifications`);

function NotificationItem({
  notification: n,
  onOpen,
}: {
  notification: Notification;
  onOpen: (n: Notification, event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const unread = n.read_at === null;
  return (
    <li>
      <UnstyledButton
        component="a"
        href={n.link}
        className={classes.item}
        data-unread={unread || undefined}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => onOpen(n, event)}
      >
        <span className={classes.dot} aria-hidden />
        <span>
          <Text size="sm" fw={unread ? 700 : 500} className={classes.body}>
            {unread && (
              <VisuallyHidden>
                <Trans>Unread:</Trans>{' '}
              </VisuallyHidden>
            )}
            {n.title}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={3} className={classes.body}>
            {n.body}
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            <time dateTime={n.created_at} title={formatDateTime(n.created_at)}>
              {relativeTime(n.created_at)}
            </time>
          </Text>
        </span>
      </UnstyledButton>
    </li>
  );
}

function Message({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Stack align="center" gap="xs" py="md" px="md">
      <ThemeIcon variant="light" size="xl" radius="xl">
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" ta="center">
        {text}
      </Text>
    </Stack>
  );
}

/**
 * The bell in the header: the unread count on it, and a panel of the newest notifications. Opening one marks it
 * read and goes where it links; "Mark all as read" clears the count. Offline it shows what was last fetched.
 */
export function NotificationsBell() {
  const { t } = useLingui();
  const [opened, setOpened] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const router = useRouter();
  const { role } = useSession();
  const online = useOnline();
  const query = useNotifications();
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const page = query.data;
  const unread = page?.unread_count ?? 0;

  function open(n: Notification, event: MouseEvent<HTMLAnchorElement>) {
    if (n.read_at === null) markRead.mutate(n.id);
    // A new tab or window (modifier keys, middle click) is the browser's business.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    setOpened(false);
    const target = safeRedirect(n.link);
    if (target) void router.navigate({ href: target });
  }

  function readAll() {
    if (unread === 0 || markAll.isPending) return;
    setAnnouncement('');
    markAll.mutate(undefined, {
      onSuccess: () => setAnnouncement(t`All notifications marked as read`),
      onError: (e) => setAnnouncement(errorMessage(e, t`Could not mark them as read. Please try again.`)),
    });
  }

  let content: ReactNode;
  if (page) {
    content =
      page.items.length === 0 ? (
        <Message
          icon={<IconBellOff size={22} aria-hidden />}
          title={t`No notifications yet`}
          text={t`Updates about your packages and invoices will appear here.`}
        />
      ) : (
        <ul className={classes.list} aria-label={t`Recent notifications`}>
          {page.items.map((n) => (
            <NotificationItem key={n.id} notification={n} onOpen={open} />
          ))}
        </ul>
      );
  } else if (!online) {
    content = (
      <Message
        icon={<IconCloudOff size={22} aria-hidden />}
        title={t`You're offline`}
        text={t`Your notifications will appear here once you're back online.`}
      />
    );
  } else if (query.isError) {
    content = (
      <Stack align="center" gap="xs" py="md" px="md" role="alert">
        <Text fw={600}>
          <Trans>Could not load your notifications</Trans>
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {errorMessage(query.error)}
        </Text>
        <Button size="xs" variant="light" onClick={() => void query.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </Stack>
    );
  } else {
    content = (
      <Stack gap="xs" p="md" role="status" aria-busy="true" aria-label={t`Loading notifications`}>
        <Skeleton h={56} />
        <Skeleton h={56} />
        <Skeleton h={56} />
      </Stack>
    );
  }

  return (
    // Focus moves into the panel (and back on close) so a keyboard user can read it and close it with Escape.
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(22rem, calc(100vw - 1rem))"
      withinPortal
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <Tooltip label={t`Notifications`} disabled={opened}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={bellLabel(unread)}
            className={classes.bell}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} aria-hidden />
            {unread > 0 && (
              <span className={classes.count} aria-hidden data-testid="notifications-count">
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown aria-label={t`Notifications`} p={0}>
        <Group justify="space-between" wrap="nowrap" gap="xs" px="md" py="xs" className={classes.header}>
          <div style={{ minWidth: 0 }}>
            <Text fw={700}>
              <Trans>Notifications</Trans>
            </Text>
            {page && (
              <Text size="xs" c="dimmed">
                {unread > 0 ? t`${unread} unread` : t`All read`}
              </Text>
            )}
          </div>
          {page && page.items.length > 0 && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconChecks size={16} aria-hidden />}
              style={{ flexShrink: 0 }}
              onClick={readAll}
              // Stays focusable when there is nothing left to mark, so the keyboard focus is never lost.
              data-disabled={unread === 0 || undefined}
              aria-disabled={unread === 0 || undefined}
            >
              <Trans>Mark all as read</Trans>
            </Button>
          )}
        </Group>
        {page && !online && (
          <Text size="xs" c="dimmed" px="md" pt="xs">
            <Trans>You're offline: these are the notifications saved on this device.</Trans>
          </Text>
        )}
        {content}
        {/* Push carries a customer's parcels and invoices: staff have nothing to be pushed. */}
        {role === 'customer' && (
          <div className={classes.footer}>
            <PushPrompt place="bell" />
          </div>
        )}
        <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      </Popover.Dropdown>
    </Popover>
  );
}
