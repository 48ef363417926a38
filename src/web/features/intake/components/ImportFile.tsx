import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { FileDrop } from '../../../lib/upload/FileDrop';
import { csvHref, templateCsv } from '../import-csv';

/** The CSV to import, dropped or chosen, and a template with the columns the import reads. */
export function ImportFile({ file, onFile }: { file: File | null; onFile: (file: File | null) => void }) {
  const { t } = useLingui();
  return (
    <Stack gap="xs">
      <FileDrop
        label={t`CSV file`}
        hint={t`Your warehouse system's export of receipts, or the template filled in: one parcel a row.`}
        accept=".csv,text/csv"
        chooseLabel={t`Choose a CSV file`}
        icon={<IconFileSpreadsheet size={28} stroke={1.5} aria-hidden />}
        file={file}
        onFile={onFile}
      />
      <Text size="sm">
        <Anchor href={csvHref(templateCsv())} download="receipts-template.csv">
          <IconDownload size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginInlineEnd: 4 }} />
          <Trans>Download a CSV template</Trans>
        </Anchor>{' '}
        <Trans>(weights in pounds, values in US$, dates like 2026-11-26, on hold as yes or no)</Trans>
      </Text>
    </Stack>
  );
}
