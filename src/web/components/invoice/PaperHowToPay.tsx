import { Box, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type PaperHowToPay, INVOICE_PAPER_WORDS as W } from '../../../contract/invoices-paper';
import classes from './InvoicePaper.module.css';

/** How to pay an invoice still owed: bank transfer quoting its number, the counter, a link; and what if it is late. */
export function PaperHowToPaySection({ how, overdue }: { how: PaperHowToPay; overdue: boolean }) {
  return (
    <section aria-labelledby="paper-how-to-pay" data-testid="how-to-pay">
      <Title order={2} fz="sm" tt="uppercase" c="dimmed" id="paper-how-to-pay" mb={4}>
        {W.howToPay}
      </Title>
      <Text size="sm" mb="xs">
        {how.due}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: how.bank.length > 0 ? 2 : 1 }} spacing="md">
        {how.bank.length > 0 && (
          <div>
            <Text fw={600} size="sm">
              {W.bankTransfer}
            </Text>
            <Box component="dl" m={0} fz="sm" className={classes.payDetails}>
              {how.bank.map((r) => (
                <div key={r.label} style={{ display: 'contents' }}>
                  <dt>{r.label}</dt>
                  <dd>
                    {r.strong ? <strong>{r.value}</strong> : r.value}
                    {r.note ? ` ${r.note}` : ''}
                  </dd>
                </div>
              ))}
            </Box>
          </div>
        )}
        <Stack gap="sm">
          {how.counter && (
            <div>
              <Text fw={600} size="sm">
                {W.atTheCounter}
              </Text>
              <Text size="sm">{how.counter}</Text>
            </div>
          )}
          {how.onlineUrl && (
            <Button
              component="a"
              href={how.onlineUrl}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              style={{ alignSelf: 'flex-start' }}
              data-print-hide
            >
              {W.payOnline}
            </Button>
          )}
        </Stack>
      </SimpleGrid>
      <Text size="sm" mt="sm" c={overdue ? 'red.9' : undefined} fw={overdue ? 600 : undefined}>
        {how.late}
      </Text>
    </section>
  );
}
