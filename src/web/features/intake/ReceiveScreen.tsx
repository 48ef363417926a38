import '@mantine/core/styles/Grid.css';
import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Grid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { usePageTitle } from '../../components/PageTitle';
import { CameraScan } from '../../components/scan/CameraScan';
import { ReceiveFields } from './components/ReceiveFields';
import { RecentPanel } from './components/RecentPanel';
import { useReceiveForm } from './use-receive-form';

/**
 * /admin/receive: scan-first, keyboard-first intake. The tracking field has the focus; a handheld scanner types
 * and presses Enter, which moves on to the weight; Enter walks the fields, Ctrl+Enter saves from anywhere. After a
 * save the form is empty and the tracking field focused again at once; today's count and the last parcels stay.
 */
export function ReceiveScreen() {
  const { t } = useLingui();
  usePageTitle(t`Receive parcels`);
  const form = useReceiveForm();
  const [camera, setCamera] = useState(false);
  const { onScanned } = form;
  // Stable: the camera restarts whenever its handler changes.
  const onCode = useCallback(
    (code: string) => {
      setCamera(false);
      onScanned(code);
    },
    [onScanned],
  );
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          <Trans>Receive parcels</Trans>
        </Title>
        <Text c="dimmed">
          <Trans>Scan, weigh, save: Enter moves to the next field, Ctrl+Enter saves.</Trans>
        </Text>
      </div>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ReceiveFields form={form} onCamera={() => setCamera(true)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <RecentPanel />
        </Grid.Col>
      </Grid>
      <CameraScan opened={camera} onClose={() => setCamera(false)} onCode={onCode} />
    </Stack>
  );
}
