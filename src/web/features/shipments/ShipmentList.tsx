import '@mantine/core/styles/EmptyState.css';
import './i18n';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, EmptyState, Modal, Paper, Stack } from '@mantine/core';
import { IconPlus, IconTruck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ListResults } from '../../components/list';
import { usePageTitle } from '../../components/PageTitle';
import { ScreenHeader } from '../../components/ScreenHeader';
import { type SearchChange, SearchField } from '../../components/SearchField';
import { shipmentsQueryOptions } from './api';
import { ShipmentForm } from './components/ShipmentForm';
import { ShipmentCard, shipmentColumns } from './components/shipment-rows';
import { useCreateShipment } from './hooks';

/** /admin/shipments: the company's shipments with their totals, and "New shipment". */
export function ShipmentList({
  q,
  page,
  onChange,
}: {
  q: string | undefined;
  page: number;
  onChange: SearchChange &
    ((patch: { q?: string | undefined; page: number }, options?: { replace: boolean }) => void);
}) {
  const { t } = useLingui();
  usePageTitle(t`Shipments`);
  const query = useQuery(shipmentsQueryOptions(q, page));
  const [creating, setCreating] = useState(false);
  const create = useCreateShipment();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <ScreenHeader
        title={t`Shipments`}
        description={t`Manifests of packages flown or shipped together, moved through statuses as one.`}
        action={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            <Trans>New shipment</Trans>
          </Button>
        }
      />
      <Paper p="md" component="section" aria-label={t`Filters`}>
        <SearchField value={q} onChange={onChange} placeholder={t`Reference`} />
      </Paper>
      <ListResults
        query={query}
        label={t`Shipments`}
        noun={msg({ message: '{count, plural, one {shipment} other {shipments}}' })}
        errorTitle={t`Could not load the shipments`}
        empty={
          <EmptyState
            py="xl"
            icon={<IconTruck size={28} aria-hidden />}
            variant="light"
            title={q ? t`No shipment matches` : t`No shipments yet`}
            description={t`Create one, then scan its packages in.`}
          />
        }
        columns={shipmentColumns}
        card={(s) => <ShipmentCard s={s} />}
        rowKey={(s) => s.id}
        table={{ minWidth: 760 }}
        paging={{ page, onChange, label: t`Shipment pages` }}
      />
      <Modal
        closeButtonProps={{ 'aria-label': t`Close` }}
        opened={creating}
        onClose={() => setCreating(false)}
        title={t`New shipment`}
      >
        {creating && (
          <ShipmentForm
            send={create.mutateAsync}
            submitLabel={t`Create shipment`}
            onSent={(s) => void navigate({ to: '/admin/shipments/$id', params: { id: s.id } })}
          />
        )}
      </Modal>
    </Stack>
  );
}
