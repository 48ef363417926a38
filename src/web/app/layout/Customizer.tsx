import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Drawer, Group, Radio, Stack, Text, useMantineColorScheme } from '@mantine/core';
import { useSettings } from '../settings';

interface CustomizerProps {
  opened: boolean;
  onClose: () => void;
}

/** Theme, skin, navigation and content width; kept in browser storage. */
export function Customizer({ opened, onClose }: CustomizerProps) {
  const { settings, update, reset } = useSettings();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const { t } = useLingui();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={t`Theme customizer`}
      size="sm"
      closeButtonProps={{ 'aria-label': t`Close customizer` }}
    >
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          <Trans>Customize and preview in real time. Your choices are kept on this device.</Trans>
        </Text>
        <Radio.Group
          label={t`Theme`}
          value={colorScheme}
          onChange={(v) => setColorScheme(v as 'light' | 'dark' | 'auto')}
        >
          <Group mt="xs">
            <Radio value="light" label={t`Light`} />
            <Radio value="dark" label={t`Dark`} />
            <Radio value="auto" label={t`System`} />
          </Group>
        </Radio.Group>
        <Radio.Group
          label={t`Skin`}
          value={settings.skin}
          onChange={(v) => update({ skin: v as 'default' | 'bordered' })}
        >
          <Group mt="xs">
            <Radio value="default" label={t`Default`} />
            <Radio value="bordered" label={t`Bordered`} />
          </Group>
        </Radio.Group>
        <Radio.Group
          label={t`Navigation layout`}
          description={t`Small screens always use the vertical menu.`}
          value={settings.navLayout}
          onChange={(v) => update({ navLayout: v as 'vertical' | 'horizontal' })}
        >
          <Group mt="xs">
            <Radio value="vertical" label={t`Vertical`} />
            <Radio value="horizontal" label={t`Horizontal`} />
          </Group>
        </Radio.Group>
        <Radio.Group
          label={t`Content width`}
          value={settings.contentWidth}
          onChange={(v) => update({ contentWidth: v as 'boxed' | 'full' })}
        >
          <Group mt="xs">
            <Radio value="boxed" label={t`Boxed`} />
            <Radio value="full" label={t`Full width`} />
          </Group>
        </Radio.Group>
        <Button
          variant="default"
          onClick={() => {
            reset();
            setColorScheme('light');
          }}
        >
          <Trans>Reset to defaults</Trans>
        </Button>
      </Stack>
    </Drawer>
  );
}
