import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatRate } from '../../../contract/format';
import type { InvoicePreview } from '../../../contract/invoices';
import { errorMessage } from '../../lib/api';
import { formatAmount } from '../../lib/money/money';

export type TotalsState = 'ready' | 'updating' | 'invalid' | 'error';

function Row({
  label,
  cents,
  currency,
  testId,
  strong,
  negative,
}: {
  label: string;
  cents: number;
  currency: string;
  testId: string;
  strong?: boolean;
  negative?: boolean;
}) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Text
        size={strong ? 'lg' : 'sm'}
        fw={strong ? 700 : 500}
        ff="monospace"
        data-testid={testId}
        data-cents={cents}
      >
        {negative && cents > 0 ? '−' : ''}
        {formatAmount(cents, currency)}
      </Text>
    </Group>
  );
}

/**
 * The invoice's totals exactly as the server priced the form (the preview call): never added up here. While the
 * form has changed since the last answer the figures are dimmed and marked busy.
 */
export function InvoiceFormTotals({
  preview,
  state,
  error,
  onRetry,
  taxLabel,
}: {
  preview: InvoicePreview | undefined;
  state: TotalsState;
  error: unknown;
  onRetry: () => void;
  taxLabel: string;
}) {
  const { t } = useLingui();
  const stale = state !== 'ready';
  const rate = preview ? formatRate(preview.tax_rate) : '';
  const currency = preview?.currency ?? 'JMD';
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="invoice-totals-title">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="invoice-totals-title">
            <Trans>Totals</Trans>
          </Title>
          <Group gap={6} aria-live="polite" data-testid="totals-state" data-state={state}>
            {state === 'updating' && (
              <>
                <Loader size={14} aria-hidden />
                <Text size="sm" c="dimmed">
                  <Trans>Updating…</Trans>
                </Text>
              </>
            )}
            {state === 'ready' && preview && (
              <Text size="sm" c="dimmed">
                <Trans>Up to date</Trans>
              </Text>
            )}
          </Group>
        </Group>
        {state === 'invalid' && (
          <Text size="sm" c="red.9">
            <Trans>
              The totals wait for a valid quantity and price on every line, and a valid discount and tax rate.
            </Trans>
          </Text>
        )}
        {state === 'error' && (
          <Alert color="red" variant="light" title={t`The totals could not be computed`} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={onRetry}>
                <Trans>Try again</Trans>
              </Button>
            </Stack>
          </Alert>
        )}
        {preview ? (
          <Stack
            gap={6}
            aria-busy={stale || undefined}
            style={{ opacity: stale ? 0.55 : 1, transition: 'opacity 120ms' }}
            data-testid="totals"
            data-stale={stale || undefined}
          >
            <Row
              label={t`Services`}
              cents={preview.service_cents}
              currency={currency}
              testId="total-service"
            />
            <Row
              label={t`Customs and duty`}
              cents={preview.customs_cents}
              currency={currency}
              testId="total-customs"
            />
            <Row
              label={t`Subtotal`}
              cents={preview.subtotal_cents}
              currency={currency}
              testId="total-subtotal"
            />
            <Row
              label={t`Discount`}
              cents={preview.discount_cents}
              currency={currency}
              testId="total-discount"
              negative
            />
            <Row
              label={t`${taxLabel} (${rate})`}
              cents={preview.tax_cents}
              currency={currency}
              testId="total-tax"
            />
            <Divider />
            <Row label={t`Total`} cents={preview.total_cents} currency={currency} testId="total" strong />
          </Stack>
        ) : (
          state !== 'error' &&
          state !== 'invalid' && (
            <Text size="sm" c="dimmed">
              <Trans>Computing…</Trans>
            </Text>
          )
        )}
      </Stack>
    </Card>
  );
}
