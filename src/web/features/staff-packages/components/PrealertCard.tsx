import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { StaffPackageDetail } from '../../../../contract/staff-packages';
import { errorMessage } from '../../../lib/api';
import { formatDateTime, formatDeclared, formatWeight } from '../../../lib/format';
import { useLinkPrealert, useUnlinkPrealert } from '../hooks';

/** The pre-alert the parcel matched, or linking one by its tracking number. */
export function PrealertCard({ pkg }: { pkg: StaffPackageDetail }) {
  const { t } = useLingui();
  const link = useLinkPrealert(pkg.id);
  const unlink = useUnlinkPrealert(pkg.id);
  const [tracking, setTracking] = useState('');
  const [error, setError] = useState<string | undefined>();
  const pre = pkg.prealert;
  // "Declared value $40.00 · 2 lb · sent 3 May, 10:00" (the weight only when the pre-alert gave one).
  const prealertFacts = (p: NonNullable<StaffPackageDetail['prealert']>) => {
    const value = formatDeclared(p.value_cents, 'USD', t`not given`);
    const sent = formatDateTime(p.created_at);
    if (!(Number(p.weight) > 0)) return t`Declared value ${value} · sent ${sent}`;
    const weight = formatWeight(p.weight);
    return t`Declared value ${value} · ${weight} · sent ${sent}`;
  };
  return (
    <Card withBorder component="section" aria-labelledby="pkg-prealert">
      <Title order={2} fz="lg" id="pkg-prealert" mb="xs">
        <Trans>Pre-alert</Trans>
      </Title>
      {pre ? (
        <Stack gap={4}>
          <Text size="sm" ff="monospace" fw={600}>
            {pre.tracking_number}
          </Text>
          <Text size="sm">
            {pre.seller_name} · {pre.description}
          </Text>
          <Text size="sm" c="dimmed">
            {prealertFacts(pre)}
          </Text>
          <Group justify="flex-end">
            <Button
              variant="light"
              color="red"
              loading={unlink.isPending}
              onClick={() =>
                unlink.mutate(undefined, {
                  onSuccess: () =>
                    notifications.show({
                      color: 'teal',
                      title: t`Pre-alert unlinked`,
                      message: t`It is pending again`,
                    }),
                  onError: (e) =>
                    notifications.show({
                      color: 'red',
                      title: t`Could not unlink`,
                      message: errorMessage(e),
                    }),
                })
              }
            >
              <Trans>Unlink pre-alert</Trans>
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setError(undefined);
            if (!tracking.trim()) return setError(t`Enter the pre-alert’s tracking number`);
            link.mutate(tracking, {
              onSuccess: (saved) => {
                setTracking('');
                notifications.show({
                  color: 'teal',
                  title: t`Pre-alert linked`,
                  message: saved.prealert?.tracking_number ?? '',
                });
              },
              onError: (err) => setError(errorMessage(err)),
            });
          }}
          noValidate
        >
          <Stack gap="xs">
            <TextInput
              label={t`Pre-alert tracking number`}
              description={
                pkg.owner
                  ? t`One of this customer’s pending pre-alerts`
                  : t`The parcel goes to the customer who sent it`
              }
              value={tracking}
              onChange={(e) => setTracking(e.currentTarget.value)}
              error={error}
              autoComplete="off"
            />
            <Group justify="flex-end">
              <Button type="submit" variant="light" loading={link.isPending}>
                <Trans>Link pre-alert</Trans>
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
