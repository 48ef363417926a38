import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AuditTrail } from '../../components/AuditTrail';
import { usePageTitle } from '../../components/PageTitle';
import { QueryStates } from '../../components/QueryStates';
import { customerQueryOptions } from './api';
import { AccountActions } from './components/AccountActions';
import { Activity, Preferences, Profile, Section } from './components/RecordSections';
import { useRoleLabel } from './components/roles';

/** /admin/customers/{id}: the customer's profile, recent activity, the account actions and the audit trail. */
export function CustomerRecord({ id }: { id: string }) {
  const { t } = useLingui();
  const roleLabel = useRoleLabel();
  const query = useQuery(customerQueryOptions(id));
  usePageTitle(query.data ? `${query.data.profile.mailbox_number} ${query.data.profile.name}` : t`Customer`);
  return (
    <QueryStates
      query={query}
      loading={
        <Text>
          <Trans>Loading the customer…</Trans>
        </Text>
      }
      errorTitle={t`Could not load this customer`}
      isEmpty={() => false}
      empty={null}
    >
      {(d) => (
        <Stack gap="md">
          <div>
            <Anchor component={Link} to="/admin/customers" size="sm">
              {/* Mirrored in Arabic so it points back; still read, so the link keeps its name "← Customers". */}
              <span className="mirror-rtl" style={{ display: 'inline-block' }}>
                ←
              </span>{' '}
              <Trans>Customers</Trans>
            </Anchor>
            <Group gap="sm" align="center">
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                <bdi>{d.profile.mailbox_number}</bdi> · {d.profile.name}
              </Title>
              <Badge
                variant="light"
                color={d.profile.email_verified ? 'green' : 'yellow'}
                c="light-dark(#333, #eee)"
              >
                {d.profile.email_verified ? t`Email verified` : t`Email not verified`}
              </Badge>
              <Badge variant="light" color={d.profile.is_active ? 'green' : 'red'} c="light-dark(#333, #eee)">
                {d.profile.is_active ? t`Active` : t`Deactivated`}
              </Badge>
              <Badge variant="light" c="light-dark(#333, #eee)">
                {roleLabel(d.profile.role)}
              </Badge>
            </Group>
          </div>
          <Section title={t`Profile`}>
            <Profile c={d.profile} />
          </Section>
          <Section title={t`Actions`}>
            <AccountActions c={d.profile} />
          </Section>
          <Section title={t`Notification choices`}>
            <Preferences d={d} />
          </Section>
          <Activity d={d} />
          <AuditTrail entity="user" id={id} />
        </Stack>
      )}
    </QueryStates>
  );
}
