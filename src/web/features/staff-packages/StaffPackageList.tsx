import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/EmptyState.css';
import {
  Anchor,
  Box,
  Button,
  Checkbox,
  EmptyState,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBarcode, IconDownload, IconPackage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, useState } from 'react';
import { PACKAGE_EXPORT_MAX, PAGE_SIZES, staffPackageSorts } from '../../../contract/constants';
import type { StaffPackageRow } from '../../../contract/staff-packages';
import { staffPackageCalls } from '../../../contract/staff-packages.calls';
import { ClearFilters, NoMatches } from '../../components/ClearFilters';
import { usePageTitle } from '../../components/PageTitle';
import { PageButtons, PageSizeSelect } from '../../components/Paging';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { SearchField } from '../../components/SearchField';
import { ToneBadge } from '../../components/ToneBadge';
import { api, errorMessage } from '../../lib/api';
import { formatDate, formatMoney, formatWeight } from '../../lib/format';
import { packageStatusesQueryOptions } from '../../lib/reference/api';
import { exportPackagesCsv, openShipmentsQueryOptions, staffPackagesQueryOptions } from './api';
import { BulkActions } from './BulkActions';
import { Flags, PackageStatus } from './PackageStatus';
import { SORT_LABELS, type StaffPackageSearch } from './search';

export type StaffPackageChange = (
  patch: Partial<StaffPackageSearch>,
  options?: { replace?: boolean },
) => void;

const normalise = (raw: string) => raw.replace(/\s+/g, '').toUpperCase();

function Customer({ p }: { p: StaffPackageRow }) {
  if (!p.owner) {
    return (
      <Stack gap={0}>
        <ToneBadge tone="orange" size="sm">
          Unassigned
        </ToneBadge>
        {p.consignee_hint && (
          <Text size="xs" c="dimmed">
            Label: {p.consignee_hint}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {p.owner.mailbox_number}
      </Text>
      <Text size="xs" c="dimmed">
        {p.owner.name}
      </Text>
    </Stack>
  );
}

function TrackingLink({ p }: { p: StaffPackageRow }) {
  return (
    <Anchor
      renderRoot={(props) => <Link to="/admin/packages/$id" params={{ id: p.id }} {...props} />}
      fw={600}
      ff="monospace"
      size="sm"
    >
      {p.tracking_number}
    </Anchor>
  );
}

/** /admin/packages: every package of the company, filtered in the URL, selected by checkbox or by scanning. */
export function StaffPackageList({
  search,
  onChange,
  onClear,
}: {
  search: StaffPackageSearch;
  onChange: StaffPackageChange;
  onClear: () => void;
}) {
  usePageTitle('Packages');
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false }) ?? false;
  const query = useQuery(staffPackagesQueryOptions(search));
  const statuses = useQuery(packageStatusesQueryOptions());
  const shipments = useQuery(openShipmentsQueryOptions());
  // Selected packages by id (kept across pages and filters), with their tracking numbers for the scan field.
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [scan, setScan] = useState('');
  const [scanMessage, setScanMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [exporting, setExporting] = useState(false);

  const items = query.data?.items ?? [];
  const filtered = Boolean(
    search.q ||
      search.status ||
      search.shipment ||
      search.from ||
      search.to ||
      search.unassigned ||
      search.prealert ||
      search.hold,
  );
  const pageIds = items.map((p) => p.id);
  const onPage = pageIds.filter((id) => selected.has(id)).length;

  const toggle = (p: StaffPackageRow, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(p.id, p.tracking_number);
      else next.delete(p.id);
      return next;
    });
  const togglePage = (on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const p of items) {
        if (on) next.set(p.id, p.tracking_number);
        else next.delete(p.id);
      }
      return next;
    });

  /** A scanned (or typed) tracking number selects its package, wherever it is in the list. */
  async function onScanKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const tn = normalise(scan);
    if (!tn) return;
    setScan('');
    let found = items.find((p) => p.tracking_number === tn);
    if (!found) {
      try {
        const res = await api.call(staffPackageCalls.list, { query: { q: tn, pageSize: 10 } });
        found = res.items.find((p) => p.tracking_number === tn);
      } catch (err) {
        setScanMessage({ ok: false, text: errorMessage(err) });
        return;
      }
    }
    if (!found) {
      setScanMessage({ ok: false, text: `${tn}: no such package` });
      return;
    }
    const p = found;
    setSelected((prev) => new Map(prev).set(p.id, p.tracking_number));
    setScanMessage({ ok: true, text: `${tn} selected` });
  }

  async function onExport() {
    setExporting(true);
    try {
      await exportPackagesCsv(search);
    } catch (err) {
      notifications.show({ color: 'red', title: 'The export failed', message: errorMessage(err) });
    } finally {
      setExporting(false);
    }
  }

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Stack gap="md">
      <ScreenHeader
        title="Packages"
        description="Every package of the company: find, filter, select and act on many at once."
        action={
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void onExport()}
            loading={exporting}
            title={`The filtered list, up to ${PACKAGE_EXPORT_MAX.toLocaleString('en-US')} rows`}
          >
            Export CSV
          </Button>
        }
      />

      <Paper p="md" component="section" aria-label="Filters">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <SearchField value={search.q} onChange={onChange} placeholder="Tracking, mailbox, name or email" />
          <Select
            label="Status"
            placeholder="All statuses"
            data={(statuses.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
            value={search.status ?? null}
            onChange={(v) => onChange({ status: (v as StaffPackageSearch['status']) ?? undefined, page: 1 })}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear status' }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Shipment"
            placeholder="Any shipment"
            searchable
            data={[
              { value: 'none', label: 'Not in a shipment' },
              ...(shipments.data?.items ?? []).map((s) => ({ value: s.id, label: s.reference })),
            ]}
            value={search.shipment ?? null}
            onChange={(v) => onChange({ shipment: v ?? undefined, page: 1 })}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear shipment' }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Pre-alert"
            placeholder="With or without"
            data={[
              { value: 'yes', label: 'Has a pre-alert' },
              { value: 'no', label: 'No pre-alert' },
            ]}
            value={search.prealert ?? null}
            onChange={(v) => onChange({ prealert: (v as 'yes' | 'no' | null) ?? undefined, page: 1 })}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear pre-alert filter' }}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Received from"
            type="date"
            value={search.from ?? ''}
            onChange={(e) => onChange({ from: e.currentTarget.value || undefined, page: 1 })}
          />
          <TextInput
            label="Received to"
            type="date"
            value={search.to ?? ''}
            onChange={(e) => onChange({ to: e.currentTarget.value || undefined, page: 1 })}
          />
          <Select
            label="Sort"
            data={staffPackageSorts.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
            value={search.sort}
            onChange={(v) => v && onChange({ sort: v as StaffPackageSearch['sort'], page: 1 })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Stack gap={6} justify="flex-end">
            <Checkbox
              label="Unassigned only"
              checked={search.unassigned === 1}
              onChange={(e) => onChange({ unassigned: e.currentTarget.checked ? 1 : undefined, page: 1 })}
            />
            <Checkbox
              label="On hold only"
              checked={search.hold === 1}
              onChange={(e) => onChange({ hold: e.currentTarget.checked ? 1 : undefined, page: 1 })}
            />
          </Stack>
        </SimpleGrid>
        {filtered && <ClearFilters onClear={onClear} />}
      </Paper>

      <Paper p="md" component="section" aria-label="Select by scanning">
        <TextInput
          label="Scan to select"
          description="Scan or type a tracking number and press Enter: its package is added to the selection"
          leftSection={<IconBarcode size={16} aria-hidden />}
          value={scan}
          onChange={(e) => setScan(e.currentTarget.value)}
          onKeyDown={(e) => void onScanKey(e)}
          autoComplete="off"
        />
        <Text size="sm" mt={4} c={scanMessage?.ok === false ? 'red.8' : 'dimmed'} aria-live="polite" mih={20}>
          {scanMessage?.text ?? ''}
        </Text>
      </Paper>

      {selected.size > 0 && (
        <BulkActions
          ids={[...selected.keys()]}
          onDone={() => setSelected(new Map())}
          onClear={() => setSelected(new Map())}
        />
      )}

      <Box component="section" aria-label="Results">
        <QueryStates
          query={query}
          loading={<LoadingRows label="Loading packages" count={10} h={40} />}
          errorTitle="Could not load the packages"
          isEmpty={(found) => found.items.length === 0}
          empty={
            filtered ? (
              <NoMatches
                title="No packages match"
                description="Try other words or fewer filters."
                onClear={onClear}
              />
            ) : (
              <EmptyState
                py="xl"
                icon={<IconPackage size={28} aria-hidden />}
                variant="light"
                title="No packages yet"
                description="Packages appear here as the warehouse receives them."
              />
            )
          }
        >
          {(found) => (
            <Stack gap="md">
              {phone ? (
                <Stack gap="xs">
                  <Checkbox
                    label="Select all on this page"
                    checked={onPage === pageIds.length}
                    indeterminate={onPage > 0 && onPage < pageIds.length}
                    onChange={(e) => togglePage(e.currentTarget.checked)}
                    size="md"
                  />
                  <Stack
                    gap="xs"
                    component="ul"
                    aria-label="Packages"
                    p={0}
                    m={0}
                    style={{ listStyle: 'none' }}
                  >
                    {found.items.map((p) => (
                      <Paper component="li" key={p.id} withBorder p="sm">
                        <Group wrap="nowrap" align="flex-start" gap="sm">
                          <Checkbox
                            size="md"
                            aria-label={`Select ${p.tracking_number}`}
                            checked={selected.has(p.id)}
                            onChange={(e) => toggle(p, e.currentTarget.checked)}
                            mt={4}
                          />
                          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                            <Group justify="space-between" gap="xs">
                              <TrackingLink p={p} />
                              <PackageStatus code={p.status} name={p.status_name} />
                            </Group>
                            <Customer p={p} />
                            <Text size="xs" c="dimmed">
                              {formatWeight(p.weight)} · {formatMoney(p.declared_value_cents)}
                              {p.shipment ? ` · ${p.shipment.reference}` : ''}
                              {p.received_at ? ` · received ${formatDate(p.received_at)}` : ''}
                            </Text>
                            <div>
                              <Flags row={p} />
                            </div>
                          </Stack>
                        </Group>
                      </Paper>
                    ))}
                  </Stack>
                </Stack>
              ) : (
                <Table.ScrollContainer
                  type="native"
                  minWidth={960}
                  maxHeight="70vh"
                  tabIndex={0}
                  role="region"
                  aria-label="Packages table"
                >
                  <Table stickyHeader highlightOnHover verticalSpacing={6} aria-label="Packages">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col" w={40}>
                          <Checkbox
                            aria-label="Select all on this page"
                            checked={pageIds.length > 0 && onPage === pageIds.length}
                            indeterminate={onPage > 0 && onPage < pageIds.length}
                            onChange={(e) => togglePage(e.currentTarget.checked)}
                          />
                        </Table.Th>
                        <Table.Th scope="col">Tracking</Table.Th>
                        <Table.Th scope="col">Customer</Table.Th>
                        <Table.Th scope="col">Status</Table.Th>
                        <Table.Th scope="col" ta="right">
                          Weight
                        </Table.Th>
                        <Table.Th scope="col" ta="right">
                          Value
                        </Table.Th>
                        <Table.Th scope="col">Shipment</Table.Th>
                        <Table.Th scope="col">Flags</Table.Th>
                        <Table.Th scope="col">Received</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {found.items.map((p) => (
                        <Table.Tr
                          key={p.id}
                          bg={selected.has(p.id) ? 'var(--mantine-primary-color-light)' : undefined}
                        >
                          <Table.Td>
                            <Checkbox
                              aria-label={`Select ${p.tracking_number}`}
                              checked={selected.has(p.id)}
                              onChange={(e) => toggle(p, e.currentTarget.checked)}
                            />
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            <TrackingLink p={p} />
                            {p.description && (
                              <Text size="xs" c="dimmed" lineClamp={1} maw={220}>
                                {p.description}
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Customer p={p} />
                          </Table.Td>
                          <Table.Td>
                            <PackageStatus code={p.status} name={p.status_name} miw="max-content" />
                          </Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {formatWeight(p.weight)}
                          </Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {formatMoney(p.declared_value_cents)}
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {p.shipment ? (
                              <Anchor
                                size="sm"
                                renderRoot={(props) => (
                                  <Link
                                    to="/admin/shipments/$id"
                                    params={{ id: p.shipment?.id ?? '' }}
                                    {...props}
                                  />
                                )}
                              >
                                {p.shipment.reference}
                              </Anchor>
                            ) : (
                              '—'
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Flags row={p} />
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {p.received_at ? formatDate(p.received_at) : '—'}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {found.total_capped
                    ? `${found.total.toLocaleString('en-US')}+`
                    : found.total.toLocaleString('en-US')}{' '}
                  {found.total === 1 ? 'package' : 'packages'} · page {found.page} of{' '}
                  {found.total_capped ? `${pages}+` : pages}
                </Text>
                <Group gap="sm">
                  <PageSizeSelect
                    label="Per page"
                    sizes={PAGE_SIZES}
                    value={search.pageSize}
                    onChange={(size) => onChange({ pageSize: size, page: 1 })}
                    w={90}
                    size="xs"
                    comboboxProps={{ withinPortal: true }}
                  />
                  {pages > 1 && (
                    <PageButtons
                      total={found.total_capped ? pages + 1 : pages}
                      value={search.page}
                      onChange={(page) => onChange({ page })}
                      aria-label="Package pages"
                    />
                  )}
                </Group>
              </Group>
            </Stack>
          )}
        </QueryStates>
      </Box>
    </Stack>
  );
}
