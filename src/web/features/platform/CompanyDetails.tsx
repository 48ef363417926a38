import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../components/PageTitle';
import { QueryStates } from '../../components/QueryStates';
import { RecordSection as Section } from '../../components/RecordSection';
import { platformCompanyQueryOptions } from './api';
import { CompanyHosts } from './components/CompanyHosts';
import { CompanyFacts, CompanyUsage } from './components/CompanySections';
import { CompanyStatus } from './components/CompanyStatus';
import { StatusBadge } from './components/company-rows';
import { InviteAdmin } from './components/InviteAdmin';
import { useInviteAdmin, useUpdateCompany } from './hooks';

/** /platform/companies/{id}: the company, its usage, inviting its admin, its hosts, and switching it off or on. */
export function CompanyDetails({ id }: { id: string }) {
  const { t } = useLingui();
  const query = useQuery(platformCompanyQueryOptions(id));
  const update = useUpdateCompany(id);
  const invite = useInviteAdmin(id);
  usePageTitle(query.data?.name ?? t`Company`);
  return (
    <QueryStates
      query={query}
      loading={
        <Text>
          <Trans>Loading the company…</Trans>
        </Text>
      }
      errorTitle={t`Could not load this company`}
      isEmpty={() => false}
      empty={null}
    >
      {(c) => (
        <Stack gap="md">
          <div>
            <Anchor component={Link} to="/platform" size="sm">
              <span className="mirror-rtl" style={{ display: 'inline-block' }} aria-hidden>
                ←
              </span>{' '}
              <Trans>Platform console</Trans>
            </Anchor>
            <Group gap="sm" align="center">
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                {c.name}
              </Title>
              <StatusBadge status={c.status} />
            </Group>
          </div>
          <Section title={t`Details`}>
            <CompanyFacts c={c} />
          </Section>
          <Section title={t`Usage`}>
            <CompanyUsage c={c} />
          </Section>
          <Section title={t`Invite admin`}>
            <InviteAdmin send={invite.mutateAsync} />
          </Section>
          <Section title={t`Host names`}>
            <CompanyHosts key={c.hosts.join(',')} company={c} update={update.mutateAsync} />
          </Section>
          <Section title={t`Status`}>
            <CompanyStatus company={c} update={update.mutateAsync} busy={update.isPending} />
          </Section>
        </Stack>
      )}
    </QueryStates>
  );
}
