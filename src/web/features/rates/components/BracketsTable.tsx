import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Group, NumberInput, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { currencySymbol } from '../../../../contract/format';
import { ScrollTable } from '../../../components/ScrollTable';
import type { RatesFormValues } from '../rates-form';

/**
 * One schedule's brackets as rows (Max weight (lb), Charge), with "Add bracket" and a remove button per row. Each
 * row covers the pounds above the previous row's max up to its own; a row's error names it.
 */
export function BracketsTable({
  form,
  path,
  title,
  currency,
  busy,
}: {
  form: UseFormReturnType<RatesFormValues>;
  path: 'air' | 'sea' | 'handling';
  title: string;
  currency: string;
  busy: boolean;
}) {
  const { t } = useLingui();
  const rows = form.getValues()[path].brackets;
  const lower = title.toLowerCase();
  const listError = form.errors[`${path}.brackets`];
  const addRow = () => {
    const last = rows[rows.length - 1];
    form.insertListItem(`${path}.brackets`, {
      max_lb: last && last.max_lb !== '' ? Number(last.max_lb) + 5 : 1,
      charge: last?.charge ?? 0,
    });
  };
  return (
    <Stack gap="xs">
      <ScrollTable label={t`${title} brackets`} minWidth={320}>
        <Table verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <Trans>Max weight (lb)</Trans>
              </Table.Th>
              <Table.Th scope="col">
                <Trans>Charge</Trans>
              </Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>
                  <Trans>Remove</Trans>
                </VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((_row, i) => {
              const row = i + 1;
              return (
                // Rows have no identity but their place: the list is edited in place.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Table.Tr key={i}>
                  <Table.Td>
                    <NumberInput
                      aria-label={t`${title} row ${row} max weight (lb)`}
                      min={1}
                      allowDecimal={false}
                      allowNegative={false}
                      inputMode="numeric"
                      disabled={busy}
                      {...form.getInputProps(`${path}.brackets.${i}.max_lb`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t`${title} row ${row} charge`}
                      prefix={currencySymbol(currency)}
                      thousandSeparator=","
                      decimalScale={2}
                      min={0}
                      allowNegative={false}
                      inputMode="decimal"
                      disabled={busy}
                      {...form.getInputProps(`${path}.brackets.${i}.charge`)}
                    />
                  </Table.Td>
                  <Table.Td w={44}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t`Remove ${lower} row ${row}`}
                      disabled={busy || rows.length <= 1}
                      onClick={() => form.removeListItem(`${path}.brackets`, i)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {listError ? (
        <Text c="red.8" size="sm" role="alert">
          {listError}
        </Text>
      ) : null}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={addRow}
          disabled={busy}
        >
          {t`Add ${lower} bracket`}
        </Button>
      </Group>
    </Stack>
  );
}
