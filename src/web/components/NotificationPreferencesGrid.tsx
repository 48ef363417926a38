import '@mantine/core/styles/Table.css';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Checkbox, Table, Text, VisuallyHidden } from '@mantine/core';
import {
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationPreferences,
  notificationEvents,
  preferenceKey,
} from '../../contract/profile';

/** The channels' names, in the current language when read. */
export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  get push() {
    return t`Push`;
  },
  get email() {
    return t`E-mail`;
  },
};
const CHANNELS: NotificationChannel[] = ['push', 'email'];

/** Each checkbox's name: the event and the channel ("Package received — push"). */
export const preferenceLabel = (event: keyof typeof NOTIFICATION_EVENTS, channel: NotificationChannel) => {
  const moment = NOTIFICATION_EVENTS[event].label;
  const by = CHANNEL_LABELS[channel].toLowerCase();
  return t`${moment} — ${by}`;
};

export interface NotificationPreferencesGridProps {
  values: NotificationPreferences;
  /** Absent: read-only (staff see a customer's choices, only the customer changes them). */
  onChange?: (key: keyof NotificationPreferences, checked: boolean) => void;
  caption: string;
}

/**
 * The moments a customer is told about (rows) by each channel (columns). Every checkbox is named by its row and its
 * column, so a screen reader says what it switches; read-only, it shows the same grid with "On" and "Off".
 */
export function NotificationPreferencesGrid({ values, onChange, caption }: NotificationPreferencesGridProps) {
  return (
    <Table verticalSpacing="xs" horizontalSpacing="xs" layout="fixed">
      <caption>
        <VisuallyHidden>{caption}</VisuallyHidden>
      </caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">
            <Trans>When</Trans>
          </Table.Th>
          {CHANNELS.map((c) => (
            <Table.Th scope="col" key={c} w={72} ta="center">
              {CHANNEL_LABELS[c]}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {notificationEvents.map((event) => (
          <Table.Tr key={event}>
            <Table.Th scope="row" fw={500}>
              <Text size="sm" fw={500}>
                {NOTIFICATION_EVENTS[event].label}
              </Text>
              <Text size="xs" c="dimmed" fw={400}>
                {NOTIFICATION_EVENTS[event].description}
              </Text>
            </Table.Th>
            {CHANNELS.map((channel) => {
              const key = preferenceKey(event, channel);
              return (
                <Table.Td key={channel} ta="center">
                  {onChange ? (
                    <Checkbox
                      aria-label={preferenceLabel(event, channel)}
                      checked={values[key]}
                      onChange={(e) => onChange(key, e.currentTarget.checked)}
                      styles={{ body: { justifyContent: 'center' } }}
                    />
                  ) : (
                    <Text size="sm">{values[key] ? <Trans>On</Trans> : <Trans>Off</Trans>}</Text>
                  )}
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
