import '../i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';

/** Why paying cannot start now: the browser is offline, or the server does not answer (lib/api/reachability). */
export type PayBlocked = 'offline' | 'unreachable' | null;

export const PAY_BLOCKED_TEXT: Record<Exclude<PayBlocked, null>, MessageDescriptor> = {
  offline: msg`Paying needs a connection: you're offline`,
  unreachable: msg`Paying needs a connection: can't reach the server right now`,
};

/**
 * The button that starts an online payment (the provider's page opens in this tab). Offline it stays in sight,
 * disabled, and says why underneath (never a spinner that waits for a network that is not there); while the
 * checkout is being made it shows it is busy, so a second click starts nothing.
 */
export function PayButton({
  label,
  blocked,
  starting,
  error,
  onPay,
  variant = 'filled',
  note,
}: {
  label: string;
  blocked: PayBlocked;
  starting: boolean;
  error: string | null;
  onPay: () => void;
  variant?: 'filled' | 'light' | undefined;
  /** A line under the button (what it pays in all). */
  note?: ReactNode;
}) {
  const hintId = useId();
  const { i18n, t } = useLingui();
  return (
    <Stack gap={4} align="flex-start" data-print-hide>
      <Button
        size="md"
        variant={variant}
        leftSection={<IconCreditCard size={18} aria-hidden />}
        disabled={blocked !== null}
        loading={starting && blocked === null}
        aria-describedby={blocked ? hintId : undefined}
        onClick={() => {
          if (!starting) onPay();
        }}
      >
        {label}
      </Button>
      {note}
      {blocked && (
        <Text size="sm" c="dimmed" id={hintId}>
          {i18n._(PAY_BLOCKED_TEXT[blocked])}
        </Text>
      )}
      {error && !blocked && (
        <Alert color="red" variant="light" role="alert" title={t`The payment could not start`}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
