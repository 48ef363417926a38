import { Card, Code, List, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntity, AuditValue } from '../../contract/audit';
import { auditCalls } from '../../contract/audit.calls';
import { api } from '../lib/api';
import { formatDate, formatDateTime, formatMoney } from '../lib/format';
import { LoadingRows, QueryStates } from './QueryStates';

/** The trail of one record; staff screens invalidate `['audit', entity, id]` after a change they make. */
export const auditQueryOptions = (entity: AuditEntity, id: string) =>
  queryOptions({
    queryKey: ['audit', entity, id],
    queryFn: () => api.call(auditCalls.list, { query: { entity, id } }),
  });

/**
 * A field as people say it when the screen gives no label: "amount_paid_cents" → "Amount paid", "due_at" → "Due",
 * "issue_date" → "Issue date".
 */
export function fieldLabel(field: string): string {
  const words = field
    .replace(/_(cents|at)$/, '')
    .replace(/[_.]+/g, ' ')
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : field;
}

/**
 * A value as the screens write it: cents in `currency` as money ("J$5,000.00"), calendar dates and times with the
 * shared date formatter, nothing as "—". Without a currency, cents stay a number (a record may hold two currencies).
 */
export function auditValue(field: string, v: AuditValue, currency?: string): string {
  if (v === null || v === '') return '—';
  if (typeof v === 'number' && field.endsWith('_cents') && currency) return formatMoney(v, currency);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDate(v);
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v)) return formatDateTime(v);
  return String(v);
}

/**
 * "History" on a staff record: who changed what, when, before → after, newest first. `labels` names fields as the
 * screen does ("Account name" for payment.bank_transfer.account_name); others are said from their key (fieldLabel).
 */
export function AuditTrail({
  entity,
  id,
  labels = {},
  currency,
}: {
  entity: AuditEntity;
  id: string;
  labels?: Record<string, string>;
  /** The currency of the record's `…_cents` fields (an invoice's, US$ for a package's declared value). */
  currency?: string;
}) {
  const query = useQuery(auditQueryOptions(entity, id));
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`audit-${id}`}>
      <Title order={2} fz="lg" id={`audit-${id}`} mb="sm">
        History
      </Title>
      <QueryStates
        query={query}
        loading={<LoadingRows label="Loading the history" count={3} h={36} />}
        errorTitle="The history could not be loaded"
        isEmpty={(d) => d.items.length === 0}
        empty={<Text c="dimmed">No changes recorded yet.</Text>}
      >
        {(d) => (
          <List spacing="sm" listStyleType="none" aria-label="Changes">
            {d.items.map((e) => (
              <List.Item key={e.id}>
                <Stack gap={2}>
                  <Text size="sm">
                    <Text span fw={600}>
                      {e.action}
                    </Text>{' '}
                    by {e.actor?.name || 'the system'} · {formatDateTime(e.created_at)}
                  </Text>
                  {Object.entries(e.changes).map(([field, [before, after]]) => (
                    <Text size="sm" key={field} c="dimmed">
                      {labels[field] ?? fieldLabel(field)}: <Code>{auditValue(field, before, currency)}</Code>{' '}
                      → <Code>{auditValue(field, after, currency)}</Code>
                    </Text>
                  ))}
                  {e.note ? (
                    <Text size="sm" c="dimmed">
                      “{e.note}”
                    </Text>
                  ) : null}
                </Stack>
              </List.Item>
            ))}
          </List>
        )}
      </QueryStates>
    </Card>
  );
}
