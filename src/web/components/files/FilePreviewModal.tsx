import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { FileInfo } from '../../../contract/packages';
import { errorMessage } from '../../lib/api';
import { downloadFile, fetchFileBlob, previewKind } from './file-blob';

type State = { status: 'loading' } | { status: 'ready'; href: string } | { status: 'error'; message: string };

/** Shows one stored file: fetched with the bearer, displayed from an object URL (image or PDF). */
export function FilePreviewModal({ file, onClose }: { file: FileInfo | null; onClose: () => void }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [downloading, setDownloading] = useState(false);
  const [frameBlocked, setFrameBlocked] = useState(false);
  const { t } = useLingui();
  const kind = file ? previewKind(file.content_type) : 'none';

  // A Content-Security-Policy without `frame-src blob:` blocks the inline PDF: offer the new tab instead.
  useEffect(() => {
    const onViolation = (e: SecurityPolicyViolationEvent) => {
      if (e.blockedURI.startsWith('blob') && /frame-src|child-src|default-src/.test(e.effectiveDirective)) {
        setFrameBlocked(true);
      }
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, []);

  useEffect(() => {
    if (!file) return;
    const controller = new AbortController();
    let href: string | null = null;
    setState({ status: 'loading' });
    fetchFileBlob(file.url, { signal: controller.signal })
      .then((blob) => {
        href = URL.createObjectURL(blob);
        setState({ status: 'ready', href });
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted)
          setState({ status: 'error', message: errorMessage(e, t`Could not open the file`) });
      });
    return () => {
      controller.abort();
      if (href) URL.revokeObjectURL(href);
    };
  }, [file, t]);

  return (
    <Modal
      opened={file !== null}
      onClose={onClose}
      title={file?.name ?? t`File`}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      {file && (
        <Stack gap="md">
          {state.status === 'loading' && (
            <Center mih={200}>
              <Loader role="status" aria-label={t`Loading the file`} />
            </Center>
          )}
          {state.status === 'error' && (
            <Alert color="red" variant="light" role="alert" title={t`Could not open the file`}>
              {state.message}
            </Alert>
          )}
          {state.status === 'ready' && kind === 'image' && (
            <Image src={state.href} alt={file.name} fit="contain" mah="70vh" />
          )}
          {state.status === 'ready' && kind === 'pdf' && frameBlocked && (
            <Text>
              <Trans>This PDF cannot be shown inside the page. Open it in a new tab, or download it.</Trans>
            </Text>
          )}
          {state.status === 'ready' && kind === 'pdf' && !frameBlocked && (
            <iframe src={state.href} title={file.name} style={{ width: '100%', height: '70vh', border: 0 }} />
          )}
          {state.status === 'ready' && kind === 'none' && (
            <Text>
              <Trans>This file type cannot be shown in the browser. Download it to open it.</Trans>
            </Text>
          )}
          <Group justify="space-between" gap="sm">
            {state.status === 'ready' ? (
              <Anchor href={state.href} target="_blank" rel="noopener">
                <Trans>Open in a new tab</Trans>
              </Anchor>
            ) : (
              <span />
            )}
            <Button
              variant="light"
              loading={downloading}
              onClick={async () => {
                setDownloading(true);
                try {
                  await downloadFile(file);
                } finally {
                  setDownloading(false);
                }
              }}
            >
              <Trans>Download</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
