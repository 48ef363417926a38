import '../i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
const TITLES: Record<Action, MessageDescriptor> = {
  status: msg`Change status`,
  shipment: msg`Add to a shipment`,
  assign: msg`Assign to a customer`,
};
// Called while rendering: the global i18n speaks the reader's language.
const packages = (n: number) => plural(n, { one: '# package', other: '# packages' });

/** The bar over a selection: change status, add to a shipment, assign; one call for the whole selection. */
export function BulkActions({ ids, onDone }: { ids: string[]; onDone: () => void }) {
  const { t, i18n } = useLingui();
  const [action, setAction] = useState<Action | null>(null);
  const count = packages(ids.length);
  return (
    <SelectionBar label={t`Selected packages`} count={ids.length} onClear={onDone}>
      <Button
        size="sm"
        leftSection={<IconStatusChange size={16} aria-hidden />}
        onClick={() => setAction('status')}
      >
        <Trans>Change status</Trans>
      </Button>
      <Button
        size="sm"
        variant="light"
        leftSection={<IconTruck size={16} aria-hidden />}
        onClick={() => setAction('shipment')}
      >
        <Trans>Add to shipment</Trans>
      </Button>
      <Button
        size="sm"
        variant="light"
        leftSection={<IconUserCheck size={16} aria-hidden />}
        onClick={() => setAction('assign')}
      >
        <Trans>Assign</Trans>
      </Button>
      <Modal
        closeButtonProps={{ 'aria-label': t`Close` }}
        opened={action !== null}
        onClose={() => setAction(null)}
        title={action ? `${i18n._(TITLES[action])}: ${count}` : ''}
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
  const { t } = useLingui();
  const statuses = useQuery(packageStatusesQueryOptions());
  const shipments = useQuery({ ...openShipmentsQueryOptions(), enabled: action === 'shipment' });
  const [status, setStatus] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [hold, setHold] = useState(noHold);
  const [shipment, setShipment] = useState<string | null>(null);
  const [customer, setCustomer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const bulk = useBulkUpdate();
  const count = packages(ids.length);
  const done = {
    onSuccess: (r: { updated: number; notified: number }) => {
      notifications.show({
        color: 'teal',
        title: plural(r.updated, { one: '# package updated', other: '# packages updated' }),
        message: r.notified
          ? plural(r.notified, { one: '# customer notified', other: '# customers notified' })
          : t`Nobody to notify`,
      });
      onDone();
    },
    onError: (e: unknown) => setError(errorMessage(e)),
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (action === 'status') {
      if (!status) return setError(t`Choose a status`);
      const held = holdBody(status, hold);
      if (!held.ok) return setError(held.error);
      bulk.mutate({ action, ids, status: status as PackageStatusCode, note, ...held.fields }, done);
    } else if (action === 'shipment') {
      if (!shipment) return setError(t`Choose a shipment`);
      bulk.mutate({ action, ids, shipment_id: shipment }, done);
    } else {
      if (!customer) return setError(t`Choose a customer`);
      bulk.mutate({ action, ids, customer_id: customer }, done);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {action === 'status' && (
          <>
            <Select
              label={t`New status`}
              data={(statuses.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
              value={status}
              onChange={setStatus}
              data-autofocus
              comboboxProps={{ withinPortal: true }}
            />
            <HoldReasonFields status={status} value={hold} onChange={setHold} />
            <Textarea
              label={t`Note to the customers`}
              description={t`Each customer gets one notification listing their packages`}
              value={note}
              maxLength={300}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
          </>
        )}
        {action === 'shipment' && (
          <Select
            label={t`Shipment`}
            placeholder={t`Choose a shipment`}
            description={t`Packages already in another shipment move to this one`}
            searchable
            data={(shipments.data?.items ?? []).map((s) => {
              const { reference, mode, package_count: pkgs, status_name: status } = s;
              return { value: s.id, label: t`${reference} (${mode}, ${pkgs} pkgs, ${status})` };
            })}
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
            <Trans>Apply to {count}</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
