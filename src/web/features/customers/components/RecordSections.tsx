import '../i18n';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { INVOICE_STATUS_LABELS } from '../../../../contract/constants';
import type { CustomerDetail } from '../../../../contract/customers';
import { formatDecimal } from '../../../../contract/format';
import { type Column, DataTable } from '../../../components/list';
import { NotificationPreferencesGrid } from '../../../components/NotificationPreferencesGrid';
import { RecordSection as Section } from '../../../components/RecordSection';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useWords, type Words } from '../../../lib/i18n/text';
import { formatAmount } from '../../../lib/money/money';

/** One part of the record: a card with its heading (shared with the other record pages). */
export { Section };

/** Statuses as the invoice and pre-alert screens name them. */
const INVOICE_STATUS: Record<string, string> = INVOICE_STATUS_LABELS;
const PREALERT_STATUS: Record<string, Words> = {
  pending: msg`Pending`,
  matched: msg`Matched`,
  cancelled: msg`Cancelled`,
};

export function Profile({ c }: { c: CustomerDetail['profile'] }) {
  const { t } = useLingui();
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
      {field(t`Mailbox`, c.mailbox_number ? <bdi>{c.mailbox_number}</bdi> : null)}
      {field(t`Email`, c.email)}
      {field(t`Phone`, c.phone ? <bdi>{c.phone}</bdi> : null)}
      {field(t`Address`, [c.address, c.parish].filter(Boolean).join(', '))}
      {field(t`TRN`, c.trn)}
      {field(t`Joined`, formatDate(c.created_at))}
    </SimpleGrid>
  );
}

/** What the customer chose to be told and how: staff see it (to answer "why was I not told?"), only they change it. */
export function Preferences({ d }: { d: CustomerDetail }) {
  const { t } = useLingui();
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {d.push_devices === 0 ? (
          <Trans>No device gets push notifications.</Trans>
        ) : (
          <Plural value={d.push_devices} one="Push goes to # device." other="Push goes to # devices." />
        )}{' '}
        <Trans>Only the customer can change these, on their profile.</Trans>
      </Text>
      <NotificationPreferencesGrid
        caption={t`The customer's notification choices`}
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
  columns: [header: Words, cell: (row: T) => ReactNode][];
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
  const { t } = useLingui();
  const words = useWords();
  const balance = d.points.balance;
  return (
    <>
      <Section title={t`Packages`}>
        <Rows
          label={t`Packages`}
          rows={d.packages}
          empty={t`No packages yet.`}
          columns={[
            [
              msg`Tracking`,
              (p) => (
                <Anchor component={Link} to={`/admin/packages/${p.id}`} dir="ltr">
                  {p.tracking_number}
                </Anchor>
              ),
            ],
            [msg`Description`, (p) => p.description || '—'],
            [msg`Status`, (p) => p.status_name],
            [msg`Created`, (p) => formatDate(p.created_at)],
          ]}
        />
      </Section>
      <Section title={t`Pre-alerts`}>
        <Rows
          label={t`Pre-alerts`}
          rows={d.prealerts}
          empty={t`No pre-alerts yet.`}
          columns={[
            [msg`Tracking`, (p) => <bdi>{p.tracking_number}</bdi>],
            [msg`Seller`, (p) => p.seller_name],
            [msg`Status`, (p) => words(PREALERT_STATUS[p.status] ?? p.status)],
            [msg`Sent`, (p) => formatDate(p.created_at)],
          ]}
        />
      </Section>
      <Section title={t`Invoices`}>
        <Rows
          label={t`Invoices`}
          rows={d.invoices}
          empty={t`No invoices yet.`}
          columns={[
            [msg`Number`, (i) => <bdi>{i.number}</bdi>],
            [msg`Status`, (i) => INVOICE_STATUS[i.status] ?? i.status],
            [msg`Total`, (i) => formatAmount(i.total_cents)],
            [msg`Created`, (i) => formatDate(i.created_at)],
          ]}
        />
      </Section>
      <Section title={t`Points`}>
        <Text fw={600} mb="xs">
          <Plural value={balance} one="Balance: # point" other="Balance: # points" />
        </Text>
        <Rows
          label={t`Recent points`}
          rows={d.points.recent}
          empty={t`No points yet.`}
          columns={[
            [msg`Date`, (e) => formatDate(e.created_at)],
            [msg`Reason`, (e) => e.reason],
            [msg`Points`, (e) => formatDecimal(e.points, 0)],
          ]}
        />
      </Section>
      <Section title={t`Authorized persons`}>
        <Rows
          label={t`Authorized persons`}
          rows={d.authorized_persons}
          empty={t`Nobody else may collect this customer’s packages.`}
          columns={[
            [msg`Name`, (a) => a.name],
            [msg`Phone`, (a) => <bdi>{a.phone}</bdi>],
          ]}
        />
      </Section>
      <Section title={t`Notifications sent`}>
        <Rows
          label={t`Notifications sent`}
          rows={d.notifications}
          empty={t`No notifications yet.`}
          columns={[
            [msg`Sent`, (n) => formatDateTime(n.created_at)],
            [msg`Title`, (n) => n.title],
            [msg`Read`, (n) => (n.read ? t`Read` : t`Unread`)],
          ]}
        />
      </Section>
    </>
  );
}
