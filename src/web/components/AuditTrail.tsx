import { Trans, useLingui } from '@lingui/react/macro';
import { Card, Code, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AuditEntity } from '../../contract/audit';
import { INVOICE_STATUS_LABELS } from '../../contract/constants';
import { actionLabel, auditQueryOptions, type ShownChange, shownChanges } from '../lib/audit';
import { formatDateTime } from '../lib/format';
import { packageStatusesQueryOptions } from '../lib/reference/api';
import { LoadingRows, QueryStates } from './QueryStates';

/** "Title: Home" for a value set, "Status: Issued → Paid" for a change, "Notes: “Fragile” → —" for one cleared. */
function Change({ change }: { change: ShownChange }) {
  return (
    <Text size="sm" c="dimmed">
      {change.label}:{' '}
      {change.before === null ? (
        <Code>{change.after}</Code>
      ) : (
        <>
          <Code>{change.before}</Code> → <Code>{change.after ?? '—'}</Code>
        </>
      )}
    </Text>
  );
}

/** "Status changed by Ann Lee · Nov 23, 2026, 2:46 PM". */
function Entry({ action, actor, at }: { action: string; actor: string | undefined; at: string }) {
  const bold = (
    <Text span fw={600}>
      {action}
    </Text>
  );
  return actor ? (
    <Trans>
      {bold} by {actor} · {at}
    </Trans>
  ) : (
    <Trans>
      {bold} by the system · {at}
    </Trans>
  );
}

/** Status codes as the record's screens name them: a package's and a shipment's from the company's table. */
function useStatusNames(entity: AuditEntity): Record<string, string> {
  const { t } = useLingui();
  const packageLike = entity === 'package' || entity === 'shipment';
  const statuses = useQuery({ ...packageStatusesQueryOptions(), enabled: packageLike });
  if (entity === 'invoice') return INVOICE_STATUS_LABELS;
  if (!packageLike) return {};
  return { open: t`Open`, ...Object.fromEntries((statuses.data ?? []).map((s) => [s.code, s.name])) };
}

/**
 * "History" on a staff record: who changed what, when, before → after, newest first. `labels` names fields as the
 * screen does ("Account name" for payment.bank_transfer.account_name); others are said from their key.
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
  const statusNames = useStatusNames(entity);
  const { t } = useLingui();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`audit-${id}`}>
      <Title order={2} fz="lg" id={`audit-${id}`} mb="sm">
        <Trans>History</Trans>
      </Title>
      <QueryStates
        query={query}
        loading={<LoadingRows label={t`Loading the history`} count={3} h={36} />}
        errorTitle={t`The history could not be loaded`}
        isEmpty={(d) => d.items.length === 0}
        empty={
          <Text c="dimmed">
            <Trans>No changes recorded yet.</Trans>
          </Text>
        }
      >
        {(d) => (
          <List spacing="sm" listStyleType="none" aria-label={t`Changes`}>
            {d.items.map((e) => (
              <List.Item key={e.id}>
                <Stack gap={2}>
                  <Text size="sm">
                    <Entry
                      action={actionLabel(e.action)}
                      actor={e.actor?.name}
                      at={formatDateTime(e.created_at)}
                    />
                  </Text>
                  {shownChanges(e.changes, { labels, currency, statusNames }).map((c) => (
                    <Change key={c.field} change={c} />
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
