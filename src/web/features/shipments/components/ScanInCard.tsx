import '../i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useAddToShipment } from '../hooks';

type ScanLine = { key: number; tracking: string; text: string; ok: boolean; moveFrom?: string };

// A scan's line: the tracking number, then what happened to it (and the other shipment's reference, if any).
const OUTCOME_TEXT: Record<string, MessageDescriptor> = {
  added: msg`{tracking} added`,
  moved: msg`{tracking} moved here`,
  already_here: msg`{tracking} already in this shipment`,
  not_found: msg`{tracking} no such package`,
  in_other_shipment: msg`{tracking} is in another shipment`,
};

/** Scanning parcels in: each number then Enter, the field keeping the focus; what each scan did, newest first. */
export function ScanInCard({ shipmentId }: { shipmentId: string }) {
  const { t, i18n } = useLingui();
  const add = useAddToShipment(shipmentId);
  const [scan, setScan] = useState('');
  const [log, setLog] = useState<ScanLine[]>([]);
  const scanRef = useRef<HTMLInputElement>(null);
  const seq = useRef(0);

  const outcomeText = (tracking: string, outcome: string) => {
    const known = OUTCOME_TEXT[outcome];
    return known ? i18n._({ ...known, values: { tracking } }) : `${tracking} ${outcome}`;
  };

  const send = (tracking: string, move: boolean) =>
    add.mutate(
      { tracking, move },
      {
        onSuccess: (r) => {
          const lines = r.results.map((x) => ({
            key: ++seq.current,
            tracking: x.tracking_number,
            ok: x.outcome === 'added' || x.outcome === 'moved' || x.outcome === 'already_here',
            text: `${outcomeText(x.tracking_number, x.outcome)}${x.other_shipment ? ` (${x.other_shipment})` : ''}`,
            ...(x.outcome === 'in_other_shipment' ? { moveFrom: x.other_shipment ?? '' } : {}),
          }));
          setLog((prev) => [...lines, ...prev].slice(0, 20));
        },
        onError: (e) =>
          setLog((prev) => [
            { key: ++seq.current, tracking, ok: false, text: `${tracking}: ${errorMessage(e)}` },
            ...prev,
          ]),
        onSettled: () => scanRef.current?.focus(),
      },
    );

  function onScanKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const tracking = scan.replace(/\s+/g, '').toUpperCase();
    if (!tracking) return;
    setScan('');
    send(tracking, false);
  }

  return (
    <Card withBorder component="section" aria-labelledby="scan-in">
      <Title order={2} fz="lg" id="scan-in" mb="xs">
        <Trans>Scan packages in</Trans>
      </Title>
      <TextInput
        ref={scanRef}
        label={t`Tracking number`}
        description={t`Scan or type, then Enter; the field stays ready for the next one`}
        leftSection={<IconBarcode size={16} aria-hidden />}
        value={scan}
        onChange={(e) => setScan(e.currentTarget.value)}
        onKeyDown={onScanKey}
        autoComplete="off"
        autoFocus
      />
      <Stack
        gap={4}
        mt="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t`Scanned`}
        aria-live="polite"
      >
        {log.map((l) => (
          <Group component="li" key={l.key} gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" c={l.ok ? undefined : 'red.8'}>
              {l.text}
            </Text>
            {l.moveFrom !== undefined && (
              <Button size="compact-sm" variant="light" onClick={() => send(l.tracking, true)}>
                <Trans>Move here</Trans>
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
