import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconStatusChange, IconTruck, IconUserCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { PackageStatusCode } from '../../../../contract/constants';
import { SelectionBar } from '../../../components/list';
import { errorMessage } from '../../../lib/api';
import { packageStatusesQueryOptions } from '../../../lib/reference/api';
import { openShipmentsQueryOptions } from '../api';
import { useBulkUpdate } from '../hooks';
import { CustomerPicker } from './CustomerPicker';
import { HoldReasonFields, holdBody, noHold } from './HoldReasonFields';

type Action = 'status' | 'shipment' | 'assign';
const TITLES: Record<Action, string> = {
  status: 'Change status',
  shipment: 'Add to a shipment',
  assign: 'Assign to a customer',
};
const packages = (n: number) => `${n} package${n === 1 ? '' : 's'}`;

/** The bar over a selection: change status, add to a shipment, assign; one call for the whole selection. */
export function BulkActions({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const [action, setAction] = useState<Action | null>(null);
  return (
    <SelectionBar label="Selected packages" count={ids.length} onClear={onDone}>
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
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={action !== null}
        onClose={() => setAction(null)}
        title={action ? `${TITLES[action]}: ${packages(ids.length)}` : ''}
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
    </SelectionBar>
  );
}

function BulkForm({ action, ids, onDone }: { action: Action; ids: string[]; onDone: () => void }) {
  const statuses = useQuery(packageStatusesQueryOptions());
  const shipments = useQuery({ ...openShipmentsQueryOptions(), enabled: action === 'shipment' });
  const [status, setStatus] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [hold, setHold] = useState(noHold);
  const [shipment, setShipment] = useState<string | null>(null);
  const [customer, setCustomer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const bulk = useBulkUpdate();
  const done = {
    onSuccess: (r: { updated: number; notified: number }) => {
      notifications.show({
        color: 'teal',
        title: `${packages(r.updated)} updated`,
        message: r.notified
          ? `${r.notified} customer${r.notified === 1 ? '' : 's'} notified`
          : 'Nobody to notify',
      });
      onDone();
    },
    onError: (e: unknown) => setError(errorMessage(e)),
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (action === 'status') {
      if (!status) return setError('Choose a status');
      const held = holdBody(status, hold);
      if (!held.ok) return setError(held.error);
      bulk.mutate({ action, ids, status: status as PackageStatusCode, note, ...held.fields }, done);
    } else if (action === 'shipment') {
      if (!shipment) return setError('Choose a shipment');
      bulk.mutate({ action, ids, shipment_id: shipment }, done);
    } else {
      if (!customer) return setError('Choose a customer');
      bulk.mutate({ action, ids, customer_id: customer }, done);
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
            <HoldReasonFields status={status} value={hold} onChange={setHold} />
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
          <Button type="submit" loading={bulk.isPending}>
            Apply to {packages(ids.length)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
