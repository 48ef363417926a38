import '@mantine/core/styles/Progress.css';
import { useLingui } from '@lingui/react/macro';
import { Group, Progress, Text } from '@mantine/core';

/** The upload's percentage: a labelled progress bar and the number beside it. */
export function UploadProgress({ percent, label }: { percent: number; label?: string }) {
  const { t } = useLingui();
  return (
    <Group gap="sm" wrap="nowrap" aria-live="polite">
      <Progress
        value={percent}
        aria-label={label ?? t`Upload progress`}
        size="lg"
        radius="xl"
        style={{ flex: 1 }}
        animated={percent < 100}
        striped
      />
      <Text fw={600} w={48} ta="end" data-testid="upload-percent">
        {percent}%
      </Text>
    </Group>
  );
}
