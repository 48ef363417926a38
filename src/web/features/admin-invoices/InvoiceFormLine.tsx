import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/NumberInput.css';
import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { currencySymbol } from '../../../contract/format';
import { invoiceLineTypes } from '../../../contract/invoices';
import { INVOICE_LINE_TYPE_LABELS } from '../../../contract/invoices-paper';
import { ToneBadge } from '../../components/ToneBadge';
import { formatAmount } from '../../lib/money/money';
import type { InvoiceFormValues } from './form-values';

/** A line's total as the server priced it; `stale` while the form has changed since. */
export type LineTotal = { cents: number; stale: boolean };

/** Move the line up or down, or remove it (each button names its line). */
function LineButtons({
  n,
  first,
  last,
  disabled,
  onMove,
  onRemove,
}: {
  n: number;
  first: boolean;
  last: boolean;
  disabled: boolean | undefined;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useLingui();
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap" pb={4}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t`Move line ${n} up`}
        data-move="up"
        disabled={disabled || first}
        onClick={() => onMove(-1)}
      >
        <IconArrowUp size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t`Move line ${n} down`}
        data-move="down"
        disabled={disabled || last}
        onClick={() => onMove(1)}
      >
        <IconArrowDown size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="default"
        color="red"
        size="lg"
        aria-label={t`Remove line ${n}`}
        data-remove
        disabled={disabled}
        onClick={onRemove}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** One line of the form: type, quantity, description, unit price, the server's total; move up, down, remove. */
export function InvoiceFormLine({
  form,
  index,
  count,
  total,
  currency,
  packageLabel,
  disabled,
  onMove,
  onRemove,
  onKeyDown,
}: {
  form: UseFormReturnType<InvoiceFormValues>;
  index: number;
  count: number;
  total: LineTotal | undefined;
  currency: string;
  /** "Package 1Z…" on the first line of a package's run of lines. */
  packageLabel: string | null;
  disabled: boolean | undefined;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onKeyDown: (e: KeyboardEvent<HTMLElement>) => void;
}) {
  const { t } = useLingui();
  const line = form.getValues().lines[index];
  if (!line) return null;
  const n = index + 1;
  const symbol = currencySymbol(currency);
  // Read each render: the contract's labels follow the current language.
  const types = invoiceLineTypes.map((type) => ({ value: type, label: INVOICE_LINE_TYPE_LABELS[type] }));
  const named = (label: string) => (
    <>
      {label}
      <VisuallyHidden>
        <Trans>, line {n}</Trans>
      </VisuallyHidden>
    </>
  );
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      data-line-key={line.key}
      data-line-type={line.type}
      data-package-id={line.package_id ?? ''}
      onKeyDown={onKeyDown}
      aria-label={t`Line ${n}`}
    >
      <Grid columns={24} gap="xs" align="flex-end">
        <Grid.Col span={{ base: 14, md: 4 }} order={1}>
          <Select
            label={named(t`Type`)}
            data={types}
            allowDeselect={false}
            disabled={disabled}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps(`lines.${index}.type`)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 10, md: 2 }} order={{ base: 2, md: 3 }}>
          <NumberInput
            label={named(t`Quantity`)}
            min={1}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            disabled={disabled}
            data-field="quantity"
            {...form.getInputProps(`lines.${index}.quantity`)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 24, md: 8 }} order={{ base: 3, md: 2 }}>
          <TextInput
            label={named(t`Description`)}
            autoComplete="off"
            disabled={disabled}
            data-field="description"
            {...form.getInputProps(`lines.${index}.description`)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={4}>
          <NumberInput
            label={named(t`Unit price (${symbol})`)}
            min={0}
            decimalScale={2}
            fixedDecimalScale
            thousandSeparator=","
            allowNegative={false}
            hideControls
            disabled={disabled}
            data-field="unit_price"
            {...form.getInputProps(`lines.${index}.unit_price`)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }} order={5}>
          <Text size="sm" fw={500} component="div">
            {named(t`Line total`)}
          </Text>
          <Text
            ta="end"
            py={6}
            ff="monospace"
            data-testid="line-total"
            data-cents={total && !total.stale ? total.cents : ''}
            c={total?.stale ? 'dimmed' : undefined}
            aria-busy={total?.stale || undefined}
          >
            {total ? formatAmount(total.cents, currency) : '…'}
          </Text>
        </Grid.Col>
        <Grid.Col span={{ base: 24, md: 3 }} order={6}>
          <LineButtons
            n={n}
            first={index === 0}
            last={index === count - 1}
            {...{ disabled, onMove, onRemove }}
          />
        </Grid.Col>
      </Grid>
      {packageLabel && (
        <ToneBadge tone="gray" mt={6}>
          {packageLabel}
        </ToneBadge>
      )}
    </Paper>
  );
}
