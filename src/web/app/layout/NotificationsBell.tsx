import { ActionIcon, Popover, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';

/** The bell: an honest empty state until notifications exist. */
export function NotificationsBell() {
  return (
    // Focus moves into the panel (and back on close) so a keyboard user can read it and close it with Escape.
    <Popover position="bottom-end" width={300} withinPortal shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <Tooltip label="Notifications">
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notifications">
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown aria-label="Notifications">
        <Stack align="center" gap="xs" py="md">
          <ThemeIcon variant="light" size="xl" radius="xl">
            <IconBellOff size={22} aria-hidden />
          </ThemeIcon>
          <Text fw={600}>No notifications yet</Text>
          <Text size="sm" c="dimmed" ta="center">
            Updates about your packages and invoices will appear here.
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
