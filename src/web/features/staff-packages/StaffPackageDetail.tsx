import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Timeline.css';
import {
  Anchor,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { PackageStatusCode } from '../../../contract/constants';
import { packageCalls } from '../../../contract/packages.calls';
import type { StaffPackageDetail as Detail, StaffPackageUpdate } from '../../../contract/staff-packages';
import { staffPackageCalls } from '../../../contract/staff-packages.calls';
import { AuditTrail } from '../../components/AuditTrail';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { FileList } from '../../components/files/FileList';
import { usePageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryStates';
import { api, errorMessage } from '../../lib/api';
import { formatDateTime, formatMoney, formatWeight } from '../../lib/format';
import { packageStatusesQueryOptions } from '../../lib/reference/api';
import { useFormSubmit } from '../../lib/use-form-submit';
import { staffPackageKeys, staffPackageQueryOptions } from './api';
import { CustomerPicker } from './CustomerPicker';
import { Flags, PackageStatus } from './PackageStatus';

/** After a change: the detail as the server answered, and the lists and the trail that show it refetched. */
function useApplied(id: string) {
  const client = useQueryClient();
  return (pkg: Detail) => {
    client.setQueryData(staffPackageKeys.detail(id), pkg);
    void client.invalidateQueries({ queryKey: ['staff-packages', 'list'] });
    void client.invalidateQueries({ queryKey: ['audit', 'package', id] });
  };
}

/** /admin/packages/$id: every field of a package, its owner, pre-alert, timeline, files and history. */
export function StaffPackageDetail({ id }: { id: string }) {
  const query = useQuery(staffPackageQueryOptions(id));
  usePageTitle(query.data ? `Package ${query.data.tracking_number}` : 'Package');
  if (query.isPending) return <Skeleton h={400} aria-label="Loading the package" />;
  if (query.isError) {
    return (
      <QueryError
        title="Could not load the package"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const p = query.data;
  return (
    <Stack gap="md">
      <Anchor renderRoot={(props) => <Link to="/admin/packages" {...props} />} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden /> All packages
        </Group>
      </Anchor>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1} fz={{ base: 22, sm: 28 }} ff="monospace" style={{ wordBreak: 'break-all' }}>
            {p.tracking_number}
          </Title>
          <Text c="dimmed">
            {p.owner
              ? `${p.owner.mailbox_number} · ${p.owner.name}`
              : `Unassigned${p.consignee_hint ? ` — label: ${p.consignee_hint}` : ''}`}
          </Text>
        </div>
        <Group gap="xs">
          <PackageStatus code={p.status} name={p.status_name} size="lg" />
          <Flags row={p} />
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <EditForm pkg={p} />
            <TimelineCard pkg={p} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <OwnerCard pkg={p} />
            <PrealertCard pkg={p} />
            <Card withBorder component="section" aria-labelledby="pkg-where">
              <Title order={2} fz="lg" id="pkg-where" mb="xs">
                Shipment and invoice
              </Title>
              <Text size="sm">
                Shipment:{' '}
                {p.shipment ? (
                  <Anchor
                    renderRoot={(props) => (
                      <Link to="/admin/shipments/$id" params={{ id: p.shipment?.id ?? '' }} {...props} />
                    )}
                  >
                    {p.shipment.reference}
                  </Anchor>
                ) : (
                  'none'
                )}
              </Text>
              <Text size="sm">
                Invoice:{' '}
                {p.invoice ? (
                  <Anchor
                    renderRoot={(props) => (
                      <Link to="/admin/invoice/preview/$id" params={{ id: p.invoice?.id ?? '' }} {...props} />
                    )}
                  >
                    {p.invoice.number} ({p.invoice.status})
                  </Anchor>
                ) : (
                  'not invoiced yet'
                )}
              </Text>
              <Text size="sm" c="dimmed" mt="xs">
                Received {p.received_at ? formatDateTime(p.received_at) : '—'}
                {p.received_by ? ` by ${p.received_by}` : ''}
              </Text>
            </Card>
            <Card withBorder component="section" aria-labelledby="pkg-files">
              <Title order={2} fz="lg" id="pkg-files" mb="xs">
                Photos and documents
              </Title>
              {p.photos.length + p.documents.length + (p.prealert?.files.length ?? 0) === 0 ? (
                <Text c="dimmed" size="sm">
                  No photos or documents.
                </Text>
              ) : (
                <Stack gap="sm">
                  {p.photos.length > 0 && <FileList label="Photos" files={p.photos.map((r) => r.file)} />}
                  {p.documents.length > 0 && (
                    <FileList label="Documents" files={p.documents.map((r) => r.file)} />
                  )}
                  {p.prealert && p.prealert.files.length > 0 && (
                    <FileList label="Pre-alert files" files={p.prealert.files} />
                  )}
                </Stack>
              )}
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>
      <AuditTrail entity="package" id={p.id} currency="USD" />
    </Stack>
  );
}

type EditValues = {
  description: string;
  seller_name: string;
  shipper: string;
  carrier: string;
  house_awb: string;
  package_type: string;
  consignee_hint: string;
  weight: number | string;
  length: number | string;
  width: number | string;
  height: number | string;
  pieces: number | string;
  value: number | string;
  fragile: boolean;
  hazardous: boolean;
  signature_required: boolean;
  customs_hold: boolean;
  note: string;
};

const valuesOf = (p: Detail): EditValues => ({
  description: p.description,
  seller_name: p.seller_name,
  shipper: p.shipper,
  carrier: p.carrier,
  house_awb: p.house_awb,
  package_type: p.package_type,
  consignee_hint: p.consignee_hint,
  weight: Number(p.weight),
  length: Number(p.length),
  width: Number(p.width),
  height: Number(p.height),
  pieces: p.pieces,
  value: p.declared_value_cents / 100,
  fragile: p.fragile,
  hazardous: p.hazardous,
  signature_required: p.signature_required,
  customs_hold: p.customs_hold,
  note: '',
});

function EditForm({ pkg }: { pkg: Detail }) {
  const applied = useApplied(pkg.id);
  const form = useForm<EditValues>({ initialValues: valuesOf(pkg) });
  const { formRef, onSubmit, formError, busy } = useFormSubmit({
    form,
    toBody: (v): StaffPackageUpdate => ({
      description: v.description,
      seller_name: v.seller_name,
      shipper: v.shipper,
      carrier: v.carrier,
      house_awb: v.house_awb,
      package_type: v.package_type,
      consignee_hint: v.consignee_hint,
      weight: Number(v.weight),
      length: Number(v.length),
      width: Number(v.width),
      height: Number(v.height),
      pieces: Number(v.pieces),
      declared_value_cents: Math.round(Number(v.value) * 100),
      fragile: v.fragile,
      hazardous: v.hazardous,
      signature_required: v.signature_required,
      customs_hold: v.customs_hold,
      note: v.note,
    }),
    send: (body) => api.call(staffPackageCalls.update, { params: { id: pkg.id }, body }),
    onSent: (saved) => {
      applied(saved);
      form.setInitialValues(valuesOf(saved));
      form.setValues(valuesOf(saved));
      notifications.show({ color: 'teal', title: 'Package saved', message: saved.tracking_number });
    },
    failure: 'The package could not be saved',
    // The API names the value in cents; the form has it in dollars.
    errorSink: {
      values: { ...form.values, declared_value_cents: 0 },
      setFieldError: (field, message) =>
        form.setFieldError(field === 'declared_value_cents' ? 'value' : field, message),
    },
  });
  return (
    <Card withBorder component="section" aria-labelledby="pkg-edit">
      <Title order={2} fz="lg" id="pkg-edit" mb="sm">
        Details
      </Title>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <FormErrorAlert title="Not saved" error={formError} />
          <TextInput label="Description" {...form.getInputProps('description')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Seller" {...form.getInputProps('seller_name')} />
            <TextInput label="Shipper" {...form.getInputProps('shipper')} />
            <TextInput label="Carrier" {...form.getInputProps('carrier')} />
            <TextInput label="House AWB" {...form.getInputProps('house_awb')} />
            <TextInput label="Package type" {...form.getInputProps('package_type')} />
            <TextInput label="Consignee on the label" {...form.getInputProps('consignee_hint')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <NumberInput
              label="Weight (lb)"
              min={0}
              max={2000}
              decimalScale={2}
              {...form.getInputProps('weight')}
            />
            <NumberInput
              label="Pieces"
              min={1}
              max={9999}
              allowDecimal={false}
              {...form.getInputProps('pieces')}
            />
            <NumberInput
              label="Declared value (US$)"
              min={0}
              decimalScale={2}
              {...form.getInputProps('value')}
            />
            <NumberInput
              label="Length (in)"
              min={0}
              max={500}
              decimalScale={2}
              {...form.getInputProps('length')}
            />
            <NumberInput
              label="Width (in)"
              min={0}
              max={500}
              decimalScale={2}
              {...form.getInputProps('width')}
            />
            <NumberInput
              label="Height (in)"
              min={0}
              max={500}
              decimalScale={2}
              {...form.getInputProps('height')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Checkbox label="Customs hold" {...form.getInputProps('customs_hold', { type: 'checkbox' })} />
            <Checkbox label="Fragile" {...form.getInputProps('fragile', { type: 'checkbox' })} />
            <Checkbox label="Hazardous" {...form.getInputProps('hazardous', { type: 'checkbox' })} />
            <Checkbox label="Signature" {...form.getInputProps('signature_required', { type: 'checkbox' })} />
          </SimpleGrid>
          <TextInput label="Reason for the change (kept in the history)" {...form.getInputProps('note')} />
          <Group justify="flex-end">
            <Button type="submit" loading={busy} disabled={!form.isDirty()}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function OwnerCard({ pkg }: { pkg: Detail }) {
  const applied = useApplied(pkg.id);
  const [customer, setCustomer] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: (customer_id: string) =>
      api.call(staffPackageCalls.assign, { params: { id: pkg.id }, body: { customer_id } }),
    networkMode: 'always',
    onSuccess: (saved) => {
      applied(saved);
      setCustomer(null);
      notifications.show({
        color: 'teal',
        title: 'Package assigned',
        message: `${saved.owner?.mailbox_number ?? ''} ${saved.owner?.name ?? ''} has been notified`,
      });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <Card withBorder component="section" aria-labelledby="pkg-owner">
      <Title order={2} fz="lg" id="pkg-owner" mb="xs">
        Customer
      </Title>
      {pkg.owner ? (
        <Stack gap={0} mb="sm">
          <Text fw={600}>
            {pkg.owner.mailbox_number} · {pkg.owner.name}
          </Text>
          <Text size="sm" c="dimmed">
            {pkg.owner.email}
          </Text>
        </Stack>
      ) : (
        <Text fw={600} mb="sm">
          Unassigned{pkg.consignee_hint ? ` — the label says “${pkg.consignee_hint}”` : ''}
        </Text>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(undefined);
          if (!customer) return setError('Choose a customer');
          mutation.mutate(customer);
        }}
        noValidate
      >
        <Stack gap="xs">
          <CustomerPicker
            label={pkg.owner ? 'Reassign to' : 'Assign to'}
            value={customer}
            onChange={(v) => {
              setCustomer(v);
              setError(undefined);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              {pkg.owner ? 'Reassign' : 'Assign'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function PrealertCard({ pkg }: { pkg: Detail }) {
  const applied = useApplied(pkg.id);
  const [tracking, setTracking] = useState('');
  const [error, setError] = useState<string | undefined>();
  const link = useMutation({
    mutationFn: (tracking_number: string) =>
      api.call(staffPackageCalls.linkPrealert, { params: { id: pkg.id }, body: { tracking_number } }),
    networkMode: 'always',
    onSuccess: (saved) => {
      applied(saved);
      setTracking('');
      notifications.show({
        color: 'teal',
        title: 'Pre-alert linked',
        message: saved.prealert?.tracking_number ?? '',
      });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  const unlink = useMutation({
    mutationFn: () => api.call(staffPackageCalls.unlinkPrealert, { params: { id: pkg.id } }),
    networkMode: 'always',
    onSuccess: (saved) => {
      applied(saved);
      notifications.show({ color: 'teal', title: 'Pre-alert unlinked', message: 'It is pending again' });
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Could not unlink', message: errorMessage(e) }),
  });
  const pre = pkg.prealert;
  return (
    <Card withBorder component="section" aria-labelledby="pkg-prealert">
      <Title order={2} fz="lg" id="pkg-prealert" mb="xs">
        Pre-alert
      </Title>
      {pre ? (
        <Stack gap={4}>
          <Text size="sm" ff="monospace" fw={600}>
            {pre.tracking_number}
          </Text>
          <Text size="sm">
            {pre.seller_name} · {pre.description}
          </Text>
          <Text size="sm" c="dimmed">
            Declared {formatMoney(pre.value_cents)} · {formatWeight(pre.weight)} · sent{' '}
            {formatDateTime(pre.created_at)}
          </Text>
          <Group justify="flex-end">
            <Button variant="light" color="red" onClick={() => unlink.mutate()} loading={unlink.isPending}>
              Unlink pre-alert
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setError(undefined);
            if (!tracking.trim()) return setError('Enter the pre-alert’s tracking number');
            link.mutate(tracking);
          }}
          noValidate
        >
          <Stack gap="xs">
            <TextInput
              label="Pre-alert tracking number"
              description={
                pkg.owner
                  ? 'One of this customer’s pending pre-alerts'
                  : 'The parcel goes to the customer who sent it'
              }
              value={tracking}
              onChange={(e) => setTracking(e.currentTarget.value)}
              error={error}
              autoComplete="off"
            />
            <Group justify="flex-end">
              <Button type="submit" variant="light" loading={link.isPending}>
                Link pre-alert
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}

function TimelineCard({ pkg }: { pkg: Detail }) {
  const applied = useApplied(pkg.id);
  const client = useQueryClient();
  const statuses = useQuery(packageStatusesQueryOptions());
  const [status, setStatus] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: (body: { status: PackageStatusCode; note: string }) =>
      api.call(packageCalls.changeStatus, { params: { id: pkg.id }, body }),
    networkMode: 'always',
    onSuccess: async () => {
      applied(await client.fetchQuery({ ...staffPackageQueryOptions(pkg.id), staleTime: 0 }));
      setStatus(null);
      setNote('');
      notifications.show({ color: 'teal', title: 'Event added', message: 'The customer has been notified' });
    },
    onError: (e) => setError(errorMessage(e)),
  });
  return (
    <Card withBorder component="section" aria-labelledby="pkg-timeline">
      <Title order={2} fz="lg" id="pkg-timeline" mb="sm">
        Timeline
      </Title>
      <Timeline active={pkg.events.length - 1} bulletSize={14} lineWidth={2} mb="md">
        {pkg.events.map((e) => (
          <Timeline.Item key={e.id} title={e.status_name}>
            {e.note && <Text size="sm">{e.note}</Text>}
            <Text size="xs" c="dimmed">
              {formatDateTime(e.created_at)}
              {e.actor ? ` · ${e.actor}` : ''}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(undefined);
          if (!status) return setError('Choose a status');
          mutation.mutate({ status: status as PackageStatusCode, note });
        }}
        noValidate
      >
        <Stack gap="xs">
          <Title order={3} fz="md">
            Add event
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Status"
              data={(statuses.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
              value={status}
              onChange={setStatus}
              error={error}
              comboboxProps={{ withinPortal: true }}
            />
            <Textarea
              label="Note to the customer"
              value={note}
              maxLength={300}
              autosize
              minRows={1}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              Add event
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
