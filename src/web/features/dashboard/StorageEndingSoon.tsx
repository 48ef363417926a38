import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { formatMoney } from '../../../contract/format';
import {
  daysWord,
  endsSoon,
  formatShortDay,
  type StorageEndingSoon as Item,
  type StorageCountdown,
} from '../../../contract/storage';
import { PackageLink } from '../../components/PackageLinks';
import { countdownNow } from '../../components/StorageCountdown';

/** "Last free day today" or "Free until Dec 3 (2 days left)". */
function whenWords(c: StorageCountdown): string {
  if (c.free_days_left === 0) return 'Last free day today';
  return `Free until ${formatShortDay(c.free_until)} (${daysWord(c.free_days_left)} left)`;
}

/**
 * The dashboard's "Free storage ends soon": the parcels at the counter whose free days end within 2 days (the
 * account summary's list, counted again as of now so a saved answer shown offline stays true); nothing when none.
 */
export function StorageEndingSoon({ items }: { items: Item[] | undefined }) {
  const soon = (items ?? [])
    .map((item) => ({ ...item, storage: countdownNow(item.storage) }))
    .filter((item) => endsSoon(item.storage));
  if (soon.length === 0) return null;
  return (
    <Card padding="lg" component="section" aria-labelledby="storage-soon-heading">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconClockHour4 size={22} aria-hidden />
        <Title order={2} fz="lg" id="storage-soon-heading">
          Free storage ends soon
        </Title>
      </Group>
      <Stack
        component="ul"
        gap="sm"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-labelledby="storage-soon-heading"
      >
        {soon.map((item) => (
          <li key={item.package_id} data-testid="storage-ending-soon">
            <PackageLink pkg={{ id: item.package_id, tracking_number: item.tracking_number }} />
            <Text size="sm">
              {item.description || 'Package'} · {whenWords(item.storage)}
            </Text>
            <Text size="sm" c="dimmed">
              Then {formatMoney(item.storage.per_day_cents, item.storage.currency)} a day
            </Text>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
