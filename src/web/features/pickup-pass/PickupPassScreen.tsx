import './i18n';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { MyPickupPasses, PickupPass } from '../../../contract/pickup-pass';
import { usePageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { formatDateTime } from '../../lib/format';
import { myPickupPassQueryOptions } from './api';
import { PassCard, type PassView } from './components/PassCard';
import { SharePassButton } from './components/SharePassButton';

export const NOTHING_READY = msg`Nothing is ready for pickup yet — we’ll show your pass here when a parcel is.`;

const viewOf = (p: PickupPass, title: string): PassView => ({ ...p, title });

/**
 * /user/pickup-pass: the customer's pass (QR and code) for their parcels ready for pickup, and one per authorized
 * person to share. Works offline from the last answer (the query cache is persisted).
 */
export function PickupPassScreen() {
  const { t } = useLingui();
  usePageTitle(t`Pickup pass`);
  const query = useQuery(myPickupPassQueryOptions());
  const { data } = query;
  const savedAt = query.dataUpdatedAt ? formatDateTime(new Date(query.dataUpdatedAt)) : null;
  return (
    <Stack gap="lg" maw={560}>
      <ScreenHeader
        title={t`Pickup pass`}
        description={t`Show this pass at the counter to collect your parcels. It works without a connection once opened.`}
      />
      {query.isPending ? (
        <Skeleton h={360} radius="md" role="status" aria-label={t`Loading your pass`} />
      ) : query.isError && !data ? (
        <QueryError
          title={t`Your pass could not be loaded`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : data ? (
        <>
          {query.isError && (
            <Text size="sm" c="dimmed" role="status">
              {savedAt ? (
                <Trans>Showing your pass as last saved ({savedAt}).</Trans>
              ) : (
                <Trans>Showing your pass as last saved.</Trans>
              )}
            </Text>
          )}
          <PassesView data={data} />
        </>
      ) : null}
    </Stack>
  );
}

/** The customer's pass (or why there is none yet) and their authorized persons' passes, each with "Share pass". */
export function PassesView({ data }: { data: MyPickupPasses }) {
  const { t, i18n } = useLingui();
  return (
    <>
      {data.pass.state === 'none' ? (
        <Alert variant="light" color="blue" title={t`No pass yet`}>
          {i18n._(NOTHING_READY)}
        </Alert>
      ) : (
        <PassCard pass={viewOf(data.pass, t`Your pass`)} headingId="pass-own" />
      )}
      {data.pass.state !== 'none' && data.shared.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="pass-shared">
          <Title order={2} fz="lg" id="pass-shared">
            <Trans>Passes for your authorized persons</Trans>
          </Title>
          <Text size="sm" c="dimmed">
            <Trans>
              Someone collecting for you shows their own pass and a photo ID. Their link shows only their
              pass.
            </Trans>
          </Text>
          {data.shared.map((p) => {
            const holder = p.holder.name;
            return (
              <Stack key={p.holder.authorized_person_id} gap="xs">
                <PassCard
                  pass={viewOf(p, t`For ${holder}`)}
                  headingId={`pass-${p.holder.authorized_person_id}`}
                />
                {p.share_url && p.state === 'active' && (
                  <Group gap="sm">
                    <SharePassButton url={p.share_url} name={p.holder.name} />
                  </Group>
                )}
              </Stack>
            );
          })}
        </Stack>
      )}
    </>
  );
}
