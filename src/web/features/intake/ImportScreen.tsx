import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Pagination.css';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Pagination,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileImport } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import Papa from 'papaparse';
import { useMemo, useState } from 'react';
import {
  type ImportField,
  type ImportPreview,
  type ImportResult,
  type ImportRow,
  importFields,
} from '../../../contract/intake';
import { usePageTitle } from '../../components/PageTitle';
import { errorMessage } from '../../lib/api/api-error';
import { confirmImport, intakeKeys, previewImport } from './api';

const FIELD_LABEL: Record<ImportField, string> = {
  tracking_number: 'Tracking number',
  mailbox_number: 'Mailbox number',
  consignee: 'Consignee (name)',
  email: 'Email',
  shipper: 'Shipper',
  carrier: 'Carrier',
  house_awb: 'House AWB',
  description: 'Description',
  pieces: 'Pieces',
  value: 'Declared value (US$)',
  weight: 'Weight (lb)',
  length: 'Length (in)',
  width: 'Width (in)',
  height: 'Height (in)',
  date_received: 'Date received',
  on_hold: 'On hold',
};
const PAGE = 100;

/** The invalid rows as a CSV the clerk can fix and import again: the file's own columns, plus the reason. */
function invalidCsv(preview: ImportPreview): string {
  const fields = importFields.filter((f) => preview.mapping[f] !== undefined);
  const rows = preview.rows
    .filter((r) => !r.valid)
    .map((r) => [...fields.map((f) => r.values[f] ?? ''), r.errors.join('; ')]);
  return Papa.unparse({ fields: [...fields.map((f) => preview.mapping[f] ?? f), 'Problem'], data: rows });
}

/**
 * /admin/import: a warehouse system's CSV of receipts. A preview of every row (valid, or invalid with its reason;
 * the customer found or Unassigned; a matching pre-alert), the columns as understood (changeable), the invalid rows
 * as a download, and the chosen rows imported in one go. Importing the same file again creates nothing twice.
 */
export function ImportScreen() {
  usePageTitle('Import receipts');
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [page, setPage] = useState(1);
  const [show, setShow] = useState<'all' | 'valid' | 'invalid'>('all');

  /** `after`: the preview made again once an import is done keeps its result on screen. */
  async function runPreview(text: string, mapping?: Record<string, string>, after = false) {
    setBusy(true);
    setError(null);
    if (!after) setResult(null);
    try {
      const p = await previewImport({ csv: text, ...(mapping ? { mapping } : {}) });
      setPreview(p);
      setChosen(new Set(p.rows.filter((r) => r.valid).map((r) => r.row)));
      setPage(1);
    } catch (e) {
      setPreview(null);
      setError(errorMessage(e, 'The file could not be read'));
    } finally {
      setBusy(false);
    }
  }

  async function onFile(file: File | null) {
    if (!file) return;
    setFileName(file.name);
    const text = await file.text();
    setCsv(text);
    await runPreview(text);
  }

  async function onConfirm() {
    if (!csv || !preview) return;
    setBusy(true);
    setError(null);
    try {
      const done = await confirmImport({
        csv,
        mapping: preview.mapping,
        rows: [...chosen].sort((a, b) => a - b),
      });
      setResult(done);
      notifications.show({
        color: 'green',
        title: `Imported ${done.imported} parcel${done.imported === 1 ? '' : 's'}`,
        message: done.skipped.length ? `${done.skipped.length} already received, skipped` : fileName,
      });
      void queryClient.invalidateQueries({ queryKey: intakeKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['packages'] });
      await runPreview(csv, preview.mapping, true);
    } catch (e) {
      setError(errorMessage(e, 'The import failed; nothing was saved'));
    } finally {
      setBusy(false);
    }
  }

  const rows = useMemo(
    () => (preview?.rows ?? []).filter((r) => show === 'all' || (show === 'valid' ? r.valid : !r.valid)),
    [preview, show],
  );
  const pageRows = rows.slice((page - 1) * PAGE, page * PAGE);
  const validRows = preview?.rows.filter((r) => r.valid) ?? [];
  const allChosen = validRows.length > 0 && validRows.every((r) => chosen.has(r.row));

  const toggle = (r: ImportRow) =>
    setChosen((s) => {
      const next = new Set(s);
      if (next.has(r.row)) next.delete(r.row);
      else next.add(r.row);
      return next;
    });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Import receipts
        </Title>
        <Text c="dimmed">
          A CSV of warehouse receipts: consignee or mailbox number, email, shipper, carrier, tracking number,
          house AWB, description, pieces, value, weight (lb), length/width/height (in), date received, on
          hold.
        </Text>
      </div>
      <div>
        <Text component="label" htmlFor="import-file" fw={500} display="block">
          CSV file
        </Text>
        <input
          id="import-file"
          type="file"
          accept=".csv,text/csv"
          style={{ minHeight: 44, fontSize: 16 }}
          onChange={(e) => void onFile(e.currentTarget.files?.[0] ?? null)}
        />
      </div>
      {error && (
        <Alert color="red" title="Not imported">
          {error}
        </Alert>
      )}
      {result && (
        <Alert color="green" title={`Imported ${result.imported}`} data-testid="import-result">
          {result.skipped.length > 0
            ? `${result.skipped.length} row${result.skipped.length === 1 ? ' was' : 's were'} already received and skipped.`
            : 'Every chosen row was imported.'}
        </Alert>
      )}
      {preview && (
        <>
          <section aria-labelledby="import-columns">
            <Title order={2} fz="lg" id="import-columns">
              Columns
            </Title>
            <Text size="sm" c="dimmed" mb="xs">
              How the file’s headers were understood. Change one and the preview is made again.
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
              {importFields.map((f) => (
                <NativeSelect
                  key={f}
                  label={FIELD_LABEL[f]}
                  size="sm"
                  value={preview.mapping[f] ?? ''}
                  data={[
                    { value: '', label: '(not in the file)' },
                    ...preview.headers.map((h) => ({ value: h, label: h })),
                  ]}
                  onChange={(e) => {
                    if (!csv) return;
                    void runPreview(csv, { ...preview.mapping, [f]: e.currentTarget.value });
                  }}
                />
              ))}
            </SimpleGrid>
          </section>
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
                  href={`data:text/csv;charset=utf-8,${encodeURIComponent(invalidCsv(preview))}`}
                  download={`invalid-rows-${fileName || 'import.csv'}`}
                >
                  Download the invalid rows
                </Button>
              )}
              <Button
                size="md"
                loading={busy}
                disabled={chosen.size === 0}
                leftSection={<IconFileImport size={18} aria-hidden />}
                onClick={() => void onConfirm()}
              >
                Import {chosen.size} row{chosen.size === 1 ? '' : 's'}
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
          <Table.ScrollContainer minWidth={720} maxHeight={560}>
            <Table stickyHeader striped aria-label="Rows of the file" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Checkbox
                      aria-label="Choose every valid row"
                      checked={allChosen}
                      indeterminate={!allChosen && chosen.size > 0}
                      onChange={() => setChosen(allChosen ? new Set() : new Set(validRows.map((r) => r.row)))}
                    />
                  </Table.Th>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>Tracking number</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Pre-alert</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pageRows.map((r) => (
                  <Table.Tr key={r.row} data-valid={r.valid}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Import row ${r.row}`}
                        disabled={!r.valid}
                        checked={chosen.has(r.row)}
                        onChange={() => toggle(r)}
                      />
                    </Table.Td>
                    <Table.Td>{r.row}</Table.Td>
                    <Table.Td ff="monospace">{r.tracking_number}</Table.Td>
                    <Table.Td>
                      {r.customer ? (
                        `${r.customer.name} · ${r.customer.mailbox_number}`
                      ) : (
                        <Text span c="red.9" size="sm">
                          Unassigned{r.consignee ? ` (${r.consignee})` : ''}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{r.prealert_id ? <Badge color="blue.9">Matches</Badge> : '—'}</Table.Td>
                    <Table.Td>
                      {r.valid ? (
                        <Badge color="teal.9">Valid</Badge>
                      ) : (
                        <Text size="sm" c="red.9">
                          {r.errors.join('; ')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length > PAGE && (
            <Pagination
              total={Math.ceil(rows.length / PAGE)}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            />
          )}
        </>
      )}
    </Stack>
  );
}
