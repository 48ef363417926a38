import './i18n';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { formatMoney } from '../../../contract/format';
import {
  endsSoon,
  formatShortDay,
  type StorageEndingSoon as Item,
  type StorageCountdown,
} from '../../../contract/storage';
import { PackageLink } from '../../components/PackageLinks';
import { countdownNow } from '../../components/StorageCountdown';

/** "Last free day today" or "Free until Dec 3 (2 days left)". */
function WhenWords({ c }: { c: StorageCountdown }) {
  const left = c.free_days_left;
  if (left === 0) return <Trans>Last free day today</Trans>;
  const day = formatShortDay(c.free_until);
  return (
    <Trans>
      Free until {day} (<Plural value={left} one="# day" other="# days" /> left)
    </Trans>
  );
}

/**
 * The dashboard's "Free storage ends soon": the parcels at the counter whose free days end within 2 days (the
 * account summary's list, counted again as of now so a saved answer shown offline stays true); nothing when none.
 */
export function StorageEndingSoon({ items }: { items: Item[] | undefined }) {
  const { t } = useLingui();
  const soon = (items ?? [])
    .map((item) => ({ ...item, storage: countdownNow(item.storage) }))
    .filter((item) => endsSoon(item.storage));
  if (soon.length === 0) return null;
  return (
    <Card padding="lg" component="section" aria-labelledby="storage-soon-heading">
      <Group gap="xs" mb="sm" wrap="nowrap">
        <IconClockHour4 size={22} aria-hidden />
        <Title order={2} fz="lg" id="storage-soon-heading">
          <Trans>Free storage ends soon</Trans>
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
        {soon.map((item) => {
          const perDay = formatMoney(item.storage.per_day_cents, item.storage.currency);
          return (
            <li key={item.package_id} data-testid="storage-ending-soon">
              <PackageLink pkg={{ id: item.package_id, tracking_number: item.tracking_number }} />
              <Text size="sm">
                {item.description || t`Package`} · <WhenWords c={item.storage} />
              </Text>
              <Text size="sm" c="dimmed">
                <Trans>
                  Then <bdi>{perDay}</bdi> a day
                </Trans>
              </Text>
            </li>
          );
        })}
      </Stack>
    </Card>
  );
}
