import '../i18n';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import type { Branding } from '../../../../contract/branding';
import { ApiError } from '../../../lib/api';
import { LOGO_ACCEPT, logoFileProblem } from '../branding-form';
import { type BrandingCalls, useRemoveLogo, useUploadLogo } from '../hooks';

const DropArea = lazy(() => import('../../../lib/upload/DropArea'));

const messageOf = (e: unknown) =>
  e instanceof ApiError
    ? (e.fieldErrors.logo?.join(' ') ?? e.message)
    : t`Could not reach the server. Try again.`;

/** The logo: the current one, a drop zone for a new one (PNG, JPEG or WebP), and "Remove logo". */
export function LogoSection({ branding, calls }: { branding: Branding; calls?: BrandingCalls | undefined }) {
  const { t } = useLingui();
  const upload = useUploadLogo(calls);
  const remove = useRemoveLogo(calls);
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  const onFiles = (files: File[]) => {
    const [file] = files;
    if (!file) return;
    setError(null);
    const problem = files.length > 1 ? t`Drop one image` : logoFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    upload.mutate(file, {
      onSuccess: () =>
        notifications.show({ color: 'green', title: t`Logo saved`, message: t`New visits show it at once.` }),
      onError: (e) => setError(messageOf(e)),
    });
  };

  return (
    <Card padding="lg" component="section" aria-labelledby="brand-logo-heading">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="brand-logo-heading">
            <Trans>Logo</Trans>
          </Title>
          <Text size="sm" c="dimmed" id="brand-logo-help">
            <Trans>
              PNG, JPEG or WebP, at least 64 × 64 pixels, 2 MB at most (SVG is not accepted). The header shows
              it, and the app's icons are made from it.
            </Trans>
          </Text>
        </div>
        <Group gap="md" align="center" wrap="wrap">
          {branding.logo_url ? (
            <Image
              src={branding.logo_url}
              alt={t`Current logo`}
              w={96}
              h={96}
              fit="contain"
              bd="1px solid var(--mantine-color-default-border)"
              bdrs="sm"
            />
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>No logo: the header shows the name, and the icons a parcel in the brand colour.</Trans>
            </Text>
          )}
          {branding.logo_url ? (
            <Button
              variant="default"
              color="red"
              loading={remove.isPending}
              disabled={busy}
              onClick={() => {
                setError(null);
                remove.mutate(undefined, {
                  onSuccess: () =>
                    notifications.show({
                      color: 'green',
                      title: t`Logo removed`,
                      message: t`New visits show the name alone.`,
                    }),
                  onError: (e) => setError(messageOf(e)),
                });
              }}
            >
              <Trans>Remove logo</Trans>
            </Button>
          ) : null}
        </Group>
        <Suspense
          fallback={
            <Text size="sm">
              <Trans>Loading…</Trans>
            </Text>
          }
        >
          <DropArea
            inputId="brand-logo-file"
            label={t`Logo file`}
            describedBy="brand-logo-help"
            disabled={busy}
            onFiles={onFiles}
            accept={LOGO_ACCEPT}
            multiple={false}
            chooseLabel={upload.isPending ? t`Uploading…` : t`Choose a logo`}
          />
        </Suspense>
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
