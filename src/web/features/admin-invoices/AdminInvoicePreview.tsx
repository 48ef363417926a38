import '@mantine/core/styles/Table.css';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconBan,
  IconCash,
  IconCopy,
  IconDownload,
  IconPencil,
  IconPrinter,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { CSSProperties, ReactNode } from 'react';
import type { Company } from '../../../contract/companies';
import {
  type InvoiceDetail,
  type InvoiceLineGroup,
  type InvoiceLineType,
  invoiceClosingRows,
  invoiceLineGroups,
  lineGroupOf,
  NOT_FROM_CIF,
} from '../../../contract/invoices';
import { AuditTrail } from '../../components/AuditTrail';
import { usePageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryStates';
import { ScrollTable } from '../../components/ScrollTable';
import { formatDate } from '../../lib/format';
import { formatAmount, formatDay } from '../../lib/money/money';
import { useInvoiceActions } from './actions';
import { adminInvoiceQueryOptions } from './api';
import classes from './InvoicePaper.module.css';
import { isOpen, METHOD_LABELS, STATUS_LABELS, StatusBadge } from './labels';

const TYPE_LABELS: Record<InvoiceLineType, string> = {
  shipping: 'Freight',
  handling: 'Handling',
  customs: 'Customs',
  duty: 'Duty',
  tax: 'Tax',
  other: 'Other',
};

const day = (value: string | null) =>
  value ? (value.length === 10 ? formatDay(value) : formatDate(value)) : '—';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right">
        {children}
      </Text>
    </Group>
  );
}

const GROUP_TOTALS: Record<InvoiceLineGroup, string> = {
  shipping: 'Shipping charges total',
  customs: 'Customs charges total',
  other: 'Other charges total',
};

function TotalRow({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Table.Tr>
      <Table.Th scope="row" ta="right" fw={strong ? 700 : 500} fz={strong ? 'md' : 'sm'}>
        {label}
      </Table.Th>
      <Table.Td
        ta="right"
        fw={strong ? 700 : 400}
        fz={strong ? 'md' : 'sm'}
        style={{ whiteSpace: 'nowrap' }}
        data-testid={testId}
      >
        {value}
      </Table.Td>
    </Table.Tr>
  );
}

/** The invoice as the PDF lays it out: brand, bill-to and details, lines, totals, payments, balance, terms. */
export function InvoicePaper({
  invoice,
  company,
  taxLabel = 'Tax',
}: {
  invoice: InvoiceDetail;
  company?: Company;
  /** The company's name for its sales tax ("GCT"), as on the PDF. */
  taxLabel?: string;
}) {
  const { currency } = invoice;
  const money = (cents: number) => formatAmount(cents, currency);
  const style = company ? ({ '--brand': company.primary_color } as CSSProperties) : undefined;
  const contact = company
    ? [company.support_email, company.support_phone, company.website].filter(Boolean)
    : [];
  const due =
    invoice.status === 'paid'
      ? 'Paid — thank you.'
      : invoice.status === 'cancelled'
        ? `Cancelled — nothing is owed on this invoice.${invoice.cancel_reason ? ` (${invoice.cancel_reason})` : ''}`
        : invoice.status === 'draft'
          ? 'Draft — not yet issued; nothing is due on it.'
          : `Balance due: ${money(invoice.balance_cents)}${invoice.due_at ? ` by ${formatDay(invoice.due_at)}` : ''}`;

  return (
    <Paper
      withBorder
      shadow="xs"
      p={{ base: 'md', sm: 'xl' }}
      className={classes.sheet}
      style={style}
      component="article"
      aria-label="Invoice document"
      data-testid="invoice-paper"
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {company?.logo_url && <Image src={company.logo_url} alt="" h={40} w="auto" fit="contain" />}
            <div style={{ minWidth: 0 }}>
              <Text fw={800} fz="xl">
                {company?.name ?? ''}
              </Text>
              {contact.length > 0 && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {contact.join(' · ')}
                </Text>
              )}
            </div>
          </Group>
          <div style={{ textAlign: 'right', marginLeft: 'auto' }}>
            <Text fw={800} fz="lg" tt="uppercase" lts={1}>
              Invoice
            </Text>
            <Text size="sm" fw={600} data-testid="paper-number">
              {invoice.number ?? 'DRAFT'}
              {invoice.revision > 0 ? ` · revision ${invoice.revision}` : ''}
            </Text>
          </div>
        </Group>

        {invoice.status === 'draft' && (
          <Text className={classes.draftMark} aria-hidden>
            DRAFT
          </Text>
        )}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <div>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
              Bill to
            </Text>
            <Text fw={700}>{invoice.customer.name}</Text>
            <Text size="sm">Mailbox {invoice.customer.mailbox_number}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {invoice.customer.email}
            </Text>
          </div>
          <div>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
              Invoice details
            </Text>
            <Fact label="Number">
              <strong>{invoice.number ?? 'Draft (not issued)'}</strong>
            </Fact>
            <Fact label="Status">
              <strong data-testid="paper-status">{STATUS_LABELS[invoice.status]}</strong>
            </Fact>
            <Fact label="Issued">{day(invoice.issue_date ?? invoice.issued_at)}</Fact>
            <Fact label="Due">{day(invoice.due_at)}</Fact>
            {invoice.paid_at && <Fact label="Paid">{day(invoice.paid_at)}</Fact>}
            {invoice.revision > 0 && <Fact label="Revision">{invoice.revision}</Fact>}
          </div>
        </SimpleGrid>

        {/* On a phone type, quantity and unit price go under the description, so the amounts stay on screen. */}
        <ScrollTable label="Invoice lines" minWidth={300}>
          <Table verticalSpacing={6} aria-label="Invoice lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Description</Table.Th>
                <Table.Th scope="col" visibleFrom="sm">
                  Type
                </Table.Th>
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
            <Table.Tbody>
              {invoice.lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    {l.description}
                    {l.tracking_number && (
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        Package {l.tracking_number}
                      </Text>
                    )}
                    {l.computed_on_cif === false && (
                      <Text size="xs" c="dimmed">
                        {NOT_FROM_CIF}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {TYPE_LABELS[l.type]} · {l.quantity} × {money(l.unit_price_cents)}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{TYPE_LABELS[l.type]}</Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {l.quantity}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} visibleFrom="sm">
                    {money(l.unit_price_cents)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {money(l.line_total_cents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>

        <Box ml="auto" w="100%" maw={400}>
          <Table verticalSpacing={4} aria-label="Totals">
            <Table.Tbody>
              {/* As the customer's screen and the PDF say it: each group's total (no "Subtotal" that the GCT on
                  imports would dwarf), the discount and the tax on services when there are, the total. */}
              {invoiceLineGroups.map((group) => {
                const lines = invoice.lines.filter((l) => (l.group ?? lineGroupOf(l.type)) === group);
                return lines.length === 0 ? null : (
                  <TotalRow
                    key={group}
                    label={GROUP_TOTALS[group]}
                    value={money(lines.reduce((sum, l) => sum + l.line_total_cents, 0))}
                  />
                );
              })}
              {invoiceClosingRows({ ...invoice, tax_label: invoice.tax_label ?? taxLabel }).map((r) => (
                <TotalRow
                  key={r.label}
                  label={r.label}
                  value={r.cents < 0 ? `−${money(-r.cents)}` : money(r.cents)}
                  strong={r.strong}
                  testId={r.strong ? 'paper-total' : undefined}
                />
              ))}
              {invoice.amount_paid_cents > 0 && (
                <>
                  <TotalRow label="Paid" value={money(invoice.amount_paid_cents)} />
                  <TotalRow
                    label="Balance due"
                    value={invoice.balance_cents === 0 ? 'Paid' : money(invoice.balance_cents)}
                    strong
                    testId="paper-balance"
                  />
                </>
              )}
            </Table.Tbody>
          </Table>
        </Box>

        <Text fw={700} c={invoice.status === 'overdue' ? 'red.9' : undefined} data-testid="paper-due">
          {due}
        </Text>

        {invoice.payments.length > 0 && (
          <section aria-labelledby="paper-payments">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4} id="paper-payments">
              Payments
            </Text>
            <Table verticalSpacing={4} aria-labelledby="paper-payments">
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
                  <Table.Tr key={p.id} c={p.reversed_at ? 'dimmed' : undefined}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(p.paid_on)}</Table.Td>
                    <Table.Td>
                      {METHOD_LABELS[p.method]}
                      {p.reference ? ` · ${p.reference}` : ''}
                      {p.reversed_at ? ` · reversed${p.reverse_reason ? `: ${p.reverse_reason}` : ''}` : ''}
                    </Table.Td>
                    <Table.Td
                      ta="right"
                      style={{ whiteSpace: 'nowrap' }}
                      td={p.reversed_at ? 'line-through' : undefined}
                    >
                      {money(p.amount_cents)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        )}

        {invoice.terms && (
          <div>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
              Terms
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {invoice.terms}
            </Text>
          </div>
        )}
        {invoice.notes && (
          <div>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
              Notes
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {invoice.notes}
            </Text>
          </div>
        )}
      </Stack>
    </Paper>
  );
}

function PreviewBody({
  invoice,
  company,
  taxLabel,
}: {
  invoice: InvoiceDetail;
  company?: Company;
  taxLabel?: string;
}) {
  const navigate = useNavigate();
  const actions = useInvoiceActions({ onDeleted: () => void navigate({ to: '/admin/invoice/list' }) });
  const open = isOpen(invoice.status);
  const draft = invoice.status === 'draft';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" data-print-hide>
        <div>
          <Group gap="sm" align="center">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {invoice.number ? `Invoice ${invoice.number}` : 'Draft invoice'}
            </Title>
            <StatusBadge status={invoice.status} data-testid="preview-status" />
          </Group>
          <Text c="dimmed" size="sm">
            {invoice.customer.name} · {invoice.customer.mailbox_number}
            {invoice.revision > 0 ? ` · revision ${invoice.revision}` : ''}
            {invoice.sent_at ? ` · sent ${formatDate(invoice.sent_at)}` : ' · not sent yet'}
          </Text>
        </div>
      </Group>

      <Group gap="xs" data-print-hide role="group" aria-label="Invoice actions" data-testid="preview-actions">
        {(open || draft) && (
          <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => actions.send(invoice)}>
            {draft ? 'Issue and send' : invoice.sent_at ? 'Send again' : 'Send'}
          </Button>
        )}
        {open && (
          <Button
            variant="light"
            leftSection={<IconCash size={16} aria-hidden />}
            onClick={() => actions.pay(invoice)}
          >
            Add payment
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={actions.downloading === invoice.id}
          onClick={() => actions.download(invoice)}
        >
          Download PDF
        </Button>
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => window.print()}
        >
          Print
        </Button>
        {(open || draft) && (
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => actions.edit(invoice)}
          >
            Edit
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden />}
          loading={actions.duplicating === invoice.id}
          onClick={() => actions.duplicate(invoice)}
        >
          Duplicate
        </Button>
        {open && (
          <Button
            // The light red variant: red.9 text on the dark theme's default button failed contrast.
            variant="light"
            color="red"
            leftSection={<IconBan size={16} aria-hidden />}
            onClick={() => actions.cancel(invoice)}
          >
            Cancel invoice
          </Button>
        )}
        {draft && (
          <Button
            variant="default"
            c="red.9"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => actions.remove(invoice)}
          >
            Delete draft
          </Button>
        )}
      </Group>

      {invoice.send_error && (
        <Alert color="red" variant="light" role="alert" title="The last send failed" data-print-hide>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{invoice.send_error}</Text>
            <Button size="xs" color="red.9" variant="light" onClick={() => actions.send(invoice)}>
              Resend
            </Button>
          </Stack>
        </Alert>
      )}
      {invoice.status === 'cancelled' && (
        <Alert color="gray" variant="light" title="Cancelled" data-print-hide>
          {invoice.cancelled_at ? `${formatDate(invoice.cancelled_at)}: ` : ''}
          {invoice.cancel_reason ?? 'No reason given'}
        </Alert>
      )}

      <InvoicePaper invoice={invoice} company={company} taxLabel={taxLabel} />

      <Box data-print-hide>
        <AuditTrail entity="invoice" id={invoice.id} currency={invoice.currency} />
      </Box>
      {actions.dialogs}
    </Stack>
  );
}

/** /admin/invoice/preview/$id: the printable invoice with everything staff do to it. */
export function AdminInvoicePreview({
  id,
  company,
  taxLabel,
}: {
  id: string;
  company?: Company;
  taxLabel?: string;
}) {
  const query = useQuery(adminInvoiceQueryOptions(id));
  usePageTitle(
    query.data ? (query.data.number ? `Invoice ${query.data.number}` : 'Draft invoice') : 'Invoice',
  );
  return (
    <Stack gap="md">
      <Anchor
        renderRoot={(props) => <Link to="/admin/invoice/list" {...props} />}
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
          <Skeleton h={600} radius="md" />
        </Stack>
      ) : query.isError ? (
        <QueryError
          title="Could not load this invoice"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <PreviewBody invoice={query.data} company={company} taxLabel={taxLabel} />
      )}
    </Stack>
  );
}
