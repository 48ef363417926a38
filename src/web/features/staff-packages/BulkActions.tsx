import { Button, Group, Modal, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconStatusChange, IconTruck, IconUserCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PackageStatusCode } from '../../../contract/constants';
import type { BulkBody } from '../../../contract/staff-packages';
import { staffPackageCalls } from '../../../contract/staff-packages.calls';
import { api, errorMessage } from '../../lib/api';
import { packageStatusesQueryOptions } from '../../lib/reference/api';
import { openShipmentsQueryOptions, staffPackageKeys } from './api';
import { CustomerPicker } from './CustomerPicker';

type Action = 'status' | 'shipment' | 'assign';
const TITLES: Record<Action, string> = {
  status: 'Change status',
  shipment: 'Add to a shipment',
  assign: 'Assign to a customer',
};

/** The bar over a selection: change status, add to a shipment, assign; one call for the whole selection. */
export function BulkActions({
  ids,
  onDone,
  onClear,
}: {
  ids: string[];
  onDone: () => void;
  onClear: () => void;
}) {
  const [action, setAction] = useState<Action | null>(null);
  const n = ids.length;
  return (
    <Paper
      withBorder
      p="sm"
      component="section"
      aria-label="Selected packages"
      pos="sticky"
      top={0}
      style={{ zIndex: 3 }}
    >
      <Group justify="space-between" gap="sm">
        <Text fw={600} aria-live="polite">
          {n} selected
        </Text>
        <Group gap="xs">
          <Button
            size="sm"
            leftSection={<IconStatusChange size={16} aria-hidden />}
            onClick={() => setAction('status')}
          >
            Change status
          </Button>
          <Button
            size="sm"
            variant="light"
            leftSection={<IconTruck size={16} aria-hidden />}
            onClick={() => setAction('shipment')}
          >
            Add to shipment
          </Button>
          <Button
            size="sm"
            variant="light"
            leftSection={<IconUserCheck size={16} aria-hidden />}
            onClick={() => setAction('assign')}
          >
            Assign
          </Button>
          <Button size="sm" variant="subtle" onClick={onClear}>
            Clear selection
          </Button>
        </Group>
      </Group>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={action !== null}
        onClose={() => setAction(null)}
        title={action ? `${TITLES[action]}: ${n} package${n === 1 ? '' : 's'}` : ''}
      >
        {action && (
          <BulkForm
            action={action}
            ids={ids}
            onDone={() => {
              setAction(null);
              onDone();
            }}
          />
        )}
      </Modal>
    </Paper>
  );
}

function BulkForm({ action, ids, onDone }: { action: Action; ids: string[]; onDone: () => void }) {
  const client = useQueryClient();
  const statuses = useQuery(packageStatusesQueryOptions());
  const shipments = useQuery({ ...openShipmentsQueryOptions(), enabled: action === 'shipment' });
  const [status, setStatus] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [shipment, setShipment] = useState<string | null>(null);
  const [customer, setCustomer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const mutation = useMutation({
    mutationFn: (body: BulkBody) => api.call(staffPackageCalls.bulk, { body }),
    networkMode: 'always',
    onSuccess: (r) => {
      notifications.show({
        color: 'teal',
        title: `${r.updated} package${r.updated === 1 ? '' : 's'} updated`,
        message: r.notified
          ? `${r.notified} customer${r.notified === 1 ? '' : 's'} notified`
          : 'Nobody to notify',
      });
      void client.invalidateQueries({ queryKey: staffPackageKeys.all });
      void client.invalidateQueries({ queryKey: ['shipments'] });
      onDone();
    },
    onError: (e) => setError(errorMessage(e)),
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (action === 'status') {
      if (!status) return setError('Choose a status');
      mutation.mutate({ action, ids, status: status as PackageStatusCode, note });
    } else if (action === 'shipment') {
      if (!shipment) return setError('Choose a shipment');
      mutation.mutate({ action, ids, shipment_id: shipment });
    } else {
      if (!customer) return setError('Choose a customer');
      mutation.mutate({ action, ids, customer_id: customer });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {action === 'status' && (
          <>
            <Select
              label="New status"
              data={(statuses.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
              value={status}
              onChange={setStatus}
              data-autofocus
              comboboxProps={{ withinPortal: true }}
            />
            <Textarea
              label="Note to the customers"
              description="Each customer gets one notification listing their packages"
              value={note}
              maxLength={300}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
          </>
        )}
        {action === 'shipment' && (
          <Select
            label="Shipment"
            placeholder="Choose a shipment"
            description="Packages already in another shipment move to this one"
            searchable
            data={(shipments.data?.items ?? []).map((s) => ({
              value: s.id,
              label: `${s.reference} (${s.mode}, ${s.package_count} pkgs, ${s.status_name})`,
            }))}
            value={shipment}
            onChange={setShipment}
            data-autofocus
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {action === 'assign' && <CustomerPicker value={customer} onChange={setCustomer} autoFocus />}
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            Apply to {ids.length} package{ids.length === 1 ? '' : 's'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
