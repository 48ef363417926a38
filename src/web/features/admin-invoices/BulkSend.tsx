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
  if (count === 0) return null;
  return (
    <Paper withBorder p="sm" component="section" aria-label="Selected invoices">
      <Group justify="space-between" gap="sm">
        <Text size="sm" fw={600} aria-live="polite">
          {count} selected
        </Text>
        <Group gap="sm">
          <Button variant="default" size="sm" onClick={onClear}>
            Clear selection
          </Button>
          <Button
            size="sm"
            leftSection={<IconSend size={16} aria-hidden />}
            loading={sending}
            disabled={count > INVOICE_BULK_MAX}
            onClick={onSend}
          >
            Send selected
          </Button>
        </Group>
      </Group>
      {count > INVOICE_BULK_MAX && (
        <Text size="sm" c="red.9" mt={4}>
          At most {INVOICE_BULK_MAX} at once.
        </Text>
      )}
    </Paper>
  );
}

/** What a bulk send did: how many were queued, and each one refused with why. */
export function BulkSendResult({ result, onClose }: { result: BulkResult | null; onClose: () => void }) {
  if (!result) return null;
  return (
    <Alert
      color={result.failed.length ? 'orange' : 'green'}
      variant="light"
      title={`${result.sent} queued to send${result.failed.length ? `, ${result.failed.length} not sent` : ''}`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      role="status"
      data-testid="bulk-result"
    >
      {result.failed.length > 0 && (
        <List size="sm">
          {result.failed.map((f) => (
            <List.Item key={f.id}>
              {f.number ?? 'Draft'}: {f.reason}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
