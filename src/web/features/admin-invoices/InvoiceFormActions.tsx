import './i18n';
import { Trans } from '@lingui/react/macro';
import { Button, Group, Paper, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { InvoiceDetail } from '../../../contract/invoices';

/** Always at hand on a long invoice: the server's total, Cancel, and the form's save buttons (`children`). */
export function InvoiceFormActions({
  invoice,
  total,
  ready,
  busy,
  children,
}: {
  invoice: InvoiceDetail | null;
  total: string;
  /** False while the server prices the form anew: the total is dimmed. */
  ready: boolean;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      shadow="sm"
      p="sm"
      pos={{ base: 'static', sm: 'sticky' }}
      bottom={0}
      style={{ zIndex: 3 }}
      data-testid="invoice-actions"
    >
      <Group justify="space-between" gap="sm">
        <Text fw={700} data-testid="bar-total" c={ready ? undefined : 'dimmed'}>
          <Trans>Total {total}</Trans>
        </Text>
        <Group gap="sm" justify="flex-end">
          <Button
            variant="subtle"
            disabled={busy}
            renderRoot={(props) =>
              invoice ? (
                <Link to="/admin/invoice/preview/$id" params={{ id: invoice.id }} {...props} />
              ) : (
                <Link to="/admin/invoice/list" {...props} />
              )
            }
          >
            <Trans>Cancel</Trans>
          </Button>
          {children}
        </Group>
      </Group>
    </Paper>
  );
}
