import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { QueuePrealert } from '../../../../contract/matching';
import { errorMessage } from '../../../lib/api';
import { packagePickQueryOptions } from '../api';
import { Suggestion } from './MatchButton';
import type { Pair } from './pair';

/** A pre-alert's manual pick: find received packages by tracking number, then match one. */
export function ManualPick({ prealert, onPick }: { prealert: QueuePrealert; onPick: (p: Pair) => void }) {
  const { t } = useLingui();
  const [tracking, setTracking] = useState('');
  const [q, setQ] = useState<string | null>(null);
  const found = useQuery(packagePickQueryOptions(q));
  return (
    <Stack gap={6}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (tracking.trim()) setQ(tracking.trim());
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            id={`pick-${prealert.id}`}
            label={t`Match by tracking number`}
            size="sm"
            style={{ flex: 1 }}
            value={tracking}
            onChange={(e) => setTracking(e.currentTarget.value)}
            autoComplete="off"
          />
          <Button type="submit" variant="default" size="sm" mih={36}>
            <Trans>Find</Trans>
          </Button>
        </Group>
      </form>
      {found.isError && <Text c="red">{errorMessage(found.error)}</Text>}
      {found.data && found.data.items.length === 0 && (
        <Text c="dimmed">
          <Trans>No package has this tracking number.</Trans>
        </Text>
      )}
      {found.data && found.data.items.length > 0 && (
        <Stack
          gap={4}
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t`Packages found`}
        >
          {found.data.items.map((k) => (
            <Suggestion
              key={k.id}
              tracking={k.tracking_number}
              detail={k.status_name}
              onMatch={() => onPick({ prealert, pkg: { id: k.id, tracking_number: k.tracking_number } })}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
