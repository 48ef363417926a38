import '../i18n';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { CounterLookup, CounterPackage } from '../../../../contract/counter';
import { useSelection } from '../../../components/list';
import { ToneBadge } from '../../../components/ToneBadge';
import { formatDateTime } from '../../../lib/format';
import { formatAmount } from '../../../lib/money/money';
import type { RenderPayment } from '../api';
import { OpenInvoices } from './OpenInvoices';
import { Parcels } from './Parcels';
import { People } from './People';
import { ReleaseForm } from './ReleaseForm';

/** Who is at the desk, and what they owe. */
function CustomerCard({ data }: { data: CounterLookup }) {
  const { t } = useLingui();
  const { customer } = data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="counter-customer">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={2} fz="xl" id="counter-customer">
            {customer.name}
          </Title>
          <Text fw={600} data-testid="counter-mailbox">
            {customer.mailbox_number}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {customer.email}
            {customer.phone ? ` · ${customer.phone}` : ''}
          </Text>
          {!customer.is_active && (
            <ToneBadge tone="red" mt={4}>
              {t`Account inactive`}
            </ToneBadge>
          )}
        </div>
        <div style={{ textAlign: 'end' }}>
          <Text size="sm" c="dimmed">
            <Trans>Balance due</Trans>
          </Text>
          <Text fz={28} fw={700} data-testid="balance-due" aria-live="polite">
            {formatAmount(data.balance_due_cents, data.currency)}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}

/** A scanned label whose parcel is not at the counter: why it is not listed. */
function Scanned({ data }: { data: CounterLookup }) {
  const { t } = useLingui();
  const s = data.scanned;
  if (!s || s.at_counter) return null;
  const tracking = s.tracking_number;
  const status = s.status_name;
  return (
    <Alert color="orange" variant="light" title={t`Scanned ${tracking}: not at the counter`}>
      {s.released
        ? t`Already collected by ${s.released.collected_by} on ${formatDateTime(s.released.at)}.`
        : t`Its status is ${status}: it cannot be released until it is ready for pickup.`}
    </Alert>
  );
}

/** What the counter shows of one customer: who, their parcels, what they owe, who may collect, and the release. */
export function CustomerAtCounter({
  data,
  renderPayment,
  onReleased,
  onPaymentClosed,
}: {
  data: CounterLookup;
  renderPayment: RenderPayment;
  onReleased: () => void;
  onPaymentClosed: () => void;
}) {
  const { t } = useLingui();
  const { packages } = data;
  // A scanned parcel at the counter is the one handed over, a pickup pass its own parcels; a mailbox lookup hands
  // over everything waiting.
  const selection = useSelection(
    (p: CounterPackage) => p.id,
    () =>
      data.matched_by === 'tracking' && data.scanned?.at_counter
        ? packages.filter((p) => p.id === data.scanned?.id)
        : data.pass
          ? packages.filter((p) => data.pass?.package_ids.includes(p.id))
          : packages,
  );
  // Parcels released meanwhile (another desk) drop out of the selection.
  const selected = packages.filter(selection.isSelected);
  const [payment, setPayment] = useState<{ id: string; opened: boolean } | null>(null);

  return (
    <Stack gap="lg">
      <CustomerCard data={data} />
      <Scanned data={data} />
      {data.pass && (
        <Alert
          color="blue"
          variant="light"
          title={t`Pickup pass ${data.pass.code}`}
          data-testid="counter-pass"
        >
          {data.pass.authorized_person_id
            ? t`Presented for ${data.pass.holder_name} (authorized person): check their photo ID.`
            : t`The customer's own pass.`}{' '}
          {plural(data.pass.package_ids.length, {
            one: 'It covers # parcel still at the counter, selected below.',
            other: 'It covers # parcels still at the counter, selected below.',
          })}
        </Alert>
      )}
      <Parcels
        packages={packages}
        selection={{
          ...selection,
          label: (p) => t`Select ${p.tracking_number}`,
          allLabel: t`Select all parcels`,
        }}
      />
      <OpenInvoices
        invoices={data.invoices}
        balance={data.balance_due_cents}
        currency={data.currency}
        onPay={(id) => setPayment({ id, opened: true })}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <People data={data} />
        <ReleaseForm data={data} selected={selected} onReleased={onReleased} />
      </SimpleGrid>
      {payment &&
        renderPayment(payment.id, payment.opened, () => {
          setPayment({ id: payment.id, opened: false });
          onPaymentClosed();
        })}
    </Stack>
  );
}
