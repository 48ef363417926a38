import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Company } from '../../../contract/companies';
import type { InvoiceDetail } from '../../../contract/invoices';
import { AuditTrail } from '../../components/AuditTrail';
import { BackLink } from '../../components/BackLink';
import { InvoicePaper, LoadingInvoice } from '../../components/invoice/InvoicePaper';
import { usePageTitle } from '../../components/PageTitle';
import { QueryStates } from '../../components/QueryStates';
import { formatDate } from '../../lib/format';
import { useInvoiceActions } from './actions';
import { adminInvoiceQueryOptions } from './api';
import { StatusBadge } from './labels';
import { PreviewActions } from './PreviewActions';

function PreviewBody({
  invoice,
  company,
  taxLabel,
}: {
  invoice: InvoiceDetail;
  company?: Company;
  taxLabel?: string;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const number = invoice.number;
  const revision = invoice.revision;
  const sent = invoice.sent_at ? formatDate(invoice.sent_at) : null;
  const actions = useInvoiceActions({ onDeleted: () => void navigate({ to: '/admin/invoice/list' }) });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm" data-print-hide>
        <div>
          <Group gap="sm" align="center">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {number ? t`Invoice ${number}` : t`Draft invoice`}
            </Title>
            <StatusBadge status={invoice.status} data-testid="preview-status" />
          </Group>
          <Text c="dimmed" size="sm">
            {invoice.customer.name} · <bdi>{invoice.customer.mailbox_number}</bdi>
            {revision > 0 ? ` · ${t`revision ${revision}`}` : ''}
            {sent ? ` · ${t`sent ${sent}`}` : ` · ${t`not sent yet`}`}
          </Text>
        </div>
      </Group>

      <PreviewActions invoice={invoice} actions={actions} />

      {invoice.send_error && (
        <Alert color="red" variant="light" role="alert" title={t`The last send failed`} data-print-hide>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{invoice.send_error}</Text>
            <Button size="xs" color="red.9" variant="light" onClick={() => actions.send(invoice)}>
              <Trans>Resend</Trans>
            </Button>
          </Stack>
        </Alert>
      )}
      {invoice.status === 'cancelled' && (
        <Alert color="gray" variant="light" title={t`Cancelled`} data-print-hide>
          {invoice.cancelled_at ? `${formatDate(invoice.cancelled_at)}: ` : ''}
          {invoice.cancel_reason ?? t`No reason given`}
        </Alert>
      )}

      <InvoicePaper invoice={invoice} company={company} audience="staff" taxLabel={taxLabel} />

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
  const { t } = useLingui();
  const query = useQuery(adminInvoiceQueryOptions(id));
  const number = query.data?.number;
  usePageTitle(query.data ? (number ? t`Invoice ${number}` : t`Draft invoice`) : t`Invoice`);
  return (
    <Stack gap="md">
      <BackLink to="/admin/invoice/list">
        <Trans>All invoices</Trans>
      </BackLink>
      <QueryStates
        query={query}
        loading={<LoadingInvoice paperHeight={600} />}
        errorTitle={t`Could not load this invoice`}
        isEmpty={() => false}
        empty={null}
      >
        {(invoice) => <PreviewBody invoice={invoice} company={company} taxLabel={taxLabel} />}
      </QueryStates>
    </Stack>
  );
}
