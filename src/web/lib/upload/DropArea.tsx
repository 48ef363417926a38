import '@mantine/dropzone/styles.css';
import { Button, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { FILE_ACCEPT } from './file-rules';

export interface DropAreaProps {
  inputId: string;
  /** The file input's accessible name (react-dropzone's default "file upload" would hide the visible label). */
  label: string;
  describedBy: string;
  disabled?: boolean | undefined;
  onFiles: (files: File[]) => void;
}

/**
 * The drop target (Mantine Dropzone, fetched only where files are picked). Every dropped file is handed on:
 * the caller checks type, size and count so each refusal gets its own message. Keyboard users reach the
 * "Choose files" button; the file input itself is labelled by the caller's visible label.
 */
export default function DropArea({ inputId, label, describedBy, disabled, onFiles }: DropAreaProps) {
  const openRef = useRef<() => void>(null);
  return (
    <Dropzone
      onDrop={onFiles}
      onReject={(rejections) => onFiles(rejections.map((r) => r.file))}
      activateOnKeyboard={false}
      enablePointerEvents
      disabled={disabled}
      inputProps={{ id: inputId, accept: FILE_ACCEPT, 'aria-label': label, 'aria-describedby': describedBy }}
      openRef={openRef}
      p="lg"
    >
      <Stack align="center" gap={6} ta="center">
        <IconUpload size={32} stroke={1.5} aria-hidden />
        <Text>Drag files here, or</Text>
        <Button
          variant="light"
          disabled={disabled}
          onClick={(event) => {
            event.stopPropagation();
            openRef.current?.();
          }}
        >
          Choose files
        </Button>
      </Stack>
    </Dropzone>
  );
}
