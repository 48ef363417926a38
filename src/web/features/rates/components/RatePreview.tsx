import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DutyCategory, ShippingMethod } from '../../../../contract/duty';
import { formatMoney } from '../../../../contract/format';
import type { RatePreviewBody, RateSet } from '../../../../contract/rates';
import { ratePreviewQueryOptions } from '../api';

/**
 * "Preview": what a sample parcel would cost under the draft rates, as the estimator would answer it (the server
 * computes it with the estimator's own code). Follows the form as it is typed, a moment after the last key.
 */
export function RatePreview({
  draft,
  categories,
  currency,
}: {
  /** The form's rates, or null while they do not pass the form's checks. */
  draft: RateSet | null;
  categories: DutyCategory[];
  currency: string;
}) {
  const { t } = useLingui();
  const [weight, setWeight] = useState<number | string>(3);
  const [value, setValue] = useState<number | string>(150);
  const [mode, setMode] = useState<ShippingMethod>('air');
  const [picked, setCategoryId] = useState<string | null>(null);
  // Until one is picked, general goods (the categories may arrive after the form).
  const fallback = categories.find((c) => c.code === 'general') ?? categories[0];
  const categoryId = picked ?? (fallback ? String(fallback.id) : null);
  const ready = draft && Number(weight) > 0 && Number(value) > 0 && categoryId;
  const body = ready
    ? {
        rates: draft,
        sample: {
          weight_lb: Number(weight),
          value_usd: Number(value),
          shipping_method: mode,
          category_id: Number(categoryId),
        },
      }
    : null;
  // Debounced by content: the body is a new object on every render, its text only changes with the form.
  const [debounced] = useDebouncedValue(body ? JSON.stringify(body) : null, 300);
  const query = useQuery(
    ratePreviewQueryOptions(debounced ? (JSON.parse(debounced) as RatePreviewBody) : null),
  );
  const shown = query.data?.lines.filter((l) =>
    ['freight', 'handling', 'customs_total', 'total'].includes(l.code),
  );
  return (
    <Card withBorder component="section" aria-labelledby="rate-preview-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="rate-preview-title">
          <Trans>Preview</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>A sample parcel under these rates, as the estimator would price it.</Trans>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label={t`Sample weight (lb)`}
            min={0.01}
            decimalScale={2}
            value={weight}
            onChange={setWeight}
          />
          <NumberInput
            label={t`Sample value (US$)`}
            min={0.01}
            decimalScale={2}
            value={value}
            onChange={setValue}
          />
          <Select
            label={t`Sample category`}
            data={categories.map((c) => ({ value: String(c.id), label: c.name }))}
            value={categoryId}
            onChange={setCategoryId}
            allowDeselect={false}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="sample-mode-label">
              <Trans>Sample mode</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby="sample-mode-label"
              value={mode}
              onChange={(v) => setMode(v as ShippingMethod)}
              data={[
                { value: 'air', label: t`Air` },
                { value: 'sea', label: t`Sea` },
              ]}
            />
          </Stack>
        </SimpleGrid>
        {!draft ? (
          <Text size="sm">
            <Trans>Fix the rates above to see the preview.</Trans>
          </Text>
        ) : query.isError ? (
          <Alert color="red" title={t`No preview`}>
            <Trans>The preview could not be computed for these values.</Trans>
          </Alert>
        ) : shown ? (
          <Table aria-label={t`Preview of the sample parcel`} aria-busy={query.isFetching}>
            <Table.Tbody>
              {shown.map((l) => (
                <Table.Tr key={l.code} data-code={l.code}>
                  <Table.Th scope="row" fw={l.code === 'total' ? 700 : 400}>
                    {l.label}
                  </Table.Th>
                  <Table.Td ta="end" fw={l.code === 'total' ? 700 : 400}>
                    {formatMoney(l.amount_cents, currency)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Group>
            <Text size="sm">
              <Trans>Computing…</Trans>
            </Text>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
