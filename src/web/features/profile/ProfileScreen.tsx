import '@mantine/core/styles/Grid.css';
import { Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Parish } from '../../../contract/reference';
import { usePageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryStates';
import { profileQueryOptions } from './api';
import { MailboxCard } from './MailboxCard';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { PushDevices } from './PushDevices';

export interface ProfileScreenProps {
  /** The parish list (the tenant's, cached on the device), passed in by the route. */
  parishes: Parish[];
  parishesLoading?: boolean;
  parishesError?: string | null;
}

/** /user/profile: personal details and email preferences, the password, and the mailbox with its US address. */
export function ProfileScreen({ parishes, parishesLoading, parishesError }: ProfileScreenProps) {
  usePageTitle('Profile');
  const profile = useQuery(profileQueryOptions());
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Profile
        </Title>
        <Text c="dimmed">Your details, email preferences, password and where to ship.</Text>
      </div>
      {profile.isPending ? (
        <Grid gap="md" aria-busy="true" aria-label="Loading your profile">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton h={560} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton h={420} radius="md" />
          </Grid.Col>
        </Grid>
      ) : profile.isError ? (
        <QueryError
          title="Could not load your profile"
          error={profile.error}
          onRetry={() => void profile.refetch()}
        />
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ProfileForm
              profile={profile.data}
              parishes={parishes}
              parishesLoading={parishesLoading ?? false}
              parishesError={parishesError ?? null}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <MailboxCard profile={profile.data} />
              <PushDevices />
              <PasswordForm />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
