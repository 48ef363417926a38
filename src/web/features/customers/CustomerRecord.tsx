import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AuditTrail } from '../../components/AuditTrail';
import { usePageTitle } from '../../components/PageTitle';
import { QueryStates } from '../../components/QueryStates';
import { customerQueryOptions } from './api';
import { AccountActions } from './components/AccountActions';
import { Activity, Preferences, Profile, Section } from './components/RecordSections';

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
            <AccountActions c={d.profile} />
          </Section>
          <Section title="Notification choices">
            <Preferences d={d} />
          </Section>
          <Activity d={d} />
          <AuditTrail entity="user" id={id} />
        </Stack>
      )}
    </QueryStates>
  );
}
