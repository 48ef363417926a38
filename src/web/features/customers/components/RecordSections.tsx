import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { INVOICE_STATUS_LABELS } from '../../../../contract/constants';
import type { CustomerDetail } from '../../../../contract/customers';
import { type Column, DataTable } from '../../../components/list';
import { NotificationPreferencesGrid } from '../../../components/NotificationPreferencesGrid';
import { RecordSection as Section } from '../../../components/RecordSection';
import { formatDate, formatDateTime } from '../../../lib/format';
import { formatAmount } from '../../../lib/money/money';

/** One part of the record: a card with its heading (shared with the other record pages). */
export { Section };

/** Statuses as the invoice and pre-alert screens name them. */
const INVOICE_STATUS: Record<string, string> = INVOICE_STATUS_LABELS;
const PREALERT_STATUS: Record<string, string> = {
  pending: 'Pending',
  matched: 'Matched',
  cancelled: 'Cancelled',
};

export function Profile({ c }: { c: CustomerDetail['profile'] }) {
  const field = (label: string, value: ReactNode) => (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Text>
    </div>
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
      {field('Mailbox', c.mailbox_number)}
      {field('Email', c.email)}
      {field('Phone', c.phone)}
      {field('Address', [c.address, c.parish].filter(Boolean).join(', '))}
      {field('TRN', c.trn)}
      {field('Joined', formatDate(c.created_at))}
    </SimpleGrid>
  );
}

/** What the customer chose to be told and how: staff see it (to answer "why was I not told?"), only they change it. */
export function Preferences({ d }: { d: CustomerDetail }) {
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {d.push_devices === 0
          ? 'No device gets push notifications.'
          : `Push goes to ${d.push_devices} device${d.push_devices === 1 ? '' : 's'}.`}{' '}
        Only the customer can change these, on their profile.
      </Text>
      <NotificationPreferencesGrid
        caption="The customer's notification choices"
        values={d.notification_preferences}
      />
    </>
  );
}

/** A short read-only list of the record: its rows, or what it means that there are none. */
function Rows<T>({
  label,
  rows,
  empty,
  columns,
}: {
  label: string;
  rows: T[];
  empty: string;
  /** Each column's header and cell. */
  columns: [header: string, cell: (row: T) => ReactNode][];
}) {
  if (rows.length === 0) return <Text c="dimmed">{empty}</Text>;
  // Read-only rows in the server's order: their position is their identity.
  return (
    <DataTable
      label={label}
      rows={rows}
      rowKey={(r) => String(rows.indexOf(r))}
      columns={columns.map(([header, cell]): Column<T> => ({ header, cell }))}
      minWidth={320}
    />
  );
}

/** The customer's recent activity: packages, pre-alerts, invoices, points, who may collect, what they were told. */
export function Activity({ d }: { d: CustomerDetail }) {
  return (
    <>
      <Section title="Packages">
        <Rows
          label="Packages"
          rows={d.packages}
          empty="No packages yet."
          columns={[
            [
              'Tracking',
              (p) => (
                <Anchor component={Link} to={`/admin/packages/${p.id}`}>
                  {p.tracking_number}
                </Anchor>
              ),
            ],
            ['Description', (p) => p.description || '—'],
            ['Status', (p) => p.status_name],
            ['Created', (p) => formatDate(p.created_at)],
          ]}
        />
      </Section>
      <Section title="Pre-alerts">
        <Rows
          label="Pre-alerts"
          rows={d.prealerts}
          empty="No pre-alerts yet."
          columns={[
            ['Tracking', (p) => p.tracking_number],
            ['Seller', (p) => p.seller_name],
            ['Status', (p) => PREALERT_STATUS[p.status] ?? p.status],
            ['Sent', (p) => formatDate(p.created_at)],
          ]}
        />
      </Section>
      <Section title="Invoices">
        <Rows
          label="Invoices"
          rows={d.invoices}
          empty="No invoices yet."
          columns={[
            ['Number', (i) => i.number],
            ['Status', (i) => INVOICE_STATUS[i.status] ?? i.status],
            ['Total', (i) => formatAmount(i.total_cents)],
            ['Created', (i) => formatDate(i.created_at)],
          ]}
        />
      </Section>
      <Section title="Points">
        <Text fw={600} mb="xs">
          Balance: {d.points.balance} points
        </Text>
        <Rows
          label="Recent points"
          rows={d.points.recent}
          empty="No points yet."
          columns={[
            ['Date', (e) => formatDate(e.created_at)],
            ['Reason', (e) => e.reason],
            ['Points', (e) => String(e.points)],
          ]}
        />
      </Section>
      <Section title="Authorized persons">
        <Rows
          label="Authorized persons"
          rows={d.authorized_persons}
          empty="Nobody else may collect this customer’s packages."
          columns={[
            ['Name', (a) => a.name],
            ['Phone', (a) => a.phone],
          ]}
        />
      </Section>
      <Section title="Notifications sent">
        <Rows
          label="Notifications sent"
          rows={d.notifications}
          empty="No notifications yet."
          columns={[
            ['Sent', (n) => formatDateTime(n.created_at)],
            ['Title', (n) => n.title],
            ['Read', (n) => (n.read ? 'Read' : 'Unread')],
          ]}
        />
      </Section>
    </>
  );
}
