import '@mantine/dropzone/styles.css';
import { Trans } from '@lingui/react/macro';
import { Button, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';
import { FILE_ACCEPT } from './file-rules';

export interface DropAreaProps {
  inputId: string;
  /** The file input's accessible name (react-dropzone's default "file upload" would hide the visible label). */
  label: string;
  describedBy: string;
  disabled?: boolean | undefined;
  onFiles: (files: File[]) => void;
  /** The input's `accept`; the receipt types by default. */
  accept?: string;
  multiple?: boolean;
  /** On a phone, open this camera at once (a parcel's photo: the back camera, "environment"). */
  capture?: 'environment' | 'user';
  /** The button's words ("Choose files"). */
  chooseLabel?: string;
  icon?: ReactNode;
}

/**
 * The drop target (Mantine Dropzone, fetched only where files are picked). Every dropped file is handed on:
 * the caller checks type, size and count so each refusal gets its own message. Keyboard users reach the
 * choose button; the file input itself is labelled by the caller's visible label.
 */
export default function DropArea({
  inputId,
  label,
  describedBy,
  disabled,
  onFiles,
  accept = FILE_ACCEPT,
  multiple = true,
  capture,
  chooseLabel,
  icon = <IconUpload size={32} stroke={1.5} aria-hidden />,
}: DropAreaProps) {
  const openRef = useRef<() => void>(null);
  return (
    <Dropzone
      onDrop={onFiles}
      onReject={(rejections) => onFiles(rejections.map((r) => r.file))}
      activateOnKeyboard={false}
      enablePointerEvents
      disabled={disabled}
      multiple={multiple}
      inputProps={{
        id: inputId,
        accept,
        'aria-label': label,
        'aria-describedby': describedBy,
        ...(capture ? { capture } : {}),
      }}
      openRef={openRef}
      p="lg"
    >
      <Stack align="center" gap={6} ta="center">
        {icon}
        <Text>{multiple ? <Trans>Drag files here, or</Trans> : <Trans>Drag a file here, or</Trans>}</Text>
        <Button
          variant="light"
          disabled={disabled}
          onClick={(event) => {
            event.stopPropagation();
            openRef.current?.();
          }}
        >
          {chooseLabel ?? <Trans>Choose files</Trans>}
        </Button>
      </Stack>
    </Dropzone>
  );
}
