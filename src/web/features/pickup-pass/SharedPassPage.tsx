import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../components/PageTitle';
import { errorMessage } from '../../lib/api';
import { sharedPickupPassQueryOptions } from './api';
import { PassCard } from './components/PassCard';

/** /pass/$token: the one pass a share link names, for whoever holds it; nothing else of the account. */
export function SharedPassPage({ token }: { token: string }) {
  usePageTitle('Pickup pass');
  const query = useQuery(sharedPickupPassQueryOptions(token));
  if (query.isPending) return <Skeleton h={360} radius="md" aria-label="Loading the pass" />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="This pass cannot be shown">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const p = query.data;
  return (
    <Stack gap="md">
      <Text ta="center">A pickup pass from {p.company.name}. Show it at the counter with your photo ID.</Text>
      <PassCard pass={{ ...p, title: `Pickup pass for ${p.holder_name}` }} headingId="shared-pass" />
    </Stack>
  );
}
