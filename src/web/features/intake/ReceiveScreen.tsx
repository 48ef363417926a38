import { formatMoney, formatWeight } from '../../../contract/format';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Grid.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Grid,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBarcode, IconCamera, IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { Received, RecentItem } from '../../../contract/intake';
import { usePageTitle } from '../../components/PageTitle';
import { ApiError } from '../../lib/api/api-error';
import { useOutbox } from '../../lib/offline/outbox-app';
import { savedOnDeviceNotice } from '../../lib/offline/saved-notice';
import { intakeKeys, lookupQueryOptions, recentQueryOptions, sendOrQueueReceipt, undoReceipt } from './api';
import { CameraScan } from './CameraScan';

type Values = {
  tracking_number: string;
  weight: string;
  length: string;
  width: string;
  height: string;
  mailbox_number: string;
  consignee: string;
  shipper: string;
  carrier: string;
  description: string;
  declared_value: string;
  package_type: string;
  pieces: string;
  house_awb: string;
  note: string;
  fragile: boolean;
  hazardous: boolean;
  signature_required: boolean;
  customs_hold: boolean;
};

const EMPTY: Values = {
  tracking_number: '',
  weight: '',
  length: '',
  width: '',
  height: '',
  mailbox_number: '',
  consignee: '',
  shipper: '',
  carrier: '',
  description: '',
  declared_value: '',
  package_type: '',
  pieces: '',
  house_awb: '',
  note: '',
  fragile: false,
  hazardous: false,
  signature_required: false,
  customs_hold: false,
};

const TYPES = [
  { value: '', label: '—' },
  { value: 'parcel', label: 'Parcel' },
  { value: 'envelope', label: 'Envelope' },
  { value: 'box', label: 'Box' },
  { value: 'pallet', label: 'Pallet' },
  { value: 'barrel', label: 'Barrel' },
  { value: 'other', label: 'Other' },
];
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/heic';
const normalise = (s: string) => s.replace(/\s+/g, '').toUpperCase();
const HOW = { mailbox: 'mailbox number', email: 'email', name: 'name', prealert: 'their pre-alert' } as const;

/** The multipart fields of a receipt: what was filled in, as strings. */
function toFields(v: Values): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, value] of Object.entries(v)) {
    if (typeof value === 'boolean') {
      if (value) out[k] = 'true';
    } else if (value.trim() !== '') out[k] = value.trim();
  }
  return out;
}

/**
 * /admin/receive: scan-first, keyboard-first intake. The tracking field has the focus; a handheld scanner types
 * and presses Enter, which moves on to the weight; Enter walks the fields, Ctrl+Enter saves from anywhere. After a
 * save the form is empty and the tracking field focused again at once; today's count and the last parcels stay.
 */
export function ReceiveScreen() {
  usePageTitle('Receive parcels');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [duplicate, setDuplicate] = useState<string | null>(null);
  // The server's word on the earlier receipt: whose parcel it is and its status.
  const [duplicateSaid, setDuplicateSaid] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const [camera, setCamera] = useState(false);
  const [prefilledFor, setPrefilledFor] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const trackingRef = useRef<HTMLInputElement>(null);
  const weightRef = useRef<HTMLInputElement>(null);
  const photoRef = useRef<HTMLInputElement>(null);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
    if (key === 'tracking_number') setDuplicate(null);
  };

  const [lookupArgs] = useDebouncedValue(
    {
      tracking_number: normalise(values.tracking_number),
      mailbox_number: values.mailbox_number.trim(),
      consignee: values.consignee.trim(),
    },
    250,
  );
  const lookup = useQuery(lookupQueryOptions(lookupArgs));
  const recent = useQuery(recentQueryOptions());
  const queued = useOutbox().records.filter((r) => r.kind === 'intake');

  // A pending pre-alert fills what the clerk has not typed (once per tracking number; typed values win).
  const pre = lookup.data?.prealert ?? null;
  useEffect(() => {
    if (!pre || prefilledFor === pre.id) return;
    setPrefilledFor(pre.id);
    setValues((v) => ({
      ...v,
      mailbox_number: v.mailbox_number || pre.customer.mailbox_number,
      description: v.description || pre.description,
      shipper: v.shipper || pre.seller_name,
      declared_value: v.declared_value || (pre.value_cents / 100).toFixed(2),
      package_type: v.package_type || pre.package_type,
      length: v.length || (Number(pre.length) > 0 ? pre.length : ''),
      width: v.width || (Number(pre.width) > 0 ? pre.width : ''),
      height: v.height || (Number(pre.height) > 0 ? pre.height : ''),
    }));
  }, [pre, prefilledFor]);

  const reset = useCallback(() => {
    setValues(EMPTY);
    setErrors({});
    setFormError(null);
    setDuplicate(null);
    setPhoto(null);
    setPrefilledFor(null);
    if (photoRef.current) photoRef.current.value = '';
    trackingRef.current?.focus();
  }, []);

  async function save(e?: FormEvent) {
    e?.preventDefault();
    if (saving) return;
    const tracking = normalise(values.tracking_number);
    const problems: Record<string, string> = {};
    if (tracking.length < 5) problems.tracking_number = 'Scan or type the tracking number';
    if (!(Number(values.weight) > 0)) problems.weight = 'Enter the weight in pounds';
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      (problems.tracking_number ? trackingRef : weightRef).current?.focus();
      return;
    }
    setSaving(true);
    setFormError(null);
    try {
      const got: Received | null = await sendOrQueueReceipt(toFields(values), photo);
      if (got) {
        notifications.show({
          color: got.owner ? 'green' : 'yellow',
          title: got.owner ? `Received for ${got.owner.name}` : 'Received as Unassigned',
          message: `${got.tracking_number}${got.matched.prealert_id ? ' · pre-alert matched' : ''}`,
        });
      } else {
        notifications.show(savedOnDeviceNotice(`Parcel ${tracking}`));
      }
      // What the lookups said before this save (a pending pre-alert, no package yet) is no longer true.
      queryClient.removeQueries({ queryKey: ['intake', 'lookup'] });
      reset();
      void queryClient.invalidateQueries({ queryKey: intakeKeys.all });
    } catch (err) {
      if (err instanceof ApiError) {
        const existing = err.fieldErrors.existing_package_id?.[0];
        if (err.status === 409 && existing) {
          setDuplicate(existing);
          setDuplicateSaid(err.fieldErrors.tracking_number?.[0] ?? err.message);
          trackingRef.current?.focus();
        } else {
          const placed: Record<string, string> = {};
          for (const [k, m] of Object.entries(err.fieldErrors)) if (k in values) placed[k] = m.join(' ');
          setErrors(placed);
          if (Object.keys(placed).length === 0) setFormError(err.message);
        }
      } else setFormError('The parcel could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  }

  /** Enter moves to the next field (a scanner's Enter after the tracking number lands on the weight). */
  function onKeyDown(e: KeyboardEvent<HTMLFormElement>) {
    if (e.key !== 'Enter') return;
    if (e.ctrlKey || e.metaKey) {
      e.preventDefault();
      void save();
      return;
    }
    const target = e.target as HTMLElement;
    if (target.tagName !== 'INPUT' || (target as HTMLInputElement).type === 'checkbox') return;
    e.preventDefault();
    const steps = [...(formRef.current?.querySelectorAll<HTMLElement>('[data-step]') ?? [])];
    const at = steps.indexOf(target);
    const next = steps[at + 1];
    if (next) next.focus();
    else void save();
  }

  const l = lookup.data;
  const typedTracking = normalise(values.tracking_number);
  const field = (key: keyof Values, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      size="md"
      data-step
      value={values[key] as string}
      onChange={(e) => set(key, e.currentTarget.value as never)}
      error={errors[key]}
      autoComplete="off"
      {...extra}
    />
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Receive parcels
        </Title>
        <Text c="dimmed">Scan, weigh, save: Enter moves to the next field, Ctrl+Enter saves.</Text>
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <form
            ref={formRef}
            onSubmit={(e) => void save(e)}
            onKeyDown={onKeyDown}
            noValidate
            aria-label="Receive a parcel"
          >
            <Stack gap="md">
              {formError && (
                <Alert color="red" title="Not saved">
                  {formError}
                </Alert>
              )}
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  ref={trackingRef}
                  label="Tracking number"
                  size="lg"
                  style={{ flex: 1 }}
                  data-step
                  autoFocus
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  leftSection={<IconBarcode size={20} aria-hidden />}
                  value={values.tracking_number}
                  onChange={(e) => set('tracking_number', e.currentTarget.value)}
                  error={errors.tracking_number}
                />
                <Button
                  size="lg"
                  variant="default"
                  onClick={() => setCamera(true)}
                  aria-label="Scan with the camera"
                  px="md"
                >
                  <IconCamera size={22} aria-hidden />
                </Button>
              </Group>
              {duplicate && (
                <Alert color="red" title="Already received" data-testid="intake-duplicate">
                  {duplicateSaid}. It is not received twice.{' '}
                  <Anchor
                    renderRoot={(props) => (
                      <Link to="/admin/packages/$id" params={{ id: duplicate }} {...props} />
                    )}
                  >
                    Open the package
                  </Anchor>
                </Alert>
              )}
              <LookupPanel lookup={l} typed={typedTracking} duplicate={duplicate} />
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                <TextInput
                  ref={weightRef}
                  label="Weight (lb)"
                  size="md"
                  data-step
                  inputMode="decimal"
                  autoComplete="off"
                  value={values.weight}
                  onChange={(e) => set('weight', e.currentTarget.value)}
                  error={errors.weight}
                />
                {field('length', 'Length (in)', { inputMode: 'decimal' })}
                {field('width', 'Width (in)', { inputMode: 'decimal' })}
                {field('height', 'Height (in)', { inputMode: 'decimal' })}
              </SimpleGrid>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {field('mailbox_number', 'Mailbox number', { autoCapitalize: 'characters' })}
                {field('consignee', 'Customer email or name')}
                {field('shipper', 'Shipper')}
                {field('carrier', 'Carrier')}
              </SimpleGrid>
              {field('description', 'Description')}
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
                {field('declared_value', 'Declared value (US$)', { inputMode: 'decimal' })}
                <NativeSelect
                  label="Package type"
                  size="md"
                  data={TYPES}
                  value={values.package_type}
                  onChange={(e) => set('package_type', e.currentTarget.value)}
                  error={errors.package_type}
                />
                {field('pieces', 'Pieces', { inputMode: 'numeric' })}
                {field('house_awb', 'House AWB')}
              </SimpleGrid>
              <Group gap="lg">
                <Checkbox
                  size="md"
                  label="Fragile"
                  checked={values.fragile}
                  onChange={(e) => set('fragile', e.currentTarget.checked)}
                />
                <Checkbox
                  size="md"
                  label="Hazardous"
                  checked={values.hazardous}
                  onChange={(e) => set('hazardous', e.currentTarget.checked)}
                />
                <Checkbox
                  size="md"
                  label="Signature required"
                  checked={values.signature_required}
                  onChange={(e) => set('signature_required', e.currentTarget.checked)}
                />
                <Checkbox
                  size="md"
                  label="Customs hold"
                  checked={values.customs_hold}
                  onChange={(e) => set('customs_hold', e.currentTarget.checked)}
                />
              </Group>
              {field('note', 'Note')}
              <div>
                <Text component="label" htmlFor="intake-photo" fw={500} size="md" display="block">
                  Photo
                </Text>
                <input
                  id="intake-photo"
                  ref={photoRef}
                  type="file"
                  accept={PHOTO_TYPES}
                  capture="environment"
                  style={{ minHeight: 44, fontSize: 16 }}
                  onChange={(e) => setPhoto(e.currentTarget.files?.[0] ?? null)}
                />
                {errors.photo && (
                  <Text c="red.8" size="sm">
                    {errors.photo}
                  </Text>
                )}
              </div>
              <Button
                type="submit"
                size="lg"
                loading={saving}
                leftSection={<IconDeviceFloppy size={20} aria-hidden />}
                fullWidth
              >
                Save (Ctrl+Enter)
              </Button>
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <RecentPanel
            items={recent.data?.items ?? []}
            mine={recent.data?.today_mine}
            company={recent.data?.today_company}
            queued={queued.map((q) => q.label)}
          />
        </Grid.Col>
      </Grid>
      <CameraScan
        opened={camera}
        onClose={() => setCamera(false)}
        onCode={useCallback((code: string) => {
          setCamera(false);
          setValues((v) => ({ ...v, tracking_number: normalise(code) }));
          setTimeout(() => weightRef.current?.focus(), 0);
        }, [])}
      />
    </Stack>
  );
}

/** Who the parcel would go to and what it matches, as the clerk types. */
function LookupPanel({
  lookup,
  typed,
  duplicate,
}: {
  lookup: import('../../../contract/intake').Lookup | undefined;
  typed: string;
  duplicate: string | null;
}) {
  if (!lookup) return null;
  const stale = lookup.tracking_number !== null && lookup.tracking_number !== typed;
  if (stale) return null;
  const existing = lookup.existing;
  return (
    <Stack gap="xs" aria-live="polite" data-testid="intake-lookup">
      {existing && !duplicate && (
        <Alert color="red" title="Already received">
          This tracking number was received before ({existing.status_name}).{' '}
          <Anchor
            renderRoot={(props) => <Link to="/admin/packages/$id" params={{ id: existing.id }} {...props} />}
          >
            Open the package
          </Anchor>
        </Alert>
      )}
      {existing ? null : lookup.customer ? (
        <Text size="md">
          Customer: <strong>{lookup.customer.name}</strong> · {lookup.customer.mailbox_number}{' '}
          <Text span c="dimmed" size="sm">
            (found by {HOW[lookup.customer.how]})
          </Text>
        </Text>
      ) : (
        <Text size="md" c="red.9">
          No customer found yet: saved now, the parcel goes to Unassigned.
        </Text>
      )}
      {lookup.prealert && (
        <Card withBorder padding="sm" data-testid="intake-prealert">
          <Text size="sm">
            <Badge color="blue.9" mr="xs">
              Pre-alert
            </Badge>
            {lookup.prealert.customer.name}: {lookup.prealert.description} from {lookup.prealert.seller_name},{' '}
            {formatWeight(lookup.prealert.weight)}, {formatMoney(lookup.prealert.value_cents, 'USD')}. Matched
            on save.
          </Text>
        </Card>
      )}
    </Stack>
  );
}

function RecentPanel({
  items,
  mine,
  company,
  queued,
}: {
  items: RecentItem[];
  mine: number | undefined;
  company: number | undefined;
  queued: string[];
}) {
  const queryClient = useQueryClient();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(t);
  }, []);
  async function undo(item: RecentItem) {
    try {
      await undoReceipt(item.id);
      notifications.show({ title: 'Receipt undone', message: item.tracking_number });
    } catch (e) {
      notifications.show({ color: 'red', title: 'Not undone', message: e instanceof Error ? e.message : '' });
    }
    void queryClient.invalidateQueries({ queryKey: intakeKeys.all });
  }
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Today
        </Title>
        <Group gap="lg">
          <div>
            <Text fz={32} fw={700} lh={1} data-testid="intake-count">
              {mine ?? '–'}
            </Text>
            <Text size="sm" c="dimmed">
              by you
            </Text>
          </div>
          <div>
            <Text fz={32} fw={700} lh={1}>
              {company ?? '–'}
            </Text>
            <Text size="sm" c="dimmed">
              in the warehouse
            </Text>
          </div>
        </Group>
        {queued.length > 0 && (
          <Alert color="yellow" title={`${queued.length} waiting to send`}>
            {queued.join(', ')}: kept on this device and sent when the connection is back.
          </Alert>
        )}
        <Title order={3} fz="md">
          Last received
        </Title>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing received by you yet.
          </Text>
        ) : (
          <Stack
            gap={6}
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label="Last received"
          >
            {items.map((i) => {
              const canUndo = i.undo_until !== null && Date.parse(i.undo_until) > now;
              return (
                <Group key={i.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Anchor
                      renderRoot={(props) => (
                        <Link to="/admin/packages/$id" params={{ id: i.id }} {...props} />
                      )}
                      fw={600}
                      size="sm"
                    >
                      {i.tracking_number}
                    </Anchor>
                    <Text size="xs" c={i.unassigned ? 'red.9' : 'dimmed'} truncate>
                      {i.customer}
                      {i.prealert_matched ? ' · pre-alert' : ''} · {i.weight} lb
                    </Text>
                  </div>
                  {canUndo && (
                    <Button
                      size="sm"
                      variant="subtle"
                      color="red"
                      mih={40}
                      onClick={() => void undo(i)}
                      aria-label={`Undo ${i.tracking_number}`}
                    >
                      Undo
                    </Button>
                  )}
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
