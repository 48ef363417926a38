import '../i18n';
import { useLingui } from '@lingui/react/macro';
import { Box, Group, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PlatformCompany } from '../../../../contract/platform';
import { formatDate } from '../../../lib/format';
import { formatBytes } from '../../../lib/upload/file-rules';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Text>
    </div>
  );
}

/** Who the company is to its customers: names, numbering, money, zone, colour, contacts and warehouse. */
export function CompanyFacts({ c }: { c: PlatformCompany }) {
  const { t } = useLingui();
  const a = c.warehouse_address;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
      <Field label={t`Short name`}>{c.short_name}</Field>
      <Field label={t`Host names`}>{c.hosts.join(', ')}</Field>
      <Field label={t`Mailbox prefix`}>{c.mailbox_prefix}</Field>
      <Field label={t`Currency`}>{c.currency}</Field>
      <Field label={t`Time zone`}>{c.time_zone.replace(/_/g, ' ')}</Field>
      <Field label={t`Brand colour`}>
        <Group gap={6} wrap="nowrap">
          <Box w={16} h={16} bg={c.primary_color} style={{ borderRadius: 4 }} aria-hidden />
          {c.primary_color}
        </Group>
      </Field>
      <Field label={t`Support e-mail`}>{c.support_email}</Field>
      <Field label={t`Support phone`}>{c.support_phone}</Field>
      <Field label={t`US warehouse address`}>
        {[a.line1, a.line2, `${a.city}, ${a.state} ${a.postal_code}`, a.country, a.phone]
          .filter(Boolean)
          .join(', ')}
      </Field>
      <Field label={t`Created`}>{formatDate(c.created_at)}</Field>
    </SimpleGrid>
  );
}

/** What the company uses of the platform, counted when the page was loaded. */
export function CompanyUsage({ c }: { c: PlatformCompany }) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
      <Field label={t`Customers`}>{String(c.usage.customers)}</Field>
      <Field label={t`Parcels this month`}>{String(c.usage.parcels_this_month)}</Field>
      <Field label={t`Invoices`}>{String(c.usage.invoices)}</Field>
      <Field label={t`Storage`}>{formatBytes(c.usage.stored_bytes)}</Field>
    </SimpleGrid>
  );
}
