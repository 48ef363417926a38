import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Box, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { IconFile, IconX } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import type { DropAreaProps } from './DropArea';
import { formatBytes } from './file-rules';

const DropArea = lazy(() => import('./DropArea'));

/** The drop area, fetched when first shown (Mantine Dropzone and its styles stay out of the entry bundle). */
export function LazyDropArea(props: DropAreaProps) {
  return (
    <Suspense
      fallback={
        <Paper withBorder p="lg" ta="center" style={{ borderStyle: 'dashed' }}>
          <Text c="dimmed">
            <Trans>Loading the file picker…</Trans>
          </Text>
        </Paper>
      }
    >
      <DropArea {...props} />
    </Suspense>
  );
}

/**
 * One file, dropped or chosen (a parcel's photo, a CSV to import): the label, a hint, the drop area, and once a
 * file is chosen its name with a button to take it away. The caller checks the file and says what is wrong.
 */
export function FileDrop({
  label,
  hint,
  accept,
  capture,
  chooseLabel,
  icon,
  file,
  onFile,
  error,
  disabled,
}: {
  /** Visible label; also the file input's accessible name. */
  label: string;
  hint: ReactNode;
  accept: string;
  capture?: 'environment' | 'user';
  chooseLabel: string;
  icon?: ReactNode;
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string | null | undefined;
  disabled?: boolean;
}) {
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Stack gap={6}>
      <Box>
        <Input.Label htmlFor={inputId}>{label}</Input.Label>
        <Input.Description id={hintId}>{hint}</Input.Description>
      </Box>
      <LazyDropArea
        inputId={inputId}
        label={label}
        describedBy={error ? `${hintId} ${errorId}` : hintId}
        disabled={disabled}
        onFiles={(files) => onFile(files[0] ?? null)}
        accept={accept}
        multiple={false}
        capture={capture}
        chooseLabel={chooseLabel}
        icon={icon}
      />
      {error && (
        <Input.Error id={errorId} role="alert">
          {error}
        </Input.Error>
      )}
      {file && <ChosenFile file={file} disabled={disabled} onRemove={() => onFile(null)} />}
    </Stack>
  );
}

/** A chosen file: its name and size, and a button to take it away. */
export function ChosenFile({
  file,
  disabled,
  onRemove,
  component = 'div',
}: {
  file: File;
  disabled?: boolean | undefined;
  onRemove: () => void;
  /** `li` inside a list of chosen files. */
  component?: 'div' | 'li';
}) {
  const { t } = useLingui();
  const name = file.name;
  return (
    <Paper component={component} withBorder px="sm" py={6}>
      <Group gap="sm" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconFile size={18} aria-hidden style={{ flex: 'none' }} />
          <Text size="sm" truncate>
            {file.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
            {formatBytes(file.size)}
          </Text>
        </Group>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t`Remove ${name}`}
          disabled={disabled}
          onClick={onRemove}
        >
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
