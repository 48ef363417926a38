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

export const NOTHING_READY = 'Nothing is ready for pickup yet — we’ll show your pass here when a parcel is.';

const viewOf = (p: PickupPass, title: string): PassView => ({ ...p, title });

/**
 * /user/pickup-pass: the customer's pass (QR and code) for their parcels ready for pickup, and one per authorized
 * person to share. Works offline from the last answer (the query cache is persisted).
 */
export function PickupPassScreen() {
  usePageTitle('Pickup pass');
  const query = useQuery(myPickupPassQueryOptions());
  const { data } = query;
  return (
    <Stack gap="lg" maw={560}>
      <ScreenHeader
        title="Pickup pass"
        description="Show this pass at the counter to collect your parcels. It works without a connection once opened."
      />
      {query.isPending ? (
        <Skeleton h={360} radius="md" aria-label="Loading your pass" />
      ) : query.isError && !data ? (
        <QueryError
          title="Your pass could not be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : data ? (
        <>
          {query.isError && (
            <Text size="sm" c="dimmed" role="status">
              Showing your pass as last saved
              {query.dataUpdatedAt ? ` (${formatDateTime(new Date(query.dataUpdatedAt))})` : ''}.
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
  return (
    <>
      {data.pass.state === 'none' ? (
        <Alert variant="light" color="blue" title="No pass yet">
          {NOTHING_READY}
        </Alert>
      ) : (
        <PassCard pass={viewOf(data.pass, 'Your pass')} headingId="pass-own" />
      )}
      {data.pass.state !== 'none' && data.shared.length > 0 && (
        <Stack gap="sm" component="section" aria-labelledby="pass-shared">
          <Title order={2} fz="lg" id="pass-shared">
            Passes for your authorized persons
          </Title>
          <Text size="sm" c="dimmed">
            Someone collecting for you shows their own pass and a photo ID. Their link shows only their pass.
          </Text>
          {data.shared.map((p) => (
            <Stack key={p.holder.authorized_person_id} gap="xs">
              <PassCard
                pass={viewOf(p, `For ${p.holder.name}`)}
                headingId={`pass-${p.holder.authorized_person_id}`}
              />
              {p.share_url && p.state === 'active' && (
                <Group gap="sm">
                  <SharePassButton url={p.share_url} name={p.holder.name} />
                </Group>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </>
  );
}
