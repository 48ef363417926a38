import '@mantine/core/styles/Table.css';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { currencySymbol, formatDate, formatExchangeRate, formatMoney } from '../../../contract/format';
import {
  type CustomsBase,
  type InvoiceDetail as Invoice,
  type InvoiceLineGroup,
  invoiceClosingRows,
  invoiceLineGroups,
  lineGroupOf,
  NOT_FROM_CIF,
  type PaymentMethod,
} from '../../../contract/invoices';
import { PackageLink } from '../../components/PackageLinks';
import { usePageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryStates';
import { ScrollTable } from '../../components/ScrollTable';
import { errorMessage } from '../../lib/api';
import { formatAmount, formatDay } from '../../lib/money/money';
import { downloadInvoicePdf, invoiceQueryOptions } from './api';
import classes from './InvoicePrint.module.css';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';

const METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  points: 'Points',
};

/** What was paid on the invoice; a reversed payment stays listed, struck through, with why. */
function Payments({ invoice }: { invoice: Invoice }) {
  const money = (cents: number) => formatAmount(cents, invoice.currency);
  return (
    <Card padding="lg" component="section" aria-labelledby="invoice-payments-heading">
      <Title order={2} fz="lg" id="invoice-payments-heading" mb="sm">
        Payments
      </Title>
      {invoice.payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payments yet.
        </Text>
      ) : (
        <Table verticalSpacing="xs" aria-labelledby="invoice-payments-heading">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col">Method</Table.Th>
              <Table.Th scope="col" ta="right">
                Amount
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.payments.map((p) => (
              <Table.Tr key={p.id} data-testid="customer-payment">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(p.paid_on)}</Table.Td>
                <Table.Td>
                  {METHOD_LABELS[p.method] ?? p.method}
                  {p.reference ? ` · ${p.reference}` : ''}
                  {p.reversed_at && (
                    <Text size="xs" c="red.9">
                      Reversed{p.reverse_reason ? `: ${p.reverse_reason}` : ''}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td
                  ta="right"
                  style={{ whiteSpace: 'nowrap' }}
                  td={p.reversed_at ? 'line-through' : undefined}
                >
                  {p.reversed_at && <VisuallyHidden>Reversed, not counted: </VisuallyHidden>}
                  {money(p.amount_cents)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="space-between" mt="sm" gap="sm">
        <Text size="sm">Paid {money(invoice.amount_paid_cents)}</Text>
        <Text fw={700} data-testid="invoice-balance">
          {invoice.status === 'cancelled'
            ? 'Nothing owed'
            : invoice.balance_cents === 0
              ? 'Balance: paid in full'
              : `Balance due: ${money(invoice.balance_cents)}`}
        </Text>
      </Group>
    </Card>
  );
}

const GROUP_TITLES: Record<InvoiceLineGroup, string> = {
  shipping: 'Shipping charges',
  customs: 'Customs charges',
  other: 'Other charges',
};

/** A row across the table: a label on the left (all columns but the amount) and an amount. */
function SumRow({
  label,
  amount,
  strong,
  testId,
}: {
  label: string;
  amount: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Table.Tr>
      <Table.Th scope="row" colSpan={3} ta="right" fw={strong ? 700 : 500} visibleFrom="sm">
        {label}
      </Table.Th>
      <Table.Th scope="row" ta="right" fw={strong ? 700 : 500} hiddenFrom="sm">
        {label}
      </Table.Th>
      <Table.Td ta="right" fw={strong ? 700 : 500} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        {amount}
      </Table.Td>
    </Table.Tr>
  );
}

/** The value the customs lines are computed on, per package, so a customer can check them. */
function CustomsBases({ bases, currency }: { bases: CustomsBase[]; currency: string }) {
  return (
    <>
      {bases.map((b) => (
        <Text key={b.package_id} size="xs" c="dimmed" data-testid="customs-base">
          {bases.length > 1 ? `${b.tracking_number}: ` : ''}computed on the CIF value{' '}
          <strong>{formatMoney(b.cif_cents, currency)}</strong> = goods{' '}
          {formatMoney(b.goods_value_usd_cents, 'USD')} at {formatExchangeRate(b.exchange_rate, currency)} (
          {formatMoney(b.goods_value_cents, currency)}) + freight {formatMoney(b.freight_cents, currency)} +
          insurance {formatMoney(b.insurance_cents, currency)}
        </Text>
      ))}
    </>
  );
}

/** The lines by group (shipping, customs with their CIF value, other), each with its subtotal, then the total. */
function ChargesTable({ invoice }: { invoice: Invoice }) {
  const { currency } = invoice;
  const money = (cents: number) => formatMoney(cents, currency);
  const groups = invoiceLineGroups
    .map((group) => ({
      group,
      lines: invoice.lines.filter((l) => (l.group ?? lineGroupOf(l.type)) === group),
    }))
    .filter((g) => g.lines.length > 0);
  return (
    // On a phone quantity × unit price goes under the description, so the amounts stay on screen.
    <ScrollTable label="Invoice lines" minWidth={300}>
      <Table verticalSpacing="xs">
        <Table.Caption>
          Charges on invoice {invoice.number}, in {currencySymbol(currency)} ({currency})
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Description</Table.Th>
            <Table.Th scope="col" ta="right" visibleFrom="sm">
              Qty
            </Table.Th>
            <Table.Th scope="col" ta="right" visibleFrom="sm">
              Unit price
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Amount
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        {groups.map(({ group, lines }) => (
          <Table.Tbody key={group} data-group={group}>
            <Table.Tr bg="var(--mantine-color-default-hover)">
              <Table.Th scope="colgroup" colSpan={4}>
                {GROUP_TITLES[group]}
                {group === 'customs' && invoice.customs_bases && invoice.customs_bases.length > 0 && (
                  <CustomsBases bases={invoice.customs_bases} currency={currency} />
                )}
              </Table.Th>
            </Table.Tr>
            {lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>
                  {line.description}
                  {line.tracking_number && (
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {line.tracking_number}
                    </Text>
                  )}
                  {line.computed_on_cif === false && (
                    <Text size="xs" c="dimmed" data-testid="not-from-cif">
                      {NOT_FROM_CIF}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {line.quantity} × {money(line.unit_price_cents)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {line.quantity}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                  {money(line.unit_price_cents)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(line.line_total_cents)}
                </Table.Td>
              </Table.Tr>
            ))}
            <SumRow
              label={`${GROUP_TITLES[group]} total`}
              amount={money(lines.reduce((sum, l) => sum + l.line_total_cents, 0))}
            />
          </Table.Tbody>
        ))}
        <Table.Tfoot>
          {/* The discount and the company's tax on services when there are, then the total (as the PDF ends). */}
          {invoiceClosingRows(invoice).map((r) => (
            <SumRow
              key={r.label}
              label={r.label}
              amount={r.cents < 0 ? `−${money(-r.cents)}` : money(r.cents)}
              strong={r.strong}
              testId={r.strong ? 'invoice-total' : undefined}
            />
          ))}
        </Table.Tfoot>
      </Table>
    </ScrollTable>
  );
}

/** How to pay an invoice that is still owed: bank transfer quoting its number, the counter, a link; and if late. */
function HowToPay({ invoice }: { invoice: Invoice }) {
  const how = invoice.how_to_pay;
  if (!how || invoice.balance_cents <= 0) return null;
  const bank = how.bank_transfer;
  return (
    <Card padding="lg" component="section" aria-labelledby="invoice-pay-heading" data-testid="how-to-pay">
      <Title order={2} fz="lg" id="invoice-pay-heading" mb="xs">
        How to pay
      </Title>
      <Text size="sm" mb="sm">
        {formatMoney(invoice.balance_cents, invoice.currency)} is due
        {invoice.due_at ? ` by ${formatDate(invoice.due_at)}` : ''}.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: bank ? 2 : 1 }} spacing="md">
        {bank && (
          <div>
            <Text fw={600} size="sm">
              Bank transfer
            </Text>
            <Box component="dl" m={0} fz="sm" className={classes.payDetails}>
              <dt>Bank</dt>
              <dd>
                {bank.bank_name}
                {bank.branch ? `, ${bank.branch}` : ''}
              </dd>
              <dt>Account name</dt>
              <dd>{bank.account_name}</dd>
              <dt>Account number</dt>
              <dd>
                {bank.account_number}
                {bank.account_type ? ` · ${bank.account_type}` : ''}
              </dd>
              <dt>Reference</dt>
              <dd>
                <strong>{bank.reference}</strong> (the invoice number, so we can match your payment)
              </dd>
            </Box>
          </div>
        )}
        <Stack gap="sm">
          {how.counter && (
            <div>
              <Text fw={600} size="sm">
                At the counter
              </Text>
              <Text size="sm">{how.counter}</Text>
            </div>
          )}
          {how.online_url && (
            <Button
              component="a"
              href={how.online_url}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              style={{ alignSelf: 'flex-start' }}
              data-print-hide
            >
              Pay online
            </Button>
          )}
        </Stack>
      </SimpleGrid>
      <Text
        size="sm"
        mt="sm"
        c={invoice.status === 'overdue' ? 'red.9' : undefined}
        fw={invoice.status === 'overdue' ? 600 : undefined}
      >
        {invoice.status === 'overdue' ? 'This invoice is overdue. ' : 'If it is not paid by the due date: '}
        {how.overdue}
      </Text>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

export function InvoiceView({ invoice }: { invoice: Invoice }) {
  const { currency } = invoice;
  const money = (cents: number) => formatAmount(cents, currency);
  const pdf = useMutation({ mutationFn: () => downloadInvoicePdf(invoice.id, invoice.number ?? 'Draft') });

  return (
    <Stack gap="md" className={classes.root}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Group gap="sm" align="center">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              Invoice {invoice.number}
            </Title>
            <InvoiceStatusBadge status={invoice.status} />
          </Group>
          <Text c="dimmed" size="sm">
            Amounts in {currencySymbol(currency)} ({currency})
          </Text>
        </div>
        <Group gap="sm" data-print-hide>
          <Button
            variant="default"
            leftSection={<IconPrinter size={18} aria-hidden />}
            onClick={() => window.print()}
          >
            Print
          </Button>
          <Button
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={pdf.isPending}
            onClick={() => pdf.mutate()}
          >
            Download PDF
          </Button>
        </Group>
      </Group>
      {pdf.isError && (
        <Alert color="red" variant="light" role="alert" title="Could not download the PDF" data-print-hide>
          {errorMessage(pdf.error)}
        </Alert>
      )}

      <Card padding="lg" component="section" aria-label="Invoice details">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="md">
          <Fact label="Customer">
            {invoice.customer.name}
            <br />
            {invoice.customer.mailbox_number}
          </Fact>
          <Fact label="Total">
            <strong>{money(invoice.total_cents)}</strong>
          </Fact>
          <Fact label="Balance">
            <strong>
              {invoice.balance_cents === 0 && invoice.status !== 'cancelled'
                ? 'Paid'
                : money(invoice.balance_cents)}
            </strong>
          </Fact>
          <Fact label="Issued">{invoice.issued_at ? formatDate(invoice.issued_at) : '—'}</Fact>
          <Fact label="Due">{invoice.due_at ? formatDate(invoice.due_at) : '—'}</Fact>
          <Fact label={invoice.cancelled_at ? 'Cancelled' : 'Paid'}>
            {invoice.cancelled_at
              ? formatDate(invoice.cancelled_at)
              : invoice.paid_at
                ? formatDate(invoice.paid_at)
                : invoice.amount_paid_cents > 0
                  ? `${formatMoney(invoice.amount_paid_cents, invoice.currency)} so far`
                  : 'Not yet'}
          </Fact>
        </SimpleGrid>
      </Card>

      <Card padding="lg" component="section" aria-labelledby="invoice-lines-heading">
        <Title order={2} fz="lg" id="invoice-lines-heading" mb="sm">
          Charges
        </Title>
        <ChargesTable invoice={invoice} />
      </Card>

      <HowToPay invoice={invoice} />

      <Payments invoice={invoice} />

      {invoice.packages.length > 0 && (
        <Card padding="lg" component="section" aria-labelledby="invoice-packages-heading">
          <Title order={2} fz="lg" id="invoice-packages-heading" mb="sm">
            Packages
          </Title>
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {invoice.packages.map((pkg) => (
              <li key={pkg.id}>
                <PackageLink pkg={pkg} />
                <Text size="sm" c="dimmed">
                  {pkg.description || '—'}
                </Text>
              </li>
            ))}
          </Stack>
        </Card>
      )}

      {invoice.notes && (
        <Card padding="lg" component="section" aria-label="Notes">
          <Title order={2} fz="lg" mb="xs">
            Notes
          </Title>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {invoice.notes}
          </Text>
        </Card>
      )}
    </Stack>
  );
}

/** /user/invoices/$id: one invoice, printable and downloadable. */
export function InvoiceDetail({ id }: { id: string }) {
  const query = useQuery(invoiceQueryOptions(id));
  usePageTitle(query.data ? `Invoice ${query.data.number}` : 'Invoice');
  return (
    <Stack gap="md">
      <Anchor
        renderRoot={(props) => <Link to="/user/invoices" {...props} />}
        size="sm"
        data-print-hide
        style={{ alignSelf: 'flex-start' }}
      >
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> All invoices
        </Group>
      </Anchor>
      {query.isPending ? (
        <Stack gap="md" aria-busy="true" aria-label="Loading the invoice">
          <Skeleton h={40} w="60%" />
          <Skeleton h={100} radius="md" />
          <Skeleton h={280} radius="md" />
        </Stack>
      ) : query.isError ? (
        <QueryError
          title="Could not load this invoice"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <InvoiceView invoice={query.data} />
      )}
    </Stack>
  );
}
