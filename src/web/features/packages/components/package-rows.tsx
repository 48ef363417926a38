import '../i18n';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';
import type { PackageSummary } from '../../../../contract/packages';
import type { Column } from '../../../components/list';
import { PackageLink } from '../../../components/PackageLinks';
import { PackageStatusBadge } from '../../../components/PackageStatusBadge';
import { StorageLine } from '../../../components/StorageCountdown';
import { formatDate, formatWeight } from '../../../lib/format';

/** Desktop: one row per package; the tracking number links to its page. */
export const packageColumns: Column<PackageSummary>[] = [
  { header: msg`Tracking number`, cell: (pkg) => <PackageLink pkg={pkg} nowrap /> },
  {
    header: msg`Description`,
    cell: (pkg) => (
      <>
        <Text size="sm" lineClamp={1}>
          {pkg.description || '—'}
        </Text>
        <Text size="xs" c="dimmed">
          {pkg.seller_name || <Trans>Unknown seller</Trans>}
        </Text>
        <StorageLine storage={pkg.storage} />
      </>
    ),
  },
  {
    header: msg`Status`,
    cell: (pkg) => <PackageStatusBadge code={pkg.status} name={pkg.status_name} miw="max-content" />,
  },
  { header: msg`Weight`, align: 'right', nowrap: true, cell: (pkg) => formatWeight(pkg.weight) },
  { header: msg`Added`, nowrap: true, cell: (pkg) => formatDate(pkg.created_at) },
  { header: msg`Updated`, nowrap: true, cell: (pkg) => formatDate(pkg.updated_at) },
];

/** Phones: the same facts stacked. */
export function PackageCard({ pkg }: { pkg: PackageSummary }) {
  const { t } = useLingui();
  const seller = pkg.seller_name || t`Unknown seller`;
  const weight = formatWeight(pkg.weight);
  const added = formatDate(pkg.created_at);
  return (
    <>
      <div style={{ minWidth: 0 }}>
        <PackageLink pkg={pkg} />
        <Text size="sm" mt={2} lineClamp={2}>
          {pkg.description || '—'}
        </Text>
      </div>
      <Group gap="xs" mt="xs" wrap="wrap">
        <PackageStatusBadge code={pkg.status} name={pkg.status_name} />
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        <Trans>
          {seller} · {weight} · Added {added}
        </Trans>
      </Text>
      <StorageLine storage={pkg.storage} />
    </>
  );
}
