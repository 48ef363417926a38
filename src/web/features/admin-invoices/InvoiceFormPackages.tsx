import '@mantine/core/styles/Checkbox.css';
import './i18n';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Card, Checkbox, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { UnbilledPackage } from '../../../contract/invoices';
import { LoadingRows, QueryError } from '../../components/QueryStates';
import { formatWeight } from '../../lib/format';
import { formatUsd } from '../../lib/money/money';
import { unbilledQueryOptions } from './form-api';
import { hasPackage, type LineValues } from './form-values';

function useFacts(): (p: UnbilledPackage) => string {
  const { t } = useLingui();
  return (p) => {
    const declared = p.declared_value_usd_cents === null ? null : formatUsd(p.declared_value_usd_cents);
    const category = p.category;
    return [
      p.weight_lb === null ? t`not weighed` : formatWeight(p.weight_lb),
      declared === null ? t`no declared value` : t`${declared} declared`,
      category ? t`duty category ${category}` : null,
      plural({ lines: p.lines.length }, { one: '# line', other: '# lines' }),
    ]
      .filter(Boolean)
      .join(' · ');
  };
}

/**
 * "Add from packages": the customer's packages on no invoice yet. Ticking one adds the lines the server computed for
 * it (freight, handling, customs, storage) to the end of the invoice; unticking takes them off again.
 */
export function InvoiceFormPackages({
  customerId,
  lines,
  onToggle,
  disabled,
}: {
  customerId: string;
  lines: LineValues[];
  onToggle: (pkg: UnbilledPackage) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const facts = useFacts();
  const query = useQuery(unbilledQueryOptions(customerId));
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="invoice-packages-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="invoice-packages-title">
            <Trans>Add from packages</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>
              The customer’s packages on no invoice yet. Each adds its freight, handling and customs lines,
              priced from the company’s settings with the estimator’s calculator.
            </Trans>
          </Text>
        </div>
        {!customerId ? (
          <Text size="sm">
            <Trans>Choose the customer to see their packages.</Trans>
          </Text>
        ) : query.isPending ? (
          <LoadingRows label={t`Loading the customer’s packages`} count={3} h={40} />
        ) : query.isError ? (
          <QueryError
            title={t`The packages could not be loaded`}
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        ) : query.data.length === 0 ? (
          <Alert color="gray" variant="light" title={t`Nothing to bill`}>
            <Trans>Every package of this customer is on an invoice already.</Trans>
          </Alert>
        ) : (
          <ScrollArea.Autosize mah={380} type="auto" offsetScrollbars>
            <Stack
              gap="xs"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={t`Unbilled packages`}
            >
              {query.data.map((p) => (
                <li key={p.id} data-package-id={p.id}>
                  <Checkbox
                    checked={hasPackage(lines, p.id)}
                    onChange={() => onToggle(p)}
                    disabled={disabled || p.lines.length === 0}
                    label={
                      <Text span fw={500} style={{ overflowWrap: 'anywhere' }}>
                        <bdi>{p.tracking_number}</bdi> · {p.description || t`No description`}
                      </Text>
                    }
                    description={
                      <>
                        <span>{facts(p)}</span>
                        {p.warnings.map((w) => (
                          <Text key={w} span display="block" size="sm" c="red.9" mt={2}>
                            <IconAlertTriangle size={14} aria-hidden style={{ verticalAlign: '-2px' }} /> {w}
                          </Text>
                        ))}
                      </>
                    }
                  />
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Card>
  );
}
