import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api';
import { useAddToShipment } from '../hooks';

type ScanLine = { key: number; tracking: string; text: string; ok: boolean; moveFrom?: string };

const OUTCOME_TEXT: Record<string, string> = {
  added: 'added',
  moved: 'moved here',
  already_here: 'already in this shipment',
  not_found: 'no such package',
  in_other_shipment: 'is in another shipment',
};

/** Scanning parcels in: each number then Enter, the field keeping the focus; what each scan did, newest first. */
export function ScanInCard({ shipmentId }: { shipmentId: string }) {
  const add = useAddToShipment(shipmentId);
  const [scan, setScan] = useState('');
  const [log, setLog] = useState<ScanLine[]>([]);
  const scanRef = useRef<HTMLInputElement>(null);
  const seq = useRef(0);

  const send = (tracking: string, move: boolean) =>
    add.mutate(
      { tracking, move },
      {
        onSuccess: (r) => {
          const lines = r.results.map((x) => ({
            key: ++seq.current,
            tracking: x.tracking_number,
            ok: x.outcome === 'added' || x.outcome === 'moved' || x.outcome === 'already_here',
            text: `${x.tracking_number} ${OUTCOME_TEXT[x.outcome] ?? x.outcome}${x.other_shipment ? ` (${x.other_shipment})` : ''}`,
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
        Scan packages in
      </Title>
      <TextInput
        ref={scanRef}
        label="Tracking number"
        description="Scan or type, then Enter; the field stays ready for the next one"
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
        aria-label="Scanned"
        aria-live="polite"
      >
        {log.map((l) => (
          <Group component="li" key={l.key} gap="xs" justify="space-between" wrap="nowrap">
            <Text size="sm" c={l.ok ? undefined : 'red.8'}>
              {l.text}
            </Text>
            {l.moveFrom !== undefined && (
              <Button size="compact-sm" variant="light" onClick={() => send(l.tracking, true)}>
                Move here
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
