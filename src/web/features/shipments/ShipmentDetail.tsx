import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AuditTrail } from '../../components/AuditTrail';
import { BackLink } from '../../components/BackLink';
import { usePageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryStates';
import { shipmentQueryOptions } from './api';
import { AdvanceCard } from './components/AdvanceCard';
import { ManifestCard } from './components/ManifestCard';
import { ScanInCard } from './components/ScanInCard';
import { ShipmentHeader } from './components/ShipmentHeader';

/** /admin/shipments/$id: the manifest, scanning parcels in, and moving the whole shipment along. */
export function ShipmentDetail({ id }: { id: string }) {
  const { t } = useLingui();
  const query = useQuery(shipmentQueryOptions(id));
  const reference = query.data?.reference;
  usePageTitle(reference ? t`Shipment ${reference}` : t`Shipment`);
  if (query.isPending) return <Skeleton h={400} role="status" aria-label={t`Loading the shipment`} />;
  if (query.isError) {
    return (
      <QueryError
        title={t`Could not load the shipment`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const s = query.data;
  return (
    <Stack gap="md">
      <BackLink to="/admin/shipments">
        <Trans>All shipments</Trans>
      </BackLink>
      <ShipmentHeader shipment={s} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ScanInCard shipmentId={s.id} />
        <AdvanceCard shipment={s} />
      </SimpleGrid>
      <ManifestCard shipment={s} />
      <AuditTrail entity="shipment" id={s.id} />
    </Stack>
  );
}
