import { Trans } from '@lingui/react/macro';
import { Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type PaperPayment, INVOICE_PAPER_WORDS as W } from '../../../contract/invoices-paper';

/** What was paid; a reversed payment stays listed, struck through, with why. */
export function PaperPayments({ payments }: { payments: PaperPayment[] }) {
  return (
    <section aria-labelledby="paper-payments">
      <Title order={2} fz="sm" tt="uppercase" c="dimmed" id="paper-payments" mb={4}>
        {W.payments}
      </Title>
      <Table verticalSpacing={4} aria-labelledby="paper-payments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{W.date}</Table.Th>
            <Table.Th scope="col">{W.method}</Table.Th>
            <Table.Th scope="col" ta="end">
              {W.amount}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((p) => (
            <Table.Tr key={p.id} data-testid="paper-payment">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.date}</Table.Td>
              <Table.Td>
                {p.method}
                {p.reversed && (
                  <Text size="xs" c="red.9">
                    {p.reversed}
                  </Text>
                )}
              </Table.Td>
              <Table.Td
                ta="end"
                style={{ whiteSpace: 'nowrap' }}
                td={p.reversed ? 'line-through' : undefined}
              >
                {p.reversed && (
                  <VisuallyHidden>
                    <Trans>Reversed, not counted:</Trans>{' '}
                  </VisuallyHidden>
                )}
                {p.amount}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}
