import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import type { CustomerDetail } from '../../../contract/customers';
import { customerCalls } from '../../../contract/customers.calls';
import { AuditTrail } from '../../components/AuditTrail';
import { usePageTitle } from '../../components/PageTitle';
import { QueryStates } from '../../components/QueryStates';
import { ScrollTable } from '../../components/ScrollTable';
import { api, errorMessage } from '../../lib/api';
import { formatDate, formatDateTime } from '../../lib/format';
import { formatAmount } from '../../lib/money/money';
import { useSession } from '../../lib/session/use-session';
import { customerQueryOptions } from './api';

type Action = 'verify' | 'resendVerification' | 'deactivate' | 'reactivate' | 'passwordReset';

const ACTIONS: Record<Action, { label: string; confirm: string; done: string }> = {
  verify: {
    label: 'Verify email',
    confirm: 'Mark this email as verified? Do this only when you know the customer owns the address.',
    done: 'Email verified',
  },
  resendVerification: {
    label: 'Resend verification email',
    confirm: 'Send the customer a new verification link?',
    done: 'Verification email sent',
  },
  deactivate: {
    label: 'Deactivate',
    confirm:
      'Deactivate this account? The customer is signed out everywhere and cannot sign in until reactivated.',
    done: 'Account deactivated',
  },
  reactivate: {
    label: 'Reactivate',
    confirm: 'Reactivate this account? The customer can sign in again.',
    done: 'Account reactivated',
  },
  passwordReset: {
    label: 'Send password reset',
    confirm: 'Email the customer a link to choose a new password?',
    done: 'Password reset email sent',
  },
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `customer-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Rows<T>({
  label,
  items,
  empty,
  head,
  row,
}: {
  label: string;
  items: T[];
  empty: string;
  head: string[];
  row: (item: T) => ReactNode[];
}) {
  if (items.length === 0) return <Text c="dimmed">{empty}</Text>;
  return (
    <ScrollTable label={`${label} table`} minWidth={320}>
      <Table striped verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h} scope="col">
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are read-only and keep their order
            <Table.Tr key={i}>
              {row(item).map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <Table.Td key={j}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function Profile({ c }: { c: CustomerDetail['profile'] }) {
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

function Actions({ c }: { c: CustomerDetail['profile'] }) {
  const session = useSession();
  const qc = useQueryClient();
  const [pending, setPending] = useState<Action | 'role' | null>(null);
  const [role, setRole] = useState<string | null>(c.role);
  const done = async (message: string) => {
    notifications.show({ color: 'green', message });
    setPending(null);
    await Promise.all([
      qc.invalidateQueries({ queryKey: ['customers'] }),
      qc.invalidateQueries({ queryKey: ['audit', 'user', c.id] }),
    ]);
  };
  const run = useMutation({
    mutationFn: async (a: Action | 'role') => {
      const params = { id: c.id };
      if (a === 'role') {
        await api.call(customerCalls.role, { params, body: { role: (role ?? c.role) as typeof c.role } });
        return 'Role changed';
      }
      const reply = await api.call(customerCalls[a], { params });
      if (a === 'resendVerification' && reply && 'result' in reply && reply.result === 'verified') {
        return 'The email is already verified';
      }
      return ACTIONS[a].done;
    },
    onSuccess: done,
    onError: (e) =>
      notifications.show({ color: 'red', title: 'That did not work', message: errorMessage(e) }),
  });
  const visible: Action[] = [
    ...(c.email_verified ? [] : (['verify', 'resendVerification'] as const)),
    c.is_active ? 'deactivate' : 'reactivate',
    'passwordReset',
  ];
  const isAdmin = session.role === 'admin';
  return (
    <Stack gap="sm">
      <Group gap="sm">
        {visible.map((a) => (
          <Button
            key={a}
            variant={a === 'deactivate' ? 'outline' : 'light'}
            // red.9: Mantine's default red is 3.3:1 on white, below WCAG's 4.5:1.
            color={a === 'deactivate' ? 'red.9' : undefined}
            onClick={() => setPending(a)}
            mih={44}
          >
            {ACTIONS[a].label}
          </Button>
        ))}
      </Group>
      {isAdmin && session.userId !== c.id && (
        <Group gap="sm" align="flex-end">
          <Select
            label="Role"
            w={180}
            allowDeselect={false}
            data={[
              { value: 'customer', label: 'Customer' },
              { value: 'staff', label: 'Staff' },
              { value: 'admin', label: 'Admin' },
            ]}
            value={role}
            onChange={setRole}
          />
          <Button variant="light" disabled={role === c.role} onClick={() => setPending('role')} mih={44}>
            Change role
          </Button>
        </Group>
      )}
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={pending === 'role' ? 'Change role' : pending ? ACTIONS[pending].label : ''}
      >
        <Stack gap="md">
          <Text>
            {pending === 'role'
              ? `Make ${c.name} ${role === 'customer' ? 'a customer' : `a member of ${role}`}? Their sessions end, so the next sign-in carries the new role.`
              : pending
                ? ACTIONS[pending].confirm
                : ''}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)} disabled={run.isPending}>
              Cancel
            </Button>
            <Button
              color={pending === 'deactivate' ? 'red.9' : undefined}
              loading={run.isPending}
              onClick={() => pending && run.mutate(pending)}
            >
              {pending === 'role' ? 'Change role' : pending ? ACTIONS[pending].label : 'Confirm'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** /admin/customers/{id}: the customer's profile, recent activity, the account actions and the audit trail. */
export function CustomerRecord({ id }: { id: string }) {
  const query = useQuery(customerQueryOptions(id));
  usePageTitle(query.data ? `${query.data.profile.mailbox_number} ${query.data.profile.name}` : 'Customer');
  return (
    <QueryStates
      query={query}
      loading={<Text>Loading the customer…</Text>}
      errorTitle="Could not load this customer"
      isEmpty={() => false}
      empty={null}
    >
      {(d) => (
        <Stack gap="md">
          <div>
            <Anchor component={Link} to="/admin/customers" size="sm">
              ← Customers
            </Anchor>
            <Group gap="sm" align="center">
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                {d.profile.mailbox_number} · {d.profile.name}
              </Title>
              <Badge
                variant="light"
                color={d.profile.email_verified ? 'green' : 'yellow'}
                c="light-dark(#333, #eee)"
              >
                {d.profile.email_verified ? 'Email verified' : 'Email not verified'}
              </Badge>
              <Badge variant="light" color={d.profile.is_active ? 'green' : 'red'} c="light-dark(#333, #eee)">
                {d.profile.is_active ? 'Active' : 'Deactivated'}
              </Badge>
              <Badge variant="light" c="light-dark(#333, #eee)">
                {d.profile.role}
              </Badge>
            </Group>
          </div>
          <Section title="Profile">
            <Profile c={d.profile} />
          </Section>
          <Section title="Actions">
            <Actions c={d.profile} />
          </Section>
          <Section title="Packages">
            <Rows
              label="Packages"
              items={d.packages}
              empty="No packages yet."
              head={['Tracking', 'Description', 'Status', 'Created']}
              row={(p) => [
                <Anchor key="t" component={Link} to={`/admin/packages/${p.id}`}>
                  {p.tracking_number}
                </Anchor>,
                p.description || '—',
                p.status_name,
                formatDate(p.created_at),
              ]}
            />
          </Section>
          <Section title="Pre-alerts">
            <Rows
              label="Pre-alerts"
              items={d.prealerts}
              empty="No pre-alerts yet."
              head={['Tracking', 'Seller', 'Status', 'Sent']}
              row={(p) => [p.tracking_number, p.seller_name, p.status, formatDate(p.created_at)]}
            />
          </Section>
          <Section title="Invoices">
            <Rows
              label="Invoices"
              items={d.invoices}
              empty="No invoices yet."
              head={['Number', 'Status', 'Total', 'Created']}
              row={(i) => [i.number, i.status, formatAmount(i.total_cents), formatDate(i.created_at)]}
            />
          </Section>
          <Section title="Points">
            <Text fw={600} mb="xs">
              Balance: {d.points.balance} points
            </Text>
            <Rows
              label="Recent points"
              items={d.points.recent}
              empty="No points yet."
              head={['Date', 'Reason', 'Points']}
              row={(e) => [formatDate(e.created_at), e.reason, String(e.points)]}
            />
          </Section>
          <Section title="Authorized persons">
            <Rows
              label="Authorized persons"
              items={d.authorized_persons}
              empty="Nobody else may collect this customer’s packages."
              head={['Name', 'Phone']}
              row={(a) => [a.name, a.phone]}
            />
          </Section>
          <Section title="Notifications sent">
            <Rows
              label="Notifications sent"
              items={d.notifications}
              empty="No notifications yet."
              head={['Sent', 'Title', 'Read']}
              row={(n) => [formatDateTime(n.created_at), n.title, n.read ? 'Read' : 'Unread']}
            />
          </Section>
          <AuditTrail entity="user" id={id} />
        </Stack>
      )}
    </QueryStates>
  );
}
