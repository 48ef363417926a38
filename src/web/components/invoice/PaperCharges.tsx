import '@mantine/core/styles/Table.css';
import { useLingui } from '@lingui/react/macro';
import { Table, Text } from '@mantine/core';
import { currencySymbol } from '../../../contract/format';
import {
  type InvoicePaperRows,
  type PaperRow,
  INVOICE_PAPER_WORDS as W,
} from '../../../contract/invoices-paper';
import { ScrollTable } from '../ScrollTable';

/** A row across the table: its label under every column but the amount (fewer columns on a phone), the amount. */
function SumRow({ row }: { row: PaperRow }) {
  const weight = row.strong ? 700 : 500;
  return (
    <Table.Tr>
      <Table.Th scope="row" colSpan={4} ta="end" fw={weight} visibleFrom="sm">
        {row.label}
      </Table.Th>
      <Table.Th scope="row" ta="end" fw={weight} hiddenFrom="sm">
        {row.label}
      </Table.Th>
      <Table.Td
        ta="end"
        fw={weight}
        fz={row.strong ? 'md' : undefined}
        style={{ whiteSpace: 'nowrap' }}
        data-testid={row.key ? `paper-${row.key}` : undefined}
      >
        {row.value}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The charges by group (shipping, customs with the CIF value they are computed on, other), each with its total,
 * then the closing rows. On a phone type, quantity and unit price go under the description, so amounts stay in view.
 */
export function PaperCharges({ rows, number }: { rows: InvoicePaperRows; number: string | null }) {
  const { t } = useLingui();
  const invoice = number ?? t`(draft)`;
  const symbol = currencySymbol(rows.currency);
  const currency = rows.currency;
  const caption = t`Charges on invoice ${invoice}, in ${symbol} (${currency})`;
  return (
    <ScrollTable label={t`Invoice lines`} minWidth={300}>
      <Table verticalSpacing={6}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{W.description}</Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              {W.type}
            </Table.Th>
            <Table.Th scope="col" ta="end" visibleFrom="sm">
              {W.quantity}
            </Table.Th>
            <Table.Th scope="col" ta="end" visibleFrom="sm">
              {W.unitPrice}
            </Table.Th>
            <Table.Th scope="col" ta="end">
              {W.amount}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        {rows.groups.map((g) => (
          <Table.Tbody key={g.group} data-group={g.group}>
            <Table.Tr bg="var(--mantine-color-default-hover)">
              <Table.Th scope="colgroup" colSpan={5}>
                {g.title}
                {g.basis.map((b) => (
                  <Text key={b} size="xs" c="dimmed" fw={400} data-testid="customs-base">
                    {b}
                  </Text>
                ))}
              </Table.Th>
            </Table.Tr>
            {g.lines.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>
                  {l.description}
                  {l.notes.map((note) => (
                    <Text key={note} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {note}
                    </Text>
                  ))}
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {l.type} · {l.quantity} × {l.unitPrice}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">{l.type}</Table.Td>
                <Table.Td ta="end" visibleFrom="sm">
                  {l.quantity}
                </Table.Td>
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                  {l.unitPrice}
                </Table.Td>
                <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                  {l.amount}
                </Table.Td>
              </Table.Tr>
            ))}
            <SumRow row={g.total} />
          </Table.Tbody>
        ))}
        <Table.Tfoot>
          {rows.closing.map((r) => (
            <SumRow key={r.label} row={r} />
          ))}
        </Table.Tfoot>
      </Table>
    </ScrollTable>
  );
}
