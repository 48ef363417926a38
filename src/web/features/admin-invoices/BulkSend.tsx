import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, List, Paper, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { INVOICE_BULK_MAX } from '../../../contract/constants';
import type { BulkResult } from './hooks';

/** The selection's bar: how many, clear, send them all (at most INVOICE_BULK_MAX at once). */
export function BulkSendBar({
  count,
  sending,
  onClear,
  onSend,
}: {
  count: number;
  sending: boolean;
  onClear: () => void;
  onSend: () => void;
}) {
  const { t } = useLingui();
  if (count === 0) return null;
  const max = INVOICE_BULK_MAX;
  return (
    <Paper withBorder p="sm" component="section" aria-label={t`Selected invoices`}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600} aria-live="polite">
          <Trans>{count} selected</Trans>
        </Text>
        <Group gap="sm">
          <Button variant="default" size="sm" onClick={onClear}>
            <Trans>Clear selection</Trans>
          </Button>
          <Button
            size="sm"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={sending}
            disabled={count > INVOICE_BULK_MAX}
            onClick={onSend}
          >
            <Trans>Send selected</Trans>
          </Button>
        </Group>
      </Group>
      {count > INVOICE_BULK_MAX && (
        <Text size="sm" c="red.9" mt={4}>
          <Trans>At most {max} at once.</Trans>
        </Text>
      )}
    </Paper>
  );
}

/** What a bulk send did: how many were queued, and each one refused with why. */
export function BulkSendResult({ result, onClose }: { result: BulkResult | null; onClose: () => void }) {
  const { t } = useLingui();
  if (!result) return null;
  const sent = result.sent;
  const failed = result.failed.length;
  return (
    <Alert
      color={result.failed.length ? 'orange' : 'green'}
      variant="light"
      title={failed ? t`${sent} queued to send, ${failed} not sent` : t`${sent} queued to send`}
      withCloseButton
      closeButtonLabel={t`Dismiss`}
      onClose={onClose}
      role="status"
      data-testid="bulk-result"
    >
      {result.failed.length > 0 && (
        <List size="sm">
          {result.failed.map((f) => (
            <List.Item key={f.id}>
              {f.number ?? t`Draft`}: {f.reason}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
