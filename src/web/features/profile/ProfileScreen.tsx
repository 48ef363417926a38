import '@mantine/core/styles/Grid.css';
import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Parish } from '../../../contract/reference';
import { usePageTitle } from '../../components/PageTitle';
import { QueryError } from '../../components/QueryStates';
import { profileQueryOptions } from './api';
import { LanguageSetting } from './LanguageSetting';
import { MailboxCard } from './MailboxCard';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';
import { PushDevices } from './PushDevices';

export interface ProfileScreenProps {
  /** The parish list (the tenant's, cached on the device), passed in by the route. */
  parishes: Parish[];
  parishesLoading?: boolean;
  parishesError?: string | null;
  /** The languages the company offers (its settings), for the language select. */
  languages?: readonly string[] | undefined;
}

/** /user/profile: personal details and email preferences, the password, and the mailbox with its US address. */
export function ProfileScreen({ parishes, parishesLoading, parishesError, languages }: ProfileScreenProps) {
  const { t } = useLingui();
  usePageTitle(t`Profile`);
  const profile = useQuery(profileQueryOptions());
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          <Trans>Profile</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>Your details, email preferences, password and where to ship.</Trans>
        </Text>
      </div>
      {profile.isPending ? (
        <Grid gap="md" role="status" aria-busy="true" aria-label={t`Loading your profile`}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Skeleton h={560} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton h={420} radius="md" />
          </Grid.Col>
        </Grid>
      ) : profile.isError ? (
        <QueryError
          title={t`Could not load your profile`}
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
              <LanguageSetting languages={languages} />
              <PushDevices />
              <PasswordForm />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
