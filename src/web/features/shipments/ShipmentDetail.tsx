import '@mantine/core/styles/Table.css';
import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconBarcode, IconDownload, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, useRef, useState } from 'react';
import { type ShipmentStep, shipmentSteps } from '../../../contract/constants';
import type { ShipmentDetail as Detail } from '../../../contract/shipments';
import { shipmentCalls } from '../../../contract/shipments.calls';
import { AuditTrail } from '../../components/AuditTrail';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { usePageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryStates';
import { ScrollTable } from '../../components/ScrollTable';
import { ToneBadge } from '../../components/ToneBadge';
import { api, errorMessage } from '../../lib/api';
import { formatDate, formatMoney, formatWeight } from '../../lib/format';
import { packageStatusesQueryOptions } from '../../lib/reference/api';
import { useFormSubmit } from '../../lib/use-form-submit';
import { downloadManifest, shipmentKeys, shipmentQueryOptions } from './api';

type ScanLine = { key: number; tracking: string; text: string; ok: boolean; moveFrom?: string };

const OUTCOME_TEXT: Record<string, string> = {
  added: 'added',
  moved: 'moved here',
  already_here: 'already in this shipment',
  not_found: 'no such package',
  in_other_shipment: 'is in another shipment',
};

/** /admin/shipments/$id: the manifest, scanning parcels in, and moving the whole shipment along. */
export function ShipmentDetail({ id }: { id: string }) {
  const client = useQueryClient();
  const query = useQuery(shipmentQueryOptions(id));
  usePageTitle(query.data ? `Shipment ${query.data.reference}` : 'Shipment');
  const statuses = useQuery(packageStatusesQueryOptions());
  const [scan, setScan] = useState('');
  const [log, setLog] = useState<ScanLine[]>([]);
  const scanRef = useRef<HTMLInputElement>(null);
  const seq = useRef(0);
  const [step, setStep] = useState<ShipmentStep | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [editing, setEditing] = useState(false);

  const applied = (s: Detail) => {
    client.setQueryData(shipmentKeys.detail(id), s);
    void client.invalidateQueries({ queryKey: ['shipments', 'list'] });
    void client.invalidateQueries({ queryKey: ['staff-packages'] });
    void client.invalidateQueries({ queryKey: ['audit', 'shipment', id] });
  };

  const add = useMutation({
    mutationFn: (v: { tracking: string; move: boolean }) =>
      api.call(shipmentCalls.addPackages, {
        params: { id },
        body: { tracking_numbers: [v.tracking], move: v.move },
      }),
    networkMode: 'always',
    onSuccess: (r) => {
      applied(r.shipment);
      const lines = r.results.map((x) => ({
        key: ++seq.current,
        tracking: x.tracking_number,
        ok: x.outcome === 'added' || x.outcome === 'moved' || x.outcome === 'already_here',
        text: `${x.tracking_number} ${OUTCOME_TEXT[x.outcome] ?? x.outcome}${x.other_shipment ? ` (${x.other_shipment})` : ''}`,
        ...(x.outcome === 'in_other_shipment' ? { moveFrom: x.other_shipment ?? '' } : {}),
      }));
      setLog((prev) => [...lines, ...prev].slice(0, 20));
    },
    onError: (e, v) =>
      setLog((prev) => [
        { key: ++seq.current, tracking: v.tracking, ok: false, text: `${v.tracking}: ${errorMessage(e)}` },
        ...prev,
      ]),
    onSettled: () => scanRef.current?.focus(),
  });

  const remove = useMutation({
    mutationFn: (packageId: string) => api.call(shipmentCalls.removePackage, { params: { id, packageId } }),
    networkMode: 'always',
    onSuccess: applied,
    onError: (e) => notifications.show({ color: 'red', title: 'Could not remove', message: errorMessage(e) }),
  });

  const advance = useMutation({
    mutationFn: (status: ShipmentStep) =>
      api.call(shipmentCalls.advance, { params: { id }, body: { status } }),
    networkMode: 'always',
    onSuccess: (r) => {
      applied(r.shipment);
      setConfirming(false);
      notifications.show({
        color: 'teal',
        title: `${r.moved} package${r.moved === 1 ? '' : 's'} now “${r.shipment.status_name}”`,
        message: `${r.notified} customer${r.notified === 1 ? '' : 's'} notified, once each`,
      });
    },
    onError: (e) =>
      notifications.show({ color: 'red', title: 'Could not advance', message: errorMessage(e) }),
  });

  function onScanKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const tracking = scan.replace(/\s+/g, '').toUpperCase();
    if (!tracking) return;
    setScan('');
    add.mutate({ tracking, move: false });
  }

  const download = async (kind: 'csv' | 'pdf') => {
    if (!query.data) return;
    try {
      await downloadManifest(id, query.data.reference, kind);
    } catch (err) {
      notifications.show({ color: 'red', title: 'The download failed', message: errorMessage(err) });
    }
  };

  if (query.isPending) return <Skeleton h={400} aria-label="Loading the shipment" />;
  if (query.isError) {
    return (
      <QueryError
        title="Could not load the shipment"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const s = query.data;
  const stepName = (code: string) => statuses.data?.find((x) => x.code === code)?.name ?? code;

  return (
    <Stack gap="md">
      <Anchor renderRoot={(props) => <Link to="/admin/shipments" {...props} />} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden /> All shipments
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {s.reference}
          </Title>
          <Text c="dimmed">
            {s.mode === 'air' ? 'Air' : 'Sea'} ·{' '}
            {s.departs_on ? `departs ${formatDate(s.departs_on)}` : 'no departure date'}
            {s.note ? ` · ${s.note}` : ''}
          </Text>
        </div>
        <Group gap="xs">
          <ToneBadge tone={s.status === 'open' ? 'gray' : 'teal'} size="lg">
            {s.status_name}
          </ToneBadge>
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void download('csv')}
          >
            Manifest CSV
          </Button>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void download('pdf')}
          >
            Manifest PDF
          </Button>
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="section" aria-label="Totals">
        {[
          ['Packages', String(s.package_count)],
          ['Pieces', String(s.pieces)],
          ['Weight', formatWeight(s.weight)],
          ['Value', formatMoney(s.value_cents)],
        ].map(([k, v]) => (
          <Paper withBorder p="sm" key={k}>
            <Text size="xs" c="dimmed">
              {k}
            </Text>
            <Text fw={700} fz="lg" data-total={k}>
              {v}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
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
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => add.mutate({ tracking: l.tracking, move: true })}
                  >
                    Move here
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        </Card>

        <Card withBorder component="section" aria-labelledby="advance">
          <Title order={2} fz="lg" id="advance" mb="xs">
            Move the whole shipment
          </Title>
          <Stack gap="xs">
            <Select
              label="Advance to"
              placeholder="Choose a status"
              data={shipmentSteps.map((code) => ({ value: code, label: stepName(code) }))}
              value={step}
              onChange={(v) => setStep(v as ShipmentStep | null)}
              comboboxProps={{ withinPortal: true }}
            />
            <Text size="sm" c="dimmed">
              Every package gets the event; each customer is notified once for all their parcels.
            </Text>
            <Group justify="flex-end">
              <Button disabled={!step || s.package_count === 0} onClick={() => setConfirming(true)}>
                Advance…
              </Button>
            </Group>
          </Stack>
        </Card>
      </SimpleGrid>

      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={editing}
        onClose={() => setEditing(false)}
        title="Edit shipment"
      >
        {editing && (
          <EditShipmentForm
            shipment={s}
            onSaved={(saved) => {
              applied(saved);
              setEditing(false);
              notifications.show({ color: 'teal', title: 'Shipment saved', message: saved.reference });
            }}
          />
        )}
      </Modal>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Advance the shipment?"
      >
        <Stack gap="sm">
          <Text>
            Move all {s.package_count} package{s.package_count === 1 ? '' : 's'} of {s.reference} to “
            {step ? stepName(step) : ''}” and notify their customers?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={() => step && advance.mutate(step)} loading={advance.isPending} data-autofocus>
              Advance {s.package_count} package{s.package_count === 1 ? '' : 's'}
            </Button>
          </Group>
        </Stack>
      </Modal>

      <Card withBorder component="section" aria-labelledby="manifest">
        <Title order={2} fz="lg" id="manifest" mb="xs">
          Packages
        </Title>
        {s.packages.length === 0 ? (
          <Text c="dimmed">No packages yet: scan them in above, or add them from the packages list.</Text>
        ) : (
          <ScrollTable label="Shipment packages table" minWidth={820}>
            <Table stickyHeader highlightOnHover aria-label="Shipment packages">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Tracking</Table.Th>
                  <Table.Th scope="col">Mailbox</Table.Th>
                  <Table.Th scope="col">Customer</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Pcs
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Weight
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    Value
                  </Table.Th>
                  <Table.Th scope="col">Description</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {s.packages.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Anchor
                        renderRoot={(props) => (
                          <Link to="/admin/packages/$id" params={{ id: p.id }} {...props} />
                        )}
                        ff="monospace"
                        size="sm"
                        fw={600}
                      >
                        {p.tracking_number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{p.owner?.mailbox_number ?? '—'}</Table.Td>
                    <Table.Td>{p.owner?.name ?? 'Unassigned'}</Table.Td>
                    <Table.Td>{p.status_name}</Table.Td>
                    <Table.Td ta="right">{p.pieces}</Table.Td>
                    <Table.Td ta="right">{formatWeight(p.weight)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(p.declared_value_cents)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={1} maw={200}>
                        {p.description || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${p.tracking_number} from the shipment`}
                        onClick={() => remove.mutate(p.id)}
                        size="lg"
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Card>
      <AuditTrail entity="shipment" id={s.id} />
    </Stack>
  );
}

type EditValues = { reference: string; mode: 'air' | 'sea'; departs_on: string; note: string };

/** Reference, mode, departure date and note; the server records the change in the shipment's history. */
function EditShipmentForm({ shipment, onSaved }: { shipment: Detail; onSaved: (s: Detail) => void }) {
  const form = useForm<EditValues>({
    initialValues: {
      reference: shipment.reference,
      mode: shipment.mode,
      departs_on: shipment.departs_on ?? '',
      note: shipment.note,
    },
  });
  const { formRef, onSubmit, formError, busy } = useFormSubmit({
    form,
    toBody: (v) => ({ reference: v.reference, mode: v.mode, departs_on: v.departs_on || null, note: v.note }),
    send: (body) => api.call(shipmentCalls.update, { params: { id: shipment.id }, body }),
    onSent: onSaved,
    failure: 'The shipment could not be saved',
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormErrorAlert title="Not saved" error={formError} />
        <TextInput label="Reference" data-autofocus {...form.getInputProps('reference')} />
        <Select
          label="Mode"
          data={[
            { value: 'air', label: 'Air' },
            { value: 'sea', label: 'Sea' },
          ]}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('mode')}
        />
        <TextInput label="Departs on" type="date" {...form.getInputProps('departs_on')} />
        <Textarea label="Note" maxLength={500} {...form.getInputProps('note')} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
