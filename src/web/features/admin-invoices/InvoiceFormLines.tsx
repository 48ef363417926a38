import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/NumberInput.css';
import {
  ActionIcon,
  Button,
  Card,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { currencySymbol } from '../../../contract/format';
import { type InvoiceLineType, invoiceLineTypes } from '../../../contract/invoices';
import { ToneBadge } from '../../components/ToneBadge';
import { formatAmount } from '../../lib/money/money';
import { blankLine, type InvoiceFormValues, moveLine } from './form-values';

const TYPE_LABELS: Record<InvoiceLineType, string> = {
  shipping: 'Shipping',
  handling: 'Handling',
  customs: 'Customs',
  duty: 'Duty',
  tax: 'Tax',
  other: 'Other',
};
const TYPES = invoiceLineTypes.map((t) => ({ value: t, label: TYPE_LABELS[t] }));

/** A line's total as the server priced it; `stale` while the form has changed since. */
export type LineTotal = { cents: number; stale: boolean };

/**
 * The invoice lines: type, description, quantity, unit price (money), the server's line total; move up and down
 * (buttons, or Alt+↑ / Alt+↓ anywhere in a line, the focus staying where it was) and remove.
 */
export function InvoiceFormLines({
  form,
  totals,
  currency,
  packageLabels,
  disabled,
}: {
  form: UseFormReturnType<InvoiceFormValues>;
  totals: Map<string, LineTotal>;
  currency: string;
  /** Tracking numbers of the packages on the form, by id. */
  packageLabels: Map<string, string>;
  disabled?: boolean;
}) {
  const { lines } = form.getValues();
  const listRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // What gets the focus once the lines are re-rendered after a move, a removal or an addition.
  const refocus = useRef<(() => void) | null>(null);
  useEffect(() => {
    const run = refocus.current;
    refocus.current = null;
    run?.();
  });

  const inLine = (key: string, selector: string) =>
    listRef.current?.querySelector<HTMLElement>(`[data-line-key="${key}"] ${selector}`) ?? null;

  const move = (index: number, by: -1 | 1) => {
    const line = lines[index];
    if (!line) return;
    const focused = document.activeElement as HTMLElement | null;
    refocus.current = () => {
      // The same control keeps the focus; a move button that is now disabled (top or bottom) hands it to the other.
      if (focused?.isConnected && !(focused as HTMLButtonElement).disabled) {
        if (document.activeElement !== focused) focused.focus();
        return;
      }
      inLine(line.key, '[data-move]:not(:disabled)')?.focus();
    };
    form.setFieldValue('lines', moveLine(lines, index, by));
  };

  const remove = (index: number) => {
    const next = lines[index + 1] ?? lines[index - 1];
    refocus.current = () => (next ? inLine(next.key, '[data-remove]') : addRef.current)?.focus();
    form.removeListItem('lines', index);
  };

  const add = () => {
    const line = blankLine();
    refocus.current = () => inLine(line.key, '[data-field="description"]')?.focus();
    form.insertListItem('lines', line);
  };

  const onKeyDown = (index: number) => (e: KeyboardEvent<HTMLElement>) => {
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
    e.preventDefault();
    move(index, e.key === 'ArrowUp' ? -1 : 1);
  };

  const linesError = form.errors.lines;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="invoice-lines-title">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="invoice-lines-title">
            Lines
          </Title>
          <Text size="sm" c="dimmed">
            Alt+↑ and Alt+↓ move the line you are in. Line totals are the server’s.
          </Text>
        </div>
        {linesError && (
          <Text size="sm" c="red.9" role="alert" data-testid="lines-error">
            {linesError}
          </Text>
        )}
        {lines.length === 0 ? (
          <Text size="sm">No lines yet: add the customer’s packages above, or add a line.</Text>
        ) : (
          <Stack
            component="ol"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label="Invoice lines"
            ref={listRef}
          >
            {lines.map((line, index) => {
              const n = index + 1;
              const total = totals.get(line.key);
              const named = (label: string) => (
                <>
                  {label}
                  <VisuallyHidden>, line {n}</VisuallyHidden>
                </>
              );
              return (
                <Paper
                  component="li"
                  withBorder
                  p="sm"
                  key={line.key}
                  data-line-key={line.key}
                  data-line-type={line.type}
                  data-package-id={line.package_id ?? ''}
                  onKeyDown={onKeyDown(index)}
                  aria-label={`Line ${n}`}
                >
                  <Grid columns={24} gap="xs" align="flex-end">
                    <Grid.Col span={{ base: 14, md: 4 }} order={1}>
                      <Select
                        label={named('Type')}
                        data={TYPES}
                        allowDeselect={false}
                        disabled={disabled}
                        comboboxProps={{ withinPortal: true }}
                        {...form.getInputProps(`lines.${index}.type`)}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 10, md: 2 }} order={{ base: 2, md: 3 }}>
                      <NumberInput
                        label={named('Quantity')}
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
                        label={named('Description')}
                        autoComplete="off"
                        disabled={disabled}
                        data-field="description"
                        {...form.getInputProps(`lines.${index}.description`)}
                      />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, md: 4 }} order={4}>
                      <NumberInput
                        label={named(`Unit price (${currencySymbol(currency)})`)}
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
                        {named('Line total')}
                      </Text>
                      <Text
                        ta="right"
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
                      <Group gap={6} justify="flex-end" wrap="nowrap" pb={4}>
                        <ActionIcon
                          variant="default"
                          size="lg"
                          aria-label={`Move line ${n} up`}
                          data-move="up"
                          disabled={disabled || index === 0}
                          onClick={() => move(index, -1)}
                        >
                          <IconArrowUp size={18} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="default"
                          size="lg"
                          aria-label={`Move line ${n} down`}
                          data-move="down"
                          disabled={disabled || index === lines.length - 1}
                          onClick={() => move(index, 1)}
                        >
                          <IconArrowDown size={18} aria-hidden />
                        </ActionIcon>
                        <ActionIcon
                          variant="default"
                          color="red"
                          size="lg"
                          aria-label={`Remove line ${n}`}
                          data-remove
                          disabled={disabled}
                          onClick={() => remove(index)}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Group>
                    </Grid.Col>
                  </Grid>
                  {line.package_id && lines[index - 1]?.package_id !== line.package_id && (
                    <ToneBadge tone="gray" mt={6}>
                      {`Package ${packageLabels.get(line.package_id) ?? ''}`.trim()}
                    </ToneBadge>
                  )}
                </Paper>
              );
            })}
          </Stack>
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={add}
            disabled={disabled}
            ref={addRef}
          >
            Add a line
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
