import { Trans } from '@lingui/react/macro';
import { Box, Center, Group, Image, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from '@tanstack/react-router';
import { LanguageSelect } from '../../components/LanguageSelect';
import { OfflineBanner } from '../../components/OfflineBanner';
import { companyQueryOptions } from '../../features/tenant/api';

/** Public pages: the brand on top, the page centred, no navigation; the language menu at the top's end. */
export function BlankLayout() {
  const { data: company } = useQuery(companyQueryOptions());
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)" px="md" py="xl">
      <Group justify="flex-end" maw={480} mx="auto" mb="xs">
        <LanguageSelect languages={company?.languages} />
      </Group>
      <Center>
        <Group gap="sm" mb="lg" wrap="nowrap">
          {company?.logo_url ? <Image src={company.logo_url} alt="" w={44} h={44} fit="contain" /> : null}
          <Text fw={800} fz={22}>
            {company?.name ?? <Trans>Customer portal</Trans>}
          </Text>
        </Group>
      </Center>
      <Box component="main" maw={480} mx="auto">
        <OfflineBanner serverName={company?.name} />
        <Outlet />
      </Box>
    </Box>
  );
}
