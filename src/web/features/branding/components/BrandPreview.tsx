import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { buildPalette, FILLED_SHADE } from '../../../lib/palette';

/**
 * What customers will see, from the values being edited: the app's header (logo and name), a button in the colour,
 * and the home-screen icon with the short name under it (the parcel in the colour when there is no logo).
 */
export function BrandPreview({
  name,
  shortName,
  color,
  logoUrl,
  iconLogoUrl,
}: {
  name: string;
  shortName: string;
  color: string;
  logoUrl: string;
  /** The uploaded logo ('' for none): icons are made only from an upload, else the parcel in the colour. */
  iconLogoUrl: string;
}) {
  const { t } = useLingui();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="brand-preview-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="brand-preview-heading">
          <Trans>Preview</Trans>
        </Title>
        <Box
          data-testid="brand-preview-header"
          p="sm"
          bd="1px solid var(--mantine-color-default-border)"
          bdrs="sm"
        >
          <Group gap="xs" wrap="nowrap">
            {logoUrl ? <Image src={logoUrl} alt="" w={34} h={34} fit="contain" /> : null}
            <Text fw={700} truncate>
              {name || t`Company name`}
            </Text>
          </Group>
        </Box>
        <Group gap="lg" align="flex-start" wrap="wrap">
          {/* A button's look, not a button: nothing here is to be clicked. In the shade the theme fills buttons with
              (darkened where white text needs it), as customers will see it. */}
          <Box
            component="span"
            data-testid="brand-preview-button"
            bg={buildPalette(color)[FILLED_SHADE]}
            c="#ffffff"
            px="md"
            py={8}
            bdrs="sm"
            fw={600}
            fz="sm"
          >
            <Trans>Track a package</Trans>
          </Box>
          <Stack gap={4} align="center" w={96}>
            <Box
              data-testid="brand-preview-icon"
              w={64}
              h={64}
              bdrs={14}
              bg={iconLogoUrl ? '#ffffff' : color}
              bd="1px solid var(--mantine-color-default-border)"
              style={{ display: 'grid', placeItems: 'center', overflow: 'hidden' }}
            >
              {iconLogoUrl ? (
                <Image src={iconLogoUrl} alt="" w={52} h={52} fit="contain" />
              ) : (
                <IconPackage size={36} color="#ffffff" aria-hidden />
              )}
            </Box>
            <Text size="xs" ta="center" truncate maw={96}>
              {shortName || t`Short name`}
            </Text>
          </Stack>
        </Group>
      </Stack>
    </Card>
  );
}
