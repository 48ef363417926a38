import '../i18n';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ImportPreview, ImportRow } from '../../../../contract/intake';
import { type Column, ListRows, Pager, useSelection } from '../../../components/list';
import { csvHref, invalidCsv } from '../import-csv';

const PAGE = 100;

function Customer({ r }: { r: ImportRow }) {
  if (r.customer) return `${r.customer.name} · ${r.customer.mailbox_number}`;
  const consignee = r.consignee;
  return (
    <Text span c="red.9" size="sm">
      {consignee ? <Trans>Unassigned ({consignee})</Trans> : <Trans>Unassigned</Trans>}
    </Text>
  );
}

function Status({ r }: { r: ImportRow }) {
  return r.valid ? (
    <Badge color="teal.9">
      <Trans>Valid</Trans>
    </Badge>
  ) : (
    <Text size="sm" c="red.9">
      {r.errors.join('; ')}
    </Text>
  );
}

const columns: Column<ImportRow>[] = [
  { header: msg`Row`, cell: (r) => r.row },
  { header: msg`Tracking number`, cell: (r) => r.tracking_number, td: () => ({ ff: 'monospace' }) },
  { header: msg`Customer`, cell: (r) => <Customer r={r} /> },
  {
    header: msg`Pre-alert`,
    cell: (r) =>
      r.prealert_id ? (
        <Badge color="blue.9">
          <Trans>Matches</Trans>
        </Badge>
      ) : (
        '—'
      ),
  },
  { header: msg`Status`, cell: (r) => <Status r={r} /> },
];

function RowCard({ r }: { r: ImportRow }) {
  const { t } = useLingui();
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {r.tracking_number || '—'}
        </Text>
        <Text size="xs" c="dimmed" flex="none">
          <Trans>Row {r.row}</Trans>
        </Text>
      </Group>
      <Text size="sm">
        <Customer r={r} />
        {r.prealert_id ? t` · pre-alert matches` : ''}
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
  const { t } = useLingui();
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
          <Trans>
            {preview.valid} valid / {preview.invalid} invalid
          </Trans>
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
              <Trans>Download the invalid rows</Trans>
            </Button>
          )}
          <Button
            size="md"
            loading={busy}
            disabled={n === 0}
            leftSection={<IconFileImport size={18} aria-hidden />}
            onClick={() => onImport(selection.rows.map((r) => r.row).sort((a, b) => a - b))}
          >
            {plural(n, { one: 'Import # row', other: 'Import # rows' })}
          </Button>
        </Group>
      </Group>
      <NativeSelect
        label={t`Show`}
        maw={220}
        value={show}
        data={[
          { value: 'all', label: t`All rows` },
          { value: 'valid', label: t`Valid rows` },
          { value: 'invalid', label: t`Invalid rows` },
        ]}
        onChange={(e) => {
          setShow(e.currentTarget.value as typeof show);
          setPage(1);
        }}
      />
      <ListRows
        label={t`Rows of the file`}
        rows={shown.slice((page - 1) * PAGE, page * PAGE)}
        rowKey={(r) => String(r.row)}
        columns={columns}
        card={(r) => <RowCard r={r} />}
        table={{ minWidth: 720, maxHeight: 560, rowProps: (r) => ({ 'data-valid': r.valid }) }}
        selection={{
          ...selection,
          label: (r) => t`Import row ${r.row}`,
          allLabel: t`Choose every valid row`,
          disabled: (r) => !r.valid,
        }}
      />
      <Pager
        paging={{ page, onChange: (p) => setPage(p.page), label: t`Row pages` }}
        total={shown.length}
        pageSize={PAGE}
      />
    </>
  );
}
