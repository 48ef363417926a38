import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

/**
 * The camera reading a barcode or QR code (a label at intake, a pickup pass at the counter). The decoder is imported
 * only now (not in the entry bundle); the stream stops when a code is read or the dialog closes. `title` and
 * `fallback` say what is scanned and what to do without a camera.
 */
export function CameraScan({
  opened,
  onClose,
  onCode,
  title,
  fallback,
}: {
  opened: boolean;
  onClose: () => void;
  onCode: (code: string) => void;
  title?: string;
  fallback?: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setError(null);
    let stream: MediaStream | undefined;
    let stop: (() => void) | undefined;
    let cancelled = false;
    (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia)
          throw new Error(t`This browser cannot use the camera here`);
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        const el = video.current;
        if (cancelled || !el) return;
        el.srcObject = stream;
        await el.play();
        const { startBarcodeScan } = await import('./barcode');
        if (cancelled) return;
        stop = await startBarcodeScan(el, (code) => onCode(code));
      } catch (e) {
        setError(e instanceof Error ? e.message : t`The camera could not be started`);
      }
    })();
    return () => {
      cancelled = true;
      stop?.();
      for (const t of stream?.getTracks() ?? []) t.stop();
    };
  }, [opened, onCode, t]);

  return (
    <Modal opened={opened} onClose={onClose} title={title ?? t`Scan the label's barcode`} size="lg">
      <Stack>
        {error ? (
          <Alert color="red" title={t`No camera`}>
            {error}. {fallback ?? t`Type the tracking number or use the handheld scanner instead.`}
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            <Trans>
              Hold the barcode in the frame: Code 128, Code 39, QR, Data Matrix, ITF, UPC and EAN are read.
            </Trans>
          </Text>
        )}
        <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8, background: '#000' }} />
        <Button variant="default" size="md" onClick={onClose}>
          <Trans>Cancel</Trans>
        </Button>
      </Stack>
    </Modal>
  );
}
