import { useLingui } from '@lingui/react/macro';
import { Box, Input, Stack } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { ChosenFile, LazyDropArea } from './FileDrop';
import { addFiles, fileHint } from './file-rules';

export interface FilePickerProps {
  /** Visible label; also the accessible name of the file input. */
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  /** The form's message for the whole set (e.g. none chosen). */
  error?: string | null | undefined;
  disabled?: boolean | undefined;
}

/** Pick 1–5 receipt files: drop or choose, see each file with a remove button, and why a file was refused. */
export function FilePicker({ label, files, onChange, error, disabled }: FilePickerProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [refusals, setRefusals] = useState<string[]>([]);
  const { t } = useLingui();
  const count = files.length;
  // A reset form (no files left) forgets old refusals too.
  useEffect(() => {
    if (files.length === 0) setRefusals([]);
  }, [files]);

  const add = (incoming: File[]) => {
    const result = addFiles(files, incoming);
    setRefusals(result.errors);
    if (result.files.length !== files.length) onChange(result.files);
  };
  const remove = (index: number) => {
    setRefusals([]);
    onChange(files.filter((_, i) => i !== index));
  };
  const messages = [...(error ? [error] : []), ...refusals];

  return (
    <Stack gap={6}>
      <Box>
        <Input.Label htmlFor={inputId}>{label}</Input.Label>
        <Input.Description id={hintId}>{fileHint()}</Input.Description>
      </Box>
      <LazyDropArea
        inputId={inputId}
        label={label}
        describedBy={messages.length > 0 ? `${hintId} ${errorId}` : hintId}
        disabled={disabled}
        onFiles={add}
      />
      {messages.length > 0 && (
        <Stack gap={2} id={errorId} role="alert">
          {messages.map((m) => (
            <Input.Error key={m}>{m}</Input.Error>
          ))}
        </Stack>
      )}
      {files.length > 0 && (
        <Stack
          component="ul"
          gap={6}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t`Chosen files (${count})`}
        >
          {files.map((file, index) => (
            <ChosenFile
              key={`${file.name}-${file.size}-${file.lastModified}`}
              component="li"
              file={file}
              disabled={disabled}
              onRemove={() => remove(index)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
