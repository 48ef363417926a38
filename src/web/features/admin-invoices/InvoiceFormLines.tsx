import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/NumberInput.css';
import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { blankLine, type InvoiceFormValues, moveLine } from './form-values';
import { InvoiceFormLine, type LineTotal } from './InvoiceFormLine';

export type { LineTotal } from './InvoiceFormLine';

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
  const { t } = useLingui();
  const { lines } = form.getValues();
  const packageLabel = (id: string) => {
    const tracking = packageLabels.get(id);
    return tracking ? t`Package ${tracking}` : t`Package`;
  };
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
            <Trans>Lines</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>Alt+↑ and Alt+↓ move the line you are in. Line totals are the server’s.</Trans>
          </Text>
        </div>
        {linesError && (
          <Text size="sm" c="red.9" role="alert" data-testid="lines-error">
            {linesError}
          </Text>
        )}
        {lines.length === 0 ? (
          <Text size="sm">
            <Trans>No lines yet: add the customer’s packages above, or add a line.</Trans>
          </Text>
        ) : (
          <Stack
            component="ol"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t`Invoice lines`}
            ref={listRef}
          >
            {lines.map((line, index) => (
              <InvoiceFormLine
                key={line.key}
                form={form}
                index={index}
                count={lines.length}
                total={totals.get(line.key)}
                currency={currency}
                packageLabel={
                  line.package_id && lines[index - 1]?.package_id !== line.package_id
                    ? packageLabel(line.package_id)
                    : null
                }
                disabled={disabled}
                onMove={(by) => move(index, by)}
                onRemove={() => remove(index)}
                onKeyDown={onKeyDown(index)}
              />
            ))}
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
            <Trans>Add a line</Trans>
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
