import './i18n';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ImportPreview, ImportResult } from '../../../contract/intake';
import { usePageTitle } from '../../components/PageTitle';
import { errorMessage } from '../../lib/api/api-error';
import { ColumnMapping } from './components/ColumnMapping';
import { ImportFile } from './components/ImportFile';
import { PreviewRows } from './components/PreviewRows';
import { useConfirmImport, usePreviewImport } from './hooks';

/**
 * /admin/import: a warehouse system's CSV of receipts. A preview of every row (valid, or invalid with its reason;
 * the customer found or Unassigned; a matching pre-alert), the columns as understood (changeable), the invalid rows
 * as a download, and the chosen rows imported in one go. Importing the same file again creates nothing twice.
 */
export function ImportScreen() {
  const { t } = useLingui();
  usePageTitle(t`Import receipts`);
  const previewCall = usePreviewImport();
  const confirmCall = useConfirmImport();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ data: ImportPreview; seq: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const busy = previewCall.isPending || confirmCall.isPending;

  /** `after`: the preview made again once an import is done keeps its result on screen. */
  async function runPreview(text: string, mapping?: Record<string, string>, after = false) {
    setError(null);
    if (!after) setResult(null);
    try {
      const data = await previewCall.mutateAsync({ csv: text, ...(mapping ? { mapping } : {}) });
      setPreview((prev) => ({ data, seq: (prev?.seq ?? 0) + 1 }));
    } catch (e) {
      setPreview(null);
      setError(errorMessage(e, t`The file could not be read`));
    }
  }

  async function onFile(chosen: File | null) {
    setFile(chosen);
    if (!chosen) return;
    const text = await chosen.text();
    setCsv(text);
    await runPreview(text);
  }

  async function onImport(rows: number[]) {
    if (!csv || !preview) return;
    setError(null);
    try {
      const done = await confirmCall.mutateAsync({ csv, mapping: preview.data.mapping, rows });
      setResult(done);
      const skipped = done.skipped.length;
      notifications.show({
        color: 'green',
        title: plural(done.imported, { one: 'Imported # parcel', other: 'Imported # parcels' }),
        message: skipped ? t`${skipped} already received, skipped` : (file?.name ?? ''),
      });
      await runPreview(csv, preview.data.mapping, true);
    } catch (e) {
      setError(errorMessage(e, t`The import failed; nothing was saved`));
    }
  }

  const imported = result?.imported ?? 0;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          <Trans>Import receipts</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>
            A CSV of warehouse receipts: consignee or mailbox number, email, shipper, carrier, tracking
            number, house AWB, description, pieces, value, weight (lb), length/width/height (in), date
            received, on hold.
          </Trans>
        </Text>
      </div>
      <ImportFile file={file} onFile={(f) => void onFile(f)} />
      {error && (
        <Alert color="red" title={t`Not imported`}>
          {error}
        </Alert>
      )}
      {result && (
        <Alert color="green" title={t`Imported ${imported}`} data-testid="import-result">
          {result.skipped.length > 0
            ? plural(result.skipped.length, {
                one: '# row was already received and skipped.',
                other: '# rows were already received and skipped.',
              })
            : t`Every chosen row was imported.`}
        </Alert>
      )}
      {preview && csv && (
        <>
          <ColumnMapping
            preview={preview.data}
            onMap={(field, header) => void runPreview(csv, { ...preview.data.mapping, [field]: header })}
          />
          <PreviewRows
            key={preview.seq}
            preview={preview.data}
            fileName={file?.name ?? ''}
            busy={busy}
            onImport={(rows) => void onImport(rows)}
          />
        </>
      )}
    </Stack>
  );
}
