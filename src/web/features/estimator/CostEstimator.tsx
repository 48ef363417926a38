import '@mantine/core/styles/NumberInput.css';
import './i18n';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

/**
 * The same rules as the server's, in plain code (the contract's zod schema would weigh on this chunk). The words
 * are given already translated (the form's validators are made while rendering).
 */
function positive({ max }: { max: number }, words: { required: string; tooLarge: string; decimals: string }) {
  return (value: number | string) => {
    const n = typeof value === 'number' ? value : Number.NaN;
    if (!Number.isFinite(n) || n <= 0) return words.required;
    if (n > max) return words.tooLarge;
    if (!twoDecimals(n)) return words.decimals;
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
  // Outside a component: the app's i18n instance speaks the current language.
  const message = applyServerErrors(form, e, i18n._(msg`The estimate failed. Please try again.`));
  if (message === null || !isApiError(e)) return message;
  const unplaced = Object.entries(e.fieldErrors)
    .filter(([field]) => !(field.replace(/^body\./, '') in form.values))
    .flatMap(([, messages]) => messages);
  return unplaced.length > 0 ? unplaced.join(' ') : message;
}

/** /user/packages/cost-estimator: landed cost of a purchase before buying it, every line shown. */
export function CostEstimator() {
  const { t } = useLingui();
  usePageTitle(t`Cost estimator`);
  const decimals = t`Use at most 2 decimals`;
  const categories = useQuery(dutyCategoriesQueryOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<EstimatorValues>({
    mode: 'controlled',
    initialValues: { category_id: null, value_usd: '', weight_lb: '', shipping_method: 'air' },
    validate: {
      category_id: (v) => (v ? null : t`Choose a category`),
      value_usd: positive(ESTIMATE_LIMITS.valueUsd, {
        required: t`Enter the value in US dollars`,
        tooLarge: t`The value is too large for an estimate`,
        decimals,
      }),
      weight_lb: positive(ESTIMATE_LIMITS.weightLb, {
        required: t`Enter the weight in pounds`,
        tooLarge: t`The weight is too large for an estimate`,
        decimals,
      }),
    },
  });
  const estimate = useEstimate();

  const categoryData = (categories.data ?? []).map((c) => {
    const name = c.name;
    const rate = formatRate(c.duty_rate);
    return { value: String(c.id), label: t`${name} (duty ${rate})` };
  });

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          <Trans>Cost estimator</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>Freight, handling and Jamaica Customs charges for an item, before you buy it.</Trans>
        </Text>
      </div>

      <Card padding="lg" component="section" aria-labelledby="estimator-form-heading">
        <Title order={2} fz="lg" id="estimator-form-heading" mb="md">
          <Trans>Your item</Trans>
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
                title={t`Could not load the categories`}
                error={categories.error}
                onRetry={() => void categories.refetch()}
              />
            ) : categories.isPending ? (
              <Stack gap={4} role="status" aria-busy="true" aria-label={t`Loading categories`}>
                <Text size="sm" fw={500}>
                  <Trans>Category</Trans>
                </Text>
                <Skeleton h={36} />
              </Stack>
            ) : (
              <Select
                label={t`Category`}
                placeholder={t`What is it?`}
                description={t`The kind of goods sets the duty rate.`}
                data={categoryData}
                searchable
                required
                // Picking the chosen category again keeps it (Mantine would clear it).
                allowDeselect={false}
                nothingFoundMessage={t`No category matches`}
                comboboxProps={{ withinPortal: true }}
                key={form.key('category_id')}
                {...form.getInputProps('category_id')}
              />
            )}
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <NumberInput
                label={t`Goods value (US$)`}
                description={t`The price you pay, in US dollars.`}
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
                label={t`Weight (lb)`}
                description={t`Rounded up to a whole pound.`}
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
              label={t`Shipping method`}
              description={t`Sea is cheaper on insurance, slower to arrive.`}
              required
              key={form.key('shipping_method')}
              {...form.getInputProps('shipping_method')}
            >
              <Group gap="lg" mt="xs">
                <Radio value="air" label={t`Air`} />
                <Radio value="sea" label={t`Sea`} />
              </Group>
            </Radio.Group>
            {formError && (
              <Alert color="red" variant="light" role="alert" title={t`No estimate`}>
                {formError}
              </Alert>
            )}
            <Group>
              <Button
                type="submit"
                loading={estimate.isPending}
                leftSection={<IconCalculator size={18} aria-hidden />}
              >
                <Trans>Estimate the cost</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>

      {estimate.isPending && !estimate.data ? (
        <Skeleton
          h={360}
          radius="md"
          role="status"
          aria-busy="true"
          aria-label={t`Calculating the estimate`}
        />
      ) : estimate.data ? (
        <EstimateResult estimate={estimate.data} />
      ) : null}
    </Stack>
  );
}
