import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Company } from '../../../contract/companies';
import { currencySymbol } from '../../../contract/format';
import type { InvoiceDetail as Invoice } from '../../../contract/invoices';
import { BackLink } from '../../components/BackLink';
import { InvoicePaper, LoadingInvoice } from '../../components/invoice/InvoicePaper';
import { PackageLink } from '../../components/PackageLinks';
import { usePageTitle } from '../../components/PageTitle';
import { QueryStates } from '../../components/QueryStates';
import { errorMessage } from '../../lib/api';
import { invoiceQueryOptions } from './api';
import { useInvoicePdf } from './hooks';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { PayInvoice } from './PayNow';

/** The packages the invoice bills, each linked to its page. */
function Packages({ invoice }: { invoice: Invoice }) {
  if (invoice.packages.length === 0) return null;
  return (
    <Card padding="lg" component="section" aria-labelledby="invoice-packages-heading" data-print-hide>
      <Title order={2} fz="lg" id="invoice-packages-heading" mb="sm">
        <Trans>Packages</Trans>
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
  );
}

/** One invoice as its customer reads it: the invoice itself (printable), its PDF, the packages it bills. */
export function InvoiceView({ invoice, company }: { invoice: Invoice; company?: Company | undefined }) {
  const pdf = useInvoicePdf(invoice.id, invoice.number);
  const { t } = useLingui();
  const number = invoice.number;
  const symbol = currencySymbol(invoice.currency);
  const currency = invoice.currency;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Group gap="sm" align="center">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              <Trans>
                Invoice <bdi>{number}</bdi>
              </Trans>
            </Title>
            <InvoiceStatusBadge status={invoice.status} />
          </Group>
          <Text c="dimmed" size="sm">
            <Trans>
              Amounts in <bdi>{symbol}</bdi> ({currency})
            </Trans>
          </Text>
        </div>
        <Group gap="sm" data-print-hide>
          <Button
            variant="default"
            leftSection={<IconPrinter size={18} aria-hidden />}
            onClick={() => window.print()}
          >
            <Trans>Print</Trans>
          </Button>
          <Button
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={pdf.isPending}
            onClick={() => pdf.mutate()}
          >
            <Trans>Download PDF</Trans>
          </Button>
        </Group>
      </Group>
      <PayInvoice invoice={invoice} />
      {pdf.isError && (
        <Alert color="red" variant="light" role="alert" title={t`Could not download the PDF`} data-print-hide>
          {errorMessage(pdf.error)}
        </Alert>
      )}
      <InvoicePaper invoice={invoice} company={company} audience="customer" />
      <Packages invoice={invoice} />
    </Stack>
  );
}

/** /user/invoices/$id: one invoice, printable and downloadable. */
export function InvoiceDetail({ id, company }: { id: string; company?: Company | undefined }) {
  const query = useQuery(invoiceQueryOptions(id));
  const { t } = useLingui();
  const number = query.data?.number;
  usePageTitle(query.data ? t`Invoice ${number}` : t`Invoice`);
  return (
    <Stack gap="md">
      <BackLink to="/user/invoices">
        <Trans>All invoices</Trans>
      </BackLink>
      <QueryStates
        query={query}
        loading={<LoadingInvoice paperHeight={380} />}
        errorTitle={t`Could not load this invoice`}
        isEmpty={() => false}
        empty={null}
      >
        {(invoice) => <InvoiceView invoice={invoice} company={company} />}
      </QueryStates>
    </Stack>
  );
}
