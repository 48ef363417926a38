import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/EmptyState.css';
import {
  Anchor,
  Box,
  Button,
  EmptyState,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTruck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Shipment } from '../../../contract/shipments';
import { shipmentCalls } from '../../../contract/shipments.calls';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { usePageTitle } from '../../components/PageTitle';
import { PageButtons } from '../../components/Paging';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { type SearchChange, SearchField } from '../../components/SearchField';
import { api } from '../../lib/api';
import { formatDate, formatMoney, formatWeight } from '../../lib/format';
import { useFormSubmit } from '../../lib/use-form-submit';
import { shipmentKeys, shipmentsQueryOptions } from './api';

function ShipmentLink({ s }: { s: Shipment }) {
  return (
    <Anchor
      renderRoot={(props) => <Link to="/admin/shipments/$id" params={{ id: s.id }} {...props} />}
      fw={600}
    >
      {s.reference}
    </Anchor>
  );
}

/** /admin/shipments: the company's shipments with their totals, and "New shipment". */
export function ShipmentList({
  q,
  page,
  onChange,
}: {
  q: string | undefined;
  page: number;
  onChange: SearchChange &
    ((patch: { q?: string | undefined; page: number }, options?: { replace: boolean }) => void);
}) {
  usePageTitle('Shipments');
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false }) ?? false;
  const query = useQuery(shipmentsQueryOptions(q, page));
  const [creating, setCreating] = useState(false);
  const pages = query.data ? Math.max(1, Math.ceil(query.data.total / query.data.pageSize)) : 1;
  return (
    <Stack gap="md">
      <ScreenHeader
        title="Shipments"
        description="Manifests of packages flown or shipped together, moved through statuses as one."
        action={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New shipment
          </Button>
        }
      />
      <Paper p="md" component="section" aria-label="Filters">
        <SearchField value={q} onChange={onChange} placeholder="Reference" />
      </Paper>
      <Box component="section" aria-label="Results">
        <QueryStates
          query={query}
          loading={<LoadingRows label="Loading shipments" count={6} h={40} />}
          errorTitle="Could not load the shipments"
          isEmpty={(d) => d.items.length === 0}
          empty={
            <EmptyState
              py="xl"
              icon={<IconTruck size={28} aria-hidden />}
              variant="light"
              title={q ? 'No shipment matches' : 'No shipments yet'}
              description="Create one, then scan its packages in."
            />
          }
        >
          {(d) => (
            <Stack gap="md">
              {phone ? (
                <Stack
                  gap="xs"
                  component="ul"
                  p={0}
                  m={0}
                  style={{ listStyle: 'none' }}
                  aria-label="Shipments"
                >
                  {d.items.map((s) => (
                    <Paper component="li" withBorder p="sm" key={s.id}>
                      <Group justify="space-between">
                        <ShipmentLink s={s} />
                        <Text size="sm">{s.status_name}</Text>
                      </Group>
                      <Text size="sm" c="dimmed">
                        {s.mode === 'air' ? 'Air' : 'Sea'} · {s.package_count} packages · {s.pieces} pcs ·{' '}
                        {formatWeight(s.weight)} · {formatMoney(s.value_cents)}
                      </Text>
                    </Paper>
                  ))}
                </Stack>
              ) : (
                <Table.ScrollContainer
                  type="native"
                  minWidth={760}
                  tabIndex={0}
                  role="region"
                  aria-label="Shipments table"
                >
                  <Table stickyHeader highlightOnHover aria-label="Shipments">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col">Reference</Table.Th>
                        <Table.Th scope="col">Mode</Table.Th>
                        <Table.Th scope="col">Status</Table.Th>
                        <Table.Th scope="col">Departs</Table.Th>
                        <Table.Th scope="col" ta="right">
                          Packages
                        </Table.Th>
                        <Table.Th scope="col" ta="right">
                          Pieces
                        </Table.Th>
                        <Table.Th scope="col" ta="right">
                          Weight
                        </Table.Th>
                        <Table.Th scope="col" ta="right">
                          Value
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {d.items.map((s) => (
                        <Table.Tr key={s.id}>
                          <Table.Td>
                            <ShipmentLink s={s} />
                          </Table.Td>
                          <Table.Td>{s.mode === 'air' ? 'Air' : 'Sea'}</Table.Td>
                          <Table.Td>{s.status_name}</Table.Td>
                          <Table.Td>{s.departs_on ? formatDate(s.departs_on) : '—'}</Table.Td>
                          <Table.Td ta="right">{s.package_count}</Table.Td>
                          <Table.Td ta="right">{s.pieces}</Table.Td>
                          <Table.Td ta="right">{formatWeight(s.weight)}</Table.Td>
                          <Table.Td ta="right">{formatMoney(s.value_cents)}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              <Group justify="space-between">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {d.total} {d.total === 1 ? 'shipment' : 'shipments'}
                </Text>
                {pages > 1 && (
                  <PageButtons
                    total={pages}
                    value={page}
                    onChange={(p) => onChange({ page: p })}
                    aria-label="Shipment pages"
                  />
                )}
              </Group>
            </Stack>
          )}
        </QueryStates>
      </Box>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={creating}
        onClose={() => setCreating(false)}
        title="New shipment"
      >
        {creating && <NewShipmentForm />}
      </Modal>
    </Stack>
  );
}

type NewValues = { reference: string; mode: 'air' | 'sea'; departs_on: string; note: string };

function NewShipmentForm() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<NewValues>({
    initialValues: { reference: '', mode: 'air', departs_on: '', note: '' },
    validate: { reference: (v) => (v.trim().length < 2 ? 'Enter a reference (e.g. the master AWB)' : null) },
  });
  const { formRef, onSubmit, formError, busy } = useFormSubmit({
    form,
    toBody: (v) => ({ reference: v.reference, mode: v.mode, departs_on: v.departs_on || null, note: v.note }),
    send: (body) => api.call(shipmentCalls.create, { body }),
    onSent: (s) => {
      void client.invalidateQueries({ queryKey: shipmentKeys.all });
      void navigate({ to: '/admin/shipments/$id', params: { id: s.id } });
    },
    failure: 'The shipment could not be created',
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <FormErrorAlert title="Not created" error={formError} />
        <TextInput
          label="Reference"
          description="Master AWB, container or your own"
          data-autofocus
          required
          {...form.getInputProps('reference')}
        />
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
            Create shipment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
