import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { FileInfo, Receipt } from '../../../contract/packages';
import { FileList } from '../../components/files/FileList';
import { ApiError, errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { FilePicker } from '../../lib/upload/FilePicker';
import { validateFileSet } from '../../lib/upload/file-rules';
import { UploadProgress } from '../../lib/upload/UploadProgress';
import { useDeleteReceipt, useUploadReceipts } from './hooks';

function ReceiptUpload({ packageId, label }: { packageId: string; label: string }) {
  const { t } = useLingui();
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const upload = useUploadReceipts(packageId, label, setProgress);
  const send = (chosen: File[]) =>
    upload.mutate(chosen, {
      onSuccess: () => {
        setFiles([]);
        setProgress(null);
      },
      onError: (e) => {
        setProgress(null);
        const onFiles = e instanceof ApiError ? e.fieldErrors.files : undefined;
        if (onFiles?.length) setFileError(onFiles.join(' '));
        setFormError(errorMessage(e, t`Upload failed`));
      },
    });

  return (
    <form
      noValidate
      aria-label={t`Upload receipts`}
      onSubmit={(event) => {
        event.preventDefault();
        setFormError(null);
        const problem = validateFileSet(files);
        setFileError(problem);
        if (!problem) {
          setProgress(0);
          send(files);
        }
      }}
    >
      <Stack gap="sm">
        <FilePicker
          label={t`Receipt files`}
          files={files}
          onChange={(next) => {
            setFiles(next);
            setFileError(null);
          }}
          error={fileError}
          disabled={upload.isPending}
        />
        {formError && (
          <Alert color="red" variant="light" role="alert" title={t`Upload failed`}>
            {formError}
          </Alert>
        )}
        {progress !== null && <UploadProgress percent={progress} />}
        <Group justify="flex-end">
          <Button type="submit" loading={upload.isPending} leftSection={<IconUpload size={18} aria-hidden />}>
            <Trans>Upload receipts</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The package's receipts: view, download, delete (confirmed), and upload more. */
export function ReceiptsPanel({
  packageId,
  label,
  receipts,
}: {
  packageId: string;
  /** The package's tracking number: how the outbox names a queued upload. */
  label: string;
  receipts: Receipt[];
}) {
  const { t } = useLingui();
  const [toDelete, setToDelete] = useState<Receipt | null>(null);
  // The warehouse's photos are shown apart: they are the company's record of the parcel, not the customer's to delete.
  const photos = receipts.filter((r) => r.kind === 'photo');
  const documents = receipts.filter((r) => r.kind !== 'photo');
  const byFile = new Map(receipts.map((r) => [r.file.id, r]));

  const remove = useDeleteReceipt();
  const confirmDelete = (receipt: Receipt) =>
    remove.mutate(receipt, {
      onSuccess: () => {
        const fileName = receipt.file.name;
        notifications.show({
          color: 'green',
          title: t`Receipt deleted`,
          message: t`${fileName} was removed.`,
        });
        setToDelete(null);
      },
      onError: (e) => {
        notifications.show({
          color: 'red',
          title: t`Could not delete the receipt`,
          message: errorMessage(e),
        });
      },
    });

  const meta = (file: FileInfo) => {
    const r = byFile.get(file.id);
    const by = r?.uploaded_by;
    return r ? t`added by ${by}` : null;
  };

  const deleteName = toDelete?.file.name;
  const deleteDate = toDelete ? formatDate(toDelete.created_at) : '';
  return (
    <Card padding="lg" component="section" aria-labelledby="receipts-heading">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="receipts-heading">
            <Trans>Receipts</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Customs needs the invoice or receipt of what you bought.</Trans>
          </Text>
        </div>
        {photos.length > 0 && (
          <FileList label={t`Warehouse photos`} files={photos.map((r) => r.file)} meta={meta} />
        )}
        {documents.length === 0 ? (
          <Text c="dimmed">
            <Trans>No receipts on this package yet.</Trans>
          </Text>
        ) : (
          <FileList
            label={t`Receipts`}
            files={documents.map((r) => r.file)}
            meta={meta}
            actions={(file) => {
              const receipt = byFile.get(file.id);
              const fileName = file.name;
              return receipt ? (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  aria-label={t`Delete ${fileName}`}
                  onClick={() => setToDelete(receipt)}
                >
                  <Trans>Delete</Trans>
                </Button>
              ) : null;
            }}
          />
        )}
        <ReceiptUpload packageId={packageId} label={label} />
      </Stack>
      <Modal
        opened={toDelete !== null}
        onClose={() => (remove.isPending ? undefined : setToDelete(null))}
        title={t`Delete receipt?`}
        centered
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <Stack gap="md">
          <Text>
            <Trans>
              {deleteName} ({deleteDate}) will be removed from this package. This cannot be undone.
            </Trans>
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToDelete(null)} disabled={remove.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() => toDelete && confirmDelete(toDelete)}
            >
              <Trans>Delete receipt</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
