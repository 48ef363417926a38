import { Anchor, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AuditTrail } from '../../components/AuditTrail';
import { usePageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryStates';
import { shipmentQueryOptions } from './api';
import { AdvanceCard } from './components/AdvanceCard';
import { ManifestCard } from './components/ManifestCard';
import { ScanInCard } from './components/ScanInCard';
import { ShipmentHeader } from './components/ShipmentHeader';

/** /admin/shipments/$id: the manifest, scanning parcels in, and moving the whole shipment along. */
export function ShipmentDetail({ id }: { id: string }) {
  const query = useQuery(shipmentQueryOptions(id));
  usePageTitle(query.data ? `Shipment ${query.data.reference}` : 'Shipment');
  if (query.isPending) return <Skeleton h={400} aria-label="Loading the shipment" />;
  if (query.isError) {
    return (
      <QueryError
        title="Could not load the shipment"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const s = query.data;
  return (
    <Stack gap="md">
      <Anchor renderRoot={(props) => <Link to="/admin/shipments" {...props} />} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden /> All shipments
        </Group>
      </Anchor>
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
