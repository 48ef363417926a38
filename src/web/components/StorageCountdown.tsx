import { Trans } from '@lingui/react/macro';
import { Card, Group, Text, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { displayTimeZone } from '../../contract/format';
import { countdownAt, type StorageCountdown, storageWords } from '../../contract/storage';

/**
 * The countdown as of now: an answer saved on this device (offline) is counted again by the same rule
 * (contract/storage.ts), so a day later it still tells the truth.
 */
export function countdownNow(storage: StorageCountdown): StorageCountdown {
  return countdownAt(storage, new Date(), displayTimeZone());
}

/** A parcel's storage in a list row: "Free until Dec 3, then J$150.00 a day", and the fee so far once it runs. */
export function StorageLine({
  storage,
  lead,
  size = 'xs',
}: {
  storage: StorageCountdown | null | undefined;
  /** Words before it ("Storage:" where nothing else says what the line is about). */
  lead?: string;
  size?: 'xs' | 'sm';
}) {
  // Answers saved before the countdown existed have no `storage` at all.
  if (!storage) return null;
  const words = storageWords(countdownNow(storage));
  return (
    <Text size={size} mt={4} data-testid="storage-countdown">
      {lead ? `${lead} ` : ''}
      {words.terms}
      {words.soFar && (
        <>
          {' · '}
          <Text span size={size} fw={700}>
            {words.soFar}
          </Text>
        </>
      )}
    </Text>
  );
}

/** The package page's storage section, for a parcel waiting at the counter. */
export function StorageCard({ storage }: { storage: StorageCountdown | null | undefined }) {
  if (!storage) return null;
  const now = countdownNow(storage);
  const words = storageWords(now);
  return (
    <Card padding="lg" component="section" aria-labelledby="storage-heading" data-testid="storage-countdown">
      <Group gap="xs" mb="xs" wrap="nowrap">
        <IconClockHour4 size={20} aria-hidden />
        <Title order={2} fz="lg" id="storage-heading">
          <Trans>Storage</Trans>
        </Title>
      </Group>
      <Text>{words.terms}.</Text>
      {words.soFar ? (
        <Text fw={700} mt={4}>
          {words.soFar}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" mt={4}>
          <Trans>Collect it by then to pay no storage.</Trans>
        </Text>
      )}
    </Card>
  );
}
