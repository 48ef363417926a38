import { Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ImportPreview, ImportRow } from '../../../../contract/intake';
import { type Column, ListRows, Pager, useSelection } from '../../../components/list';
import { csvHref, invalidCsv } from '../import-csv';

const PAGE = 100;
const rowsOf = (n: number) => `${n} row${n === 1 ? '' : 's'}`;

function Customer({ r }: { r: ImportRow }) {
  if (r.customer) return `${r.customer.name} · ${r.customer.mailbox_number}`;
  return (
    <Text span c="red.9" size="sm">
      Unassigned{r.consignee ? ` (${r.consignee})` : ''}
    </Text>
  );
}

function Status({ r }: { r: ImportRow }) {
  return r.valid ? (
    <Badge color="teal.9">Valid</Badge>
  ) : (
    <Text size="sm" c="red.9">
      {r.errors.join('; ')}
    </Text>
  );
}

const columns: Column<ImportRow>[] = [
  { header: 'Row', cell: (r) => r.row },
  { header: 'Tracking number', cell: (r) => r.tracking_number, td: () => ({ ff: 'monospace' }) },
  { header: 'Customer', cell: (r) => <Customer r={r} /> },
  { header: 'Pre-alert', cell: (r) => (r.prealert_id ? <Badge color="blue.9">Matches</Badge> : '—') },
  { header: 'Status', cell: (r) => <Status r={r} /> },
];

function RowCard({ r }: { r: ImportRow }) {
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {r.tracking_number || '—'}
        </Text>
        <Text size="xs" c="dimmed" flex="none">
          Row {r.row}
        </Text>
      </Group>
      <Text size="sm">
        <Customer r={r} />
        {r.prealert_id ? ' · pre-alert matches' : ''}
      </Text>
      <Status r={r} />
    </Stack>
  );
}

/**
 * The preview's rows: "N valid / M invalid", the invalid ones as a download, every valid row chosen to start with,
 * and "Import N rows". Made again (a new key) for every preview.
 */
export function PreviewRows({
  preview,
  fileName,
  busy,
  onImport,
}: {
  preview: ImportPreview;
  fileName: string;
  busy: boolean;
  onImport: (rows: number[]) => void;
}) {
  const valid = preview.rows.filter((r) => r.valid);
  const selection = useSelection(
    (r: ImportRow) => String(r.row),
    () => valid,
  );
  const [show, setShow] = useState<'all' | 'valid' | 'invalid'>('all');
  const [page, setPage] = useState(1);
  const shown = useMemo(
    () => preview.rows.filter((r) => show === 'all' || (show === 'valid' ? r.valid : !r.valid)),
    [preview, show],
  );
  const n = selection.size;
  return (
    <>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={600} fz="lg" data-testid="import-summary">
          {preview.valid} valid / {preview.invalid} invalid
        </Text>
        <Group gap="sm">
          {preview.invalid > 0 && (
            <Button
              component="a"
              size="md"
              variant="default"
              leftSection={<IconDownload size={18} aria-hidden />}
              href={csvHref(invalidCsv(preview))}
              download={`invalid-rows-${fileName || 'import.csv'}`}
            >
              Download the invalid rows
            </Button>
          )}
          <Button
            size="md"
            loading={busy}
            disabled={n === 0}
            leftSection={<IconFileImport size={18} aria-hidden />}
            onClick={() => onImport(selection.rows.map((r) => r.row).sort((a, b) => a - b))}
          >
            Import {rowsOf(n)}
          </Button>
        </Group>
      </Group>
      <NativeSelect
        label="Show"
        maw={220}
        value={show}
        data={[
          { value: 'all', label: 'All rows' },
          { value: 'valid', label: 'Valid rows' },
          { value: 'invalid', label: 'Invalid rows' },
        ]}
        onChange={(e) => {
          setShow(e.currentTarget.value as typeof show);
          setPage(1);
        }}
      />
      <ListRows
        label="Rows of the file"
        rows={shown.slice((page - 1) * PAGE, page * PAGE)}
        rowKey={(r) => String(r.row)}
        columns={columns}
        card={(r) => <RowCard r={r} />}
        table={{ minWidth: 720, maxHeight: 560, rowProps: (r) => ({ 'data-valid': r.valid }) }}
        selection={{
          ...selection,
          label: (r) => `Import row ${r.row}`,
          allLabel: 'Choose every valid row',
          disabled: (r) => !r.valid,
        }}
      />
      <Pager
        paging={{ page, onChange: (p) => setPage(p.page), label: 'Row pages' }}
        total={shown.length}
        pageSize={PAGE}
      />
    </>
  );
}
