import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  Avatar,
  Button,
  Group,
  Menu,
  Modal,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconBuildingSkyscraper,
  IconChevronDown,
  IconLogout,
  IconMailbox,
  IconSettings,
  IconUser,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { LanguageMenuSection } from '../../components/LanguageMenu';
import { logout, meQueryOptions } from '../../features/auth/api';
import { companyQueryOptions } from '../../features/tenant/api';
import { outbox } from '../../lib/offline/outbox-app';
import { useSession } from '../../lib/session/use-session';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('');

/**
 * Name, email, mailbox number, profile, the platform console (its operator only), customizer, the languages the
 * company offers and logout.
 */
export function UserMenu({ onOpenCustomizer, compact }: { onOpenCustomizer: () => void; compact: boolean }) {
  const session = useSession();
  const { data: user } = useQuery(meQueryOptions(session.userId));
  const { data: company } = useQuery(companyQueryOptions());
  const queryClient = useQueryClient();
  const router = useRouter();
  const { t } = useLingui();
  const name = user?.name ?? t`Account`;

  // Unsent outbox items are never lost silently: logging out with some asks whether to keep or discard them.
  const [unsent, setUnsent] = useState(0);

  async function signOut(discardUnsent: boolean) {
    setUnsent(0);
    if (discardUnsent && session.userId) await outbox.discardAllFor(session.userId);
    await logout();
    queryClient.clear();
    await router.navigate({ to: '/login' });
  }

  async function onLogout() {
    const count = session.userId ? await outbox.countFor(session.userId) : 0;
    if (count > 0) setUnsent(count);
    else await signOut(false);
  }

  return (
    <>
      <Modal opened={unsent > 0} onClose={() => setUnsent(0)} title={t`You have unsent items`} centered>
        <Stack>
          <Text size="sm">
            <Plural
              value={unsent}
              one="One item in your outbox has not reached us yet. Keep it on this device to send after you sign in again, or discard it."
              other="# items in your outbox have not reached us yet. Keep them on this device to send after you sign in again, or discard them."
            />
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setUnsent(0)}>
              <Trans>Stay signed in</Trans>
            </Button>
            <Button color="red" variant="light" onClick={() => void signOut(true)}>
              <Trans>Discard and log out</Trans>
            </Button>
            <Button onClick={() => void signOut(false)}>
              <Trans>Keep and log out</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Menu position="bottom-end" width={260} withinPortal>
        <Menu.Target>
          <UnstyledButton px={4} py={2} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
            <Group gap={8} wrap="nowrap">
              <VisuallyHidden>
                <Trans>User menu</Trans>
              </VisuallyHidden>
              <Avatar color="brand" radius="xl" size={34} alt="" aria-hidden>
                {user ? initials(user.name) : <IconUser size={18} aria-hidden />}
              </Avatar>
              {!compact && (
                <>
                  <Text size="sm" fw={600} maw={{ base: 140, lg: 260 }} truncate data-testid="user-name">
                    {name}
                  </Text>
                  <IconChevronDown size={14} aria-hidden />
                </>
              )}
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            component="div"
            disabled
            style={{ cursor: 'default', opacity: 1 }}
            data-testid="user-summary"
          >
            <Text fw={600} size="sm" c="var(--mantine-color-text)">
              {name}
            </Text>
            {user && (
              <Text size="xs" c="dimmed" truncate>
                {user.email}
              </Text>
            )}
            {user && (
              <Group gap={6} mt={6} wrap="nowrap">
                <IconMailbox size={16} aria-hidden />
                <Text size="xs" c="var(--mantine-color-text)">
                  <Trans>
                    Mailbox <strong dir="ltr">{user.mailbox_number}</strong>
                  </Trans>
                </Text>
              </Group>
            )}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconUser size={16} aria-hidden />}
            onClick={() => void router.navigate({ to: '/user/profile' })}
          >
            <Trans>Profile</Trans>
          </Menu.Item>
          {/* The platform's operator only (the server refuses everyone else anyway). */}
          {session.platform && (
            <Menu.Item
              leftSection={<IconBuildingSkyscraper size={16} aria-hidden />}
              onClick={() => void router.navigate({ to: '/platform' })}
            >
              <Trans>Platform console</Trans>
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconSettings size={16} aria-hidden />} onClick={onOpenCustomizer}>
            <Trans>Customize</Trans>
          </Menu.Item>
          <LanguageMenuSection languages={company?.languages} />
          <Menu.Divider />
          <Menu.Item
            color="red.9"
            leftSection={<IconLogout size={16} aria-hidden />}
            onClick={() => void onLogout()}
          >
            <Trans>Logout</Trans>
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </>
  );
}
