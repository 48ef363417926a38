import '../i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { matchReasons, PackageWithoutPrealert, UnmatchedPrealert } from '../../../../contract/matching';
import { formatDate } from '../../../lib/format';
import { ManualPick } from './ManualPick';
import { Suggestion } from './MatchButton';
import { type Pair, who } from './pair';

const REASON: Record<(typeof matchReasons)[number], MessageDescriptor> = {
  tracking: msg`Similar tracking number`,
  same_customer: msg`Same customer`,
  seller: msg`Same seller, soon after`,
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
  const { t, i18n } = useLingui();
  const customer = who(p.customer);
  const sent = formatDate(p.created_at);
  // "Similar tracking number · 1234 · Ana · received 3 May": why a package is suggested, whose, and since when.
  const suggestionDetail = (reason: string, owner: string, receivedAt: string | null | undefined) => {
    if (!receivedAt) return `${reason} · ${owner}`;
    const received = formatDate(receivedAt);
    return t`${reason} · ${owner} · received ${received}`;
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
          {p.tracking_number}
        </Text>
        <Button variant="default" size="xs" mih={32} onClick={() => onCancel(p)} flex="none">
          {t`Cancel with reason`}
        </Button>
      </Group>
      <Text size="sm">{t`${customer} · ${p.seller_name} · ${p.description} · sent ${sent}`}</Text>
      <Suggestions label={t`Suggested packages`} none={t`No suggested package.`}>
        {p.suggestions.map((k) => (
          <Suggestion
            key={k.id}
            tracking={k.tracking_number}
            detail={suggestionDetail(i18n._(REASON[k.reason]), who(k.customer), k.received_at)}
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
  const { t, i18n } = useLingui();
  const hint = k.consignee_hint;
  const received = k.received_at ? formatDate(k.received_at) : '';
  return (
    <Stack gap="xs">
      <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
        {k.tracking_number}
      </Text>
      <Text size="sm">
        {who(k.customer)}
        {k.customer === null && hint ? t` (label: ${hint})` : ''}
        {received ? t` · received ${received}` : ''}
      </Text>
      <Suggestions label={t`Suggested pre-alerts`} none={t`No suggested pre-alert.`}>
        {k.suggestions.map((p) => (
          <Suggestion
            key={p.id}
            tracking={p.tracking_number}
            detail={`${i18n._(REASON[p.reason])} · ${who(p.customer)}`}
            onMatch={() => onPick({ prealert: p, pkg: k })}
          />
        ))}
      </Suggestions>
    </Stack>
  );
}
