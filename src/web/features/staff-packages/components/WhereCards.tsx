import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { StaffPackageDetail } from '../../../../contract/staff-packages';
import { FileList } from '../../../components/files/FileList';
import { StorageLine } from '../../../components/StorageCountdown';
import { formatDateTime } from '../../../lib/format';

/** The shipment it travels in, the invoice that bills it, and who received it when. */
export function ShipmentAndInvoiceCard({ pkg: p }: { pkg: StaffPackageDetail }) {
  const { t } = useLingui();
  const received = p.received_at ? formatDateTime(p.received_at) : '—';
  const by = p.received_by;
  return (
    <Card withBorder component="section" aria-labelledby="pkg-where">
      <Title order={2} fz="lg" id="pkg-where" mb="xs">
        <Trans>Shipment and invoice</Trans>
      </Title>
      <Text size="sm">
        <Trans>Shipment:</Trans>{' '}
        {p.shipment ? (
          <Anchor
            renderRoot={(props) => (
              <Link to="/admin/shipments/$id" params={{ id: p.shipment?.id ?? '' }} {...props} />
            )}
          >
            {p.shipment.reference}
          </Anchor>
        ) : (
          t`none`
        )}
      </Text>
      <Text size="sm">
        <Trans>Invoice:</Trans>{' '}
        {p.invoice ? (
          <Anchor
            renderRoot={(props) => (
              <Link to="/admin/invoice/preview/$id" params={{ id: p.invoice?.id ?? '' }} {...props} />
            )}
          >
            <bdi>{p.invoice.number}</bdi> ({p.invoice.status})
          </Anchor>
        ) : (
          t`not invoiced yet`
        )}
      </Text>
      <StorageLine storage={p.storage} lead={t`Storage:`} size="sm" />
      <Text size="sm" c="dimmed" mt="xs">
        {by ? t`Received ${received} by ${by}` : t`Received ${received}`}
      </Text>
    </Card>
  );
}

/** The warehouse's photos, documents, and the files the customer sent with the pre-alert. */
export function FilesCard({ pkg: p }: { pkg: StaffPackageDetail }) {
  const { t } = useLingui();
  return (
    <Card withBorder component="section" aria-labelledby="pkg-files">
      <Title order={2} fz="lg" id="pkg-files" mb="xs">
        <Trans>Photos and documents</Trans>
      </Title>
      {p.photos.length + p.documents.length + (p.prealert?.files.length ?? 0) === 0 ? (
        <Text c="dimmed" size="sm">
          <Trans>No photos or documents.</Trans>
        </Text>
      ) : (
        <Stack gap="sm">
          {p.photos.length > 0 && <FileList label={t`Photos`} files={p.photos.map((r) => r.file)} />}
          {p.documents.length > 0 && <FileList label={t`Documents`} files={p.documents.map((r) => r.file)} />}
          {p.prealert && p.prealert.files.length > 0 && (
            <FileList label={t`Pre-alert files`} files={p.prealert.files} />
          )}
        </Stack>
      )}
    </Card>
  );
}
