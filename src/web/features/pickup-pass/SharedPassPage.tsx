import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../components/PageTitle';
import { errorMessage } from '../../lib/api';
import { sharedPickupPassQueryOptions } from './api';
import { PassCard } from './components/PassCard';

/** /pass/$token: the one pass a share link names, for whoever holds it; nothing else of the account. */
export function SharedPassPage({ token }: { token: string }) {
  const { t } = useLingui();
  usePageTitle(t`Pickup pass`);
  const query = useQuery(sharedPickupPassQueryOptions(token));
  if (query.isPending) return <Skeleton h={360} radius="md" role="status" aria-label={t`Loading the pass`} />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t`This pass cannot be shown`}>
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const p = query.data;
  const companyName = p.company.name;
  const holder = p.holder_name;
  return (
    <Stack gap="md">
      <Text ta="center">
        <Trans>A pickup pass from {companyName}. Show it at the counter with your photo ID.</Trans>
      </Text>
      <PassCard pass={{ ...p, title: t`Pickup pass for ${holder}` }} headingId="shared-pass" />
    </Stack>
  );
}
