import '../i18n';
import { Trans } from '@lingui/react/macro';
import { Button, Group, Text } from '@mantine/core';

/**
 * "Match 1Z999AA10123456784": the tracking number is what tells two suggestions apart, so the button never cuts it.
 * Its words wrap inside it, and it goes under the suggestion when the card has no room beside it.
 */
export function MatchButton({ tracking, onClick }: { tracking: string; onClick: () => void }) {
  return (
    <Button
      size="xs"
      h="auto"
      mih={32}
      py={6}
      maw="100%"
      onClick={onClick}
      styles={{
        label: { whiteSpace: 'normal', overflowWrap: 'anywhere', lineHeight: 1.3, textAlign: 'start' },
      }}
    >
      <Trans>
        Match <bdi>{tracking}</bdi>
      </Trans>
    </Button>
  );
}

/** A suggested package or pre-alert: its tracking number, why it is suggested, and its Match button. */
export function Suggestion({
  tracking,
  detail,
  onMatch,
}: {
  tracking: string;
  detail: string;
  onMatch: () => void;
}) {
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="xs">
      <div style={{ minWidth: 0, flex: '1 1 12rem' }}>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {tracking}
        </Text>
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      </div>
      <MatchButton tracking={tracking} onClick={onMatch} />
    </Group>
  );
}
