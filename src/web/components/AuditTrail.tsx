import { Card, Code, List, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntity, AuditValue } from '../../contract/audit';
import { auditCalls } from '../../contract/audit.calls';
import { api } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { LoadingRows, QueryStates } from './QueryStates';

/** The trail of one record; staff screens invalidate `['audit', entity, id]` after a change they make. */
export const auditQueryOptions = (entity: AuditEntity, id: string) =>
  queryOptions({
    queryKey: ['audit', entity, id],
    queryFn: () => api.call(auditCalls.list, { query: { entity, id } }),
  });

const shown = (v: AuditValue) => (v === null || v === '' ? '—' : String(v));

/**
 * "History" on a staff record: who changed what, when, before → after, newest first. `labels` names fields as the
 * screen does ("Account name" for payment.bank_transfer.account_name); others show their key.
 */
export function AuditTrail({
  entity,
  id,
  labels = {},
}: {
  entity: AuditEntity;
  id: string;
  labels?: Record<string, string>;
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
                      {labels[field] ?? field}: <Code>{shown(before)}</Code> → <Code>{shown(after)}</Code>
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
