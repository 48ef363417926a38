import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PackageWithoutPrealert, UnmatchedPrealert } from '../../../../contract/matching';
import { formatDate } from '../../../lib/format';
import { ManualPick } from './ManualPick';
import { Suggestion } from './MatchButton';
import { type Pair, who } from './pair';

const REASON: Record<string, string> = {
  tracking: 'Similar tracking number',
  same_customer: 'Same customer',
  seller: 'Same seller, soon after',
};

function Suggestions({ label, none, children }: { label: string; none: string; children: ReactNode[] }) {
  if (children.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {none}
      </Text>
    );
  }
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}

/** A pending pre-alert: who sent it, what it is, the packages it may be, a manual pick, and cancelling it. */
export function PrealertCard({
  p,
  onPick,
  onCancel,
}: {
  p: UnmatchedPrealert;
  onPick: (pair: Pair) => void;
  onCancel: (p: UnmatchedPrealert) => void;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {p.tracking_number}
        </Text>
        <Button variant="default" size="xs" mih={32} onClick={() => onCancel(p)} flex="none">
          Cancel with reason
        </Button>
      </Group>
      <Text size="sm">
        {who(p.customer)} · {p.seller_name} · {p.description} · sent {formatDate(p.created_at)}
      </Text>
      <Suggestions label="Suggested packages" none="No suggested package.">
        {p.suggestions.map((k) => (
          <Suggestion
            key={k.id}
            tracking={k.tracking_number}
            detail={`${REASON[k.reason]} · ${who(k.customer)}${k.received_at ? ` · received ${formatDate(k.received_at)}` : ''}`}
            onMatch={() => onPick({ prealert: p, pkg: k })}
          />
        ))}
      </Suggestions>
      <ManualPick prealert={p} onPick={onPick} />
    </Stack>
  );
}

/** A received package nobody pre-alerted: whose it is, and the pre-alerts it may be. */
export function PackageCard({ k, onPick }: { k: PackageWithoutPrealert; onPick: (pair: Pair) => void }) {
  return (
    <Stack gap="xs">
      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
        {k.tracking_number}
      </Text>
      <Text size="sm">
        {who(k.customer)}
        {k.customer === null && k.consignee_hint ? ` (label: ${k.consignee_hint})` : ''}
        {k.received_at ? ` · received ${formatDate(k.received_at)}` : ''}
      </Text>
      <Suggestions label="Suggested pre-alerts" none="No suggested pre-alert.">
        {k.suggestions.map((p) => (
          <Suggestion
            key={p.id}
            tracking={p.tracking_number}
            detail={`${REASON[p.reason]} · ${who(p.customer)}`}
            onMatch={() => onPick({ prealert: p, pkg: k })}
          />
        ))}
      </Suggestions>
    </Stack>
  );
}
