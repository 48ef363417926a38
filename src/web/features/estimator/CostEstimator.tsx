import '@mantine/core/styles/NumberInput.css';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalculator } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ESTIMATE_LIMITS } from '../../../contract/constants';
import type { DutyCalculatorBody, ShippingMethod } from '../../../contract/duty';
import { usePageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryStates';
import { isApiError } from '../../lib/api/api-error';
import { applyServerErrors } from '../../lib/form';
import { formatRate } from '../../lib/money/money';
import { dutyCategoriesQueryOptions } from './api';
import { EstimateResult } from './components/EstimateResult';
import { useEstimate } from './hooks';

export interface EstimatorValues {
  category_id: string | null;
  value_usd: number | string;
  weight_lb: number | string;
  shipping_method: ShippingMethod;
}

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** The same rules as the server's, in plain code (the contract's zod schema would weigh on this chunk). */
function positive(what: string, { max, tooLarge }: { max: number; tooLarge: string }) {
  return (value: number | string) => {
    const n = typeof value === 'number' ? value : Number.NaN;
    if (!Number.isFinite(n) || n <= 0) return `Enter the ${what}`;
    if (n > max) return tooLarge;
    if (!twoDecimals(n)) return 'Use at most 2 decimals';
    return null;
  };
}

export function toEstimatorBody(values: EstimatorValues): DutyCalculatorBody {
  return {
    category_id: Number(values.category_id),
    value_usd: Number(values.value_usd),
    weight_lb: Number(values.weight_lb),
    shipping_method: values.shipping_method,
  };
}

/**
 * Why an estimate failed, in the server's words: its messages for fields the form has are on those fields (null
 * here); any other refusal says what the server said, not a bare "Validation failed".
 */
export function estimateFailure(form: Parameters<typeof applyServerErrors>[0], e: unknown): string | null {
  const message = applyServerErrors(form, e, 'The estimate failed. Please try again.');
  if (message === null || !isApiError(e)) return message;
  const unplaced = Object.entries(e.fieldErrors)
    .filter(([field]) => !(field.replace(/^body\./, '') in form.values))
    .flatMap(([, messages]) => messages);
  return unplaced.length > 0 ? unplaced.join(' ') : message;
}

/** /user/packages/cost-estimator: landed cost of a purchase before buying it, every line shown. */
export function CostEstimator() {
  usePageTitle('Cost estimator');
  const categories = useQuery(dutyCategoriesQueryOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EstimatorValues>({
    mode: 'controlled',
    initialValues: { category_id: null, value_usd: '', weight_lb: '', shipping_method: 'air' },
    validate: {
      category_id: (v) => (v ? null : 'Choose a category'),
      value_usd: positive('value in US dollars', ESTIMATE_LIMITS.valueUsd),
      weight_lb: positive('weight in pounds', ESTIMATE_LIMITS.weightLb),
    },
  });
  const estimate = useEstimate();

  const categoryData = (categories.data ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.name} (duty ${formatRate(c.duty_rate)})`,
  }));

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Cost estimator
        </Title>
        <Text c="dimmed">Freight, handling and Jamaica Customs charges for an item, before you buy it.</Text>
      </div>

      <Card padding="lg" component="section" aria-labelledby="estimator-form-heading">
        <Title order={2} fz="lg" id="estimator-form-heading" mb="md">
          Your item
        </Title>
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            setFormError(null);
            estimate.mutate(toEstimatorBody(values), {
              onError: (e) => setFormError(estimateFailure(form, e)),
            });
          })}
        >
          <Stack gap="md">
            {categories.isError ? (
              <QueryError
                title="Could not load the categories"
                error={categories.error}
                onRetry={() => void categories.refetch()}
              />
            ) : categories.isPending ? (
              <Stack gap={4} aria-busy="true" aria-label="Loading categories">
                <Text size="sm" fw={500}>
                  Category
                </Text>
                <Skeleton h={36} />
              </Stack>
            ) : (
              <Select
                label="Category"
                placeholder="What is it?"
                description="The kind of goods sets the duty rate."
                data={categoryData}
                searchable
                required
                // Picking the chosen category again keeps it (Mantine would clear it).
                allowDeselect={false}
                nothingFoundMessage="No category matches"
                comboboxProps={{ withinPortal: true }}
                key={form.key('category_id')}
                {...form.getInputProps('category_id')}
              />
            )}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <NumberInput
                label="Goods value (US$)"
                description="The price you pay, in US dollars."
                min={0}
                decimalScale={2}
                thousandSeparator=","
                prefix="US$"
                required
                inputMode="decimal"
                key={form.key('value_usd')}
                {...form.getInputProps('value_usd')}
              />
              <NumberInput
                label="Weight (lb)"
                description="Rounded up to a whole pound."
                min={0}
                decimalScale={2}
                suffix=" lb"
                required
                inputMode="decimal"
                key={form.key('weight_lb')}
                {...form.getInputProps('weight_lb')}
              />
            </SimpleGrid>
            <Radio.Group
              label="Shipping method"
              description="Sea is cheaper on insurance, slower to arrive."
              required
              key={form.key('shipping_method')}
              {...form.getInputProps('shipping_method')}
            >
              <Group gap="lg" mt="xs">
                <Radio value="air" label="Air" />
                <Radio value="sea" label="Sea" />
              </Group>
            </Radio.Group>
            {formError && (
              <Alert color="red" variant="light" role="alert" title="No estimate">
                {formError}
              </Alert>
            )}
            <Group>
              <Button
                type="submit"
                loading={estimate.isPending}
                leftSection={<IconCalculator size={18} aria-hidden />}
              >
                Estimate the cost
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      {estimate.isPending && !estimate.data ? (
        <Skeleton h={360} radius="md" aria-busy="true" aria-label="Calculating the estimate" />
      ) : estimate.data ? (
        <EstimateResult estimate={estimate.data} />
      ) : null}
    </Stack>
  );
}
