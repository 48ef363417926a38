import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconEye, IconFileTypePdf, IconPhoto } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { FileInfo } from '../../../contract/packages';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { formatBytes } from '../../lib/upload/file-rules';
import { FilePreviewModal } from './FilePreviewModal';
import { downloadFile } from './file-blob';

export interface FileListProps {
  files: FileInfo[];
  /** Accessible name of the list, e.g. "Receipts". */
  label: string;
  /** Extra line under the name (who uploaded it...). */
  meta?: (file: FileInfo) => ReactNode;
  /** More actions for a file (delete...). */
  actions?: (file: FileInfo) => ReactNode;
}

/** Stored files with View (preview) and Download, both fetched with the bearer. */
export function FileList({ files, label, meta, actions }: FileListProps) {
  const [preview, setPreview] = useState<FileInfo | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const { t } = useLingui();

  const download = async (file: FileInfo) => {
    setDownloading(file.id);
    try {
      await downloadFile(file);
    } catch (e) {
      notifications.show({
        color: 'red',
        title: t`Download failed`,
        message: errorMessage(e, t`Could not download the file`),
      });
    } finally {
      setDownloading(null);
    }
  };

  return (
    <>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
        {files.map((file) => (
          <Paper component="li" key={file.id} withBorder p="sm">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 200px' }}>
                {file.content_type === 'application/pdf' ? (
                  <IconFileTypePdf size={24} aria-hidden style={{ flex: 'none' }} />
                ) : (
                  <IconPhoto size={24} aria-hidden style={{ flex: 'none' }} />
                )}
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} truncate>
                    {file.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatBytes(file.size_bytes)} · {formatDate(file.created_at)}
                    {meta ? <> · {meta(file)}</> : null}
                  </Text>
                </div>
              </Group>
              <Group gap={6} wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconEye size={14} aria-hidden />}
                  aria-label={t`View ${file.name}`}
                  onClick={() => setPreview(file)}
                >
                  <Trans>View</Trans>
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconDownload size={14} aria-hidden />}
                  aria-label={t`Download ${file.name}`}
                  loading={downloading === file.id}
                  onClick={() => void download(file)}
                >
                  <Trans>Download</Trans>
                </Button>
                {actions?.(file)}
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
      <FilePreviewModal file={preview} onClose={() => setPreview(null)} />
    </>
  );
}
