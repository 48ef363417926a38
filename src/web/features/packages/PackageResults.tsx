import '@mantine/core/styles/Table.css';
import { Card, Group, Stack, Table, Text } from '@mantine/core';
import type { PackageSummary } from '../../../contract/packages';
import { PackageLink } from '../../components/PackageLinks';
import { ScrollTable } from '../../components/ScrollTable';
import { formatDate, formatWeight } from '../../lib/format';
import { StatusBadge } from './StatusBadge';

/** Desktop: one row per package; the tracking number links to its page. Scrolls inside itself when narrow. */
export function PackageTable({ items }: { items: PackageSummary[] }) {
  return (
    <ScrollTable label="Packages table" minWidth={760}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Packages">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Tracking number</Table.Th>
            <Table.Th scope="col">Description</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" ta="right">
              Weight
            </Table.Th>
            <Table.Th scope="col">Added</Table.Th>
            <Table.Th scope="col">Updated</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((pkg) => (
            <Table.Tr key={pkg.id}>
              <Table.Td>
                <PackageLink pkg={pkg} nowrap />
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={1}>
                  {pkg.description || '—'}
                </Text>
                <Text size="xs" c="dimmed">
                  {pkg.seller_name || 'Unknown seller'}
                </Text>
              </Table.Td>
              <Table.Td>
                <StatusBadge code={pkg.status} name={pkg.status_name} miw="max-content" />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatWeight(pkg.weight)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(pkg.created_at)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(pkg.updated_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** Phones: one card per package, the same facts stacked. */
export function PackageCards({ items }: { items: PackageSummary[] }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Packages">
      {items.map((pkg) => (
        <Card component="li" key={pkg.id} padding="md">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <PackageLink pkg={pkg} />
              <Text size="sm" mt={2} lineClamp={2}>
                {pkg.description || '—'}
              </Text>
            </div>
          </Group>
          <Group gap="xs" mt="xs" wrap="wrap">
            <StatusBadge code={pkg.status} name={pkg.status_name} />
          </Group>
          <Text size="xs" c="dimmed" mt="xs">
            {pkg.seller_name || 'Unknown seller'} · {formatWeight(pkg.weight)} · Added{' '}
            {formatDate(pkg.created_at)}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
