import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { NativeSelect, SimpleGrid, Text, Title } from '@mantine/core';
import { type ImportField, type ImportPreview, importFields } from '../../../../contract/intake';
import { FIELD_LABEL } from '../import-csv';

/** How the file's headers were understood; a change makes the preview again. */
export function ColumnMapping({
  preview,
  onMap,
}: {
  preview: ImportPreview;
  onMap: (field: ImportField, header: string) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <section aria-labelledby="import-columns">
      <Title order={2} fz="lg" id="import-columns">
        <Trans>Columns</Trans>
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        <Trans>How the file’s headers were understood. Change one and the preview is made again.</Trans>
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs">
        {importFields.map((f) => (
          <NativeSelect
            key={f}
            label={i18n._(FIELD_LABEL[f])}
            size="sm"
            value={preview.mapping[f] ?? ''}
            data={[
              { value: '', label: t`(not in the file)` },
              ...preview.headers.map((h) => ({ value: h, label: h })),
            ]}
            onChange={(e) => onMap(f, e.currentTarget.value)}
          />
        ))}
      </SimpleGrid>
    </section>
  );
}
