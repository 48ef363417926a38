import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Image, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import type { Company } from '../../../contract/companies';
import type { InvoiceDetail } from '../../../contract/invoices';
import { invoicePaperRows, INVOICE_PAPER_WORDS as W } from '../../../contract/invoices-paper';
import { CUSTOMER_INVOICE_STATUS_LABELS } from '../InvoiceStatusBadge';
import classes from './InvoicePaper.module.css';
import { PaperCharges } from './PaperCharges';
import { PaperHowToPaySection } from './PaperHowToPay';
import { PaperPayments } from './PaperPayments';

function Heading({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4} id={id}>
      {children}
    </Text>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="end" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

function Letterhead({ company, heading }: { company?: Company; heading: string }) {
  const contact = company
    ? [company.support_email, company.support_phone, company.website].filter(Boolean)
    : [];
  return (
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
      <div style={{ textAlign: 'end', marginInlineStart: 'auto' }}>
        <Text fw={800} fz="lg" tt="uppercase" lts={1}>
          {W.document}
        </Text>
        <Text size="sm" fw={600} data-testid="paper-number">
          {heading}
        </Text>
      </div>
    </Group>
  );
}

/**
 * The invoice as a document, the same for staff (preview) and the customer (their invoice), on screen and on paper:
 * the rows of contract/invoices-paper.ts, which the PDF lays out too. A customer reads an issued invoice as "Unpaid".
 */
export function InvoicePaper({
  invoice,
  company,
  audience,
  taxLabel,
}: {
  invoice: InvoiceDetail;
  company?: Company | undefined;
  audience: 'staff' | 'customer';
  /** The company's name for its sales tax ("GCT") when the invoice does not carry it. */
  taxLabel?: string | undefined;
}) {
  const rows = invoicePaperRows(invoice, {
    ...(audience === 'customer' ? { statusLabels: CUSTOMER_INVOICE_STATUS_LABELS } : {}),
    ...(taxLabel ? { taxLabel } : {}),
  });
  const { t } = useLingui();
  const style = company ? ({ '--brand': company.primary_color } as CSSProperties) : undefined;
  return (
    <Paper
      withBorder
      shadow="xs"
      p={{ base: 'md', sm: 'xl' }}
      className={classes.sheet}
      style={style}
      component="article"
      aria-label={t`Invoice document`}
      data-testid="invoice-paper"
    >
      <Stack gap="lg">
        <Letterhead company={company} heading={rows.heading} />
        {rows.draft && (
          <Text className={classes.draftMark} aria-hidden>
            <Trans>DRAFT</Trans>
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <div>
            <Heading>{W.billTo}</Heading>
            <Text fw={700}>{rows.billTo.name}</Text>
            <Text size="sm">{rows.billTo.mailbox}</Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {rows.billTo.email}
            </Text>
          </div>
          <div>
            <Heading>{W.details}</Heading>
            {rows.facts.map((f) => (
              <Fact key={f.label} label={f.label} testId={f.key ? `paper-${f.key}` : undefined}>
                {f.strong ? <strong>{f.value}</strong> : f.value}
              </Fact>
            ))}
          </div>
        </SimpleGrid>
        <PaperCharges rows={rows} number={invoice.number} />
        <Text fw={700} c={rows.overdue ? 'red.9' : undefined} data-testid="paper-due">
          {rows.due}
        </Text>
        {rows.howToPay && <PaperHowToPaySection how={rows.howToPay} overdue={rows.overdue} />}
        {rows.payments.length > 0 && <PaperPayments payments={rows.payments} />}
        {[
          [W.notes, rows.notes],
          [W.terms, rows.terms],
        ].map(([label, body]) =>
          body ? (
            <div key={label}>
              <Heading>{label}</Heading>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {body}
              </Text>
            </div>
          ) : null,
        )}
      </Stack>
    </Paper>
  );
}

/** An invoice's page while it loads: its title line, then the paper. */
export function LoadingInvoice({ paperHeight }: { paperHeight: number }) {
  const { t } = useLingui();
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t`Loading the invoice`}>
      <Skeleton h={40} w="60%" />
      <Skeleton h={paperHeight} radius="md" />
    </Stack>
  );
}
