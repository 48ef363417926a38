import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { StaffPackageDetail } from '../../../../contract/staff-packages';
import { FileList } from '../../../components/files/FileList';
import { StorageLine } from '../../../components/StorageCountdown';
import { formatDateTime } from '../../../lib/format';

/** The shipment it travels in, the invoice that bills it, and who received it when. */
export function ShipmentAndInvoiceCard({ pkg: p }: { pkg: StaffPackageDetail }) {
  return (
    <Card withBorder component="section" aria-labelledby="pkg-where">
      <Title order={2} fz="lg" id="pkg-where" mb="xs">
        Shipment and invoice
      </Title>
      <Text size="sm">
        Shipment:{' '}
        {p.shipment ? (
          <Anchor
            renderRoot={(props) => (
              <Link to="/admin/shipments/$id" params={{ id: p.shipment?.id ?? '' }} {...props} />
            )}
          >
            {p.shipment.reference}
          </Anchor>
        ) : (
          'none'
        )}
      </Text>
      <Text size="sm">
        Invoice:{' '}
        {p.invoice ? (
          <Anchor
            renderRoot={(props) => (
              <Link to="/admin/invoice/preview/$id" params={{ id: p.invoice?.id ?? '' }} {...props} />
            )}
          >
            {p.invoice.number} ({p.invoice.status})
          </Anchor>
        ) : (
          'not invoiced yet'
        )}
      </Text>
      <StorageLine storage={p.storage} lead="Storage:" size="sm" />
      <Text size="sm" c="dimmed" mt="xs">
        Received {p.received_at ? formatDateTime(p.received_at) : '—'}
        {p.received_by ? ` by ${p.received_by}` : ''}
      </Text>
    </Card>
  );
}

/** The warehouse's photos, documents, and the files the customer sent with the pre-alert. */
export function FilesCard({ pkg: p }: { pkg: StaffPackageDetail }) {
  return (
    <Card withBorder component="section" aria-labelledby="pkg-files">
      <Title order={2} fz="lg" id="pkg-files" mb="xs">
        Photos and documents
      </Title>
      {p.photos.length + p.documents.length + (p.prealert?.files.length ?? 0) === 0 ? (
        <Text c="dimmed" size="sm">
          No photos or documents.
        </Text>
      ) : (
        <Stack gap="sm">
          {p.photos.length > 0 && <FileList label="Photos" files={p.photos.map((r) => r.file)} />}
          {p.documents.length > 0 && <FileList label="Documents" files={p.documents.map((r) => r.file)} />}
          {p.prealert && p.prealert.files.length > 0 && (
            <FileList label="Pre-alert files" files={p.prealert.files} />
          )}
        </Stack>
      )}
    </Card>
  );
}
