import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AuditTrail } from '../../components/AuditTrail';
import { BackLink } from '../../components/BackLink';
import { PackageStatusBadge } from '../../components/PackageStatusBadge';
import { usePageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryStates';
import { staffPackageQueryOptions } from './api';
import { DetailsCard } from './components/DetailsCard';
import { Flags } from './components/Flags';
import { OwnerCard } from './components/OwnerCard';
import { PrealertCard } from './components/PrealertCard';
import { TimelineCard } from './components/TimelineCard';
import { FilesCard, ShipmentAndInvoiceCard } from './components/WhereCards';

/** /admin/packages/$id: every field of a package, its owner, pre-alert, timeline, files and history. */
export function StaffPackageDetail({ id }: { id: string }) {
  const { t } = useLingui();
  const query = useQuery(staffPackageQueryOptions(id));
  const tracking = query.data?.tracking_number;
  usePageTitle(tracking ? t`Package ${tracking}` : t`Package`);
  if (query.isPending) return <Skeleton h={400} role="status" aria-label={t`Loading the package`} />;
  if (query.isError) {
    return (
      <QueryError
        title={t`Could not load the package`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const p = query.data;
  const hint = p.consignee_hint;
  return (
    <Stack gap="md">
      <BackLink to="/admin/packages">
        <Trans>All packages</Trans>
      </BackLink>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={1} fz={{ base: 22, sm: 28 }} ff="monospace" style={{ wordBreak: 'break-all' }}>
            {p.tracking_number}
          </Title>
          <Text c="dimmed">
            {p.owner
              ? `${p.owner.mailbox_number} · ${p.owner.name}`
              : hint
                ? t`Unassigned — label: ${hint}`
                : t`Unassigned`}
          </Text>
        </div>
        <Group gap="xs">
          <PackageStatusBadge code={p.status} name={p.status_name} size="lg" />
          <Flags row={p} />
        </Group>
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <DetailsCard pkg={p} />
            <TimelineCard pkg={p} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <OwnerCard pkg={p} />
            <PrealertCard pkg={p} />
            <ShipmentAndInvoiceCard pkg={p} />
            <FilesCard pkg={p} />
          </Stack>
        </Grid.Col>
      </Grid>
      <AuditTrail entity="package" id={p.id} currency="USD" />
    </Stack>
  );
}
