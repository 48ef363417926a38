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
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title="Theme customizer"
      size="sm"
      closeButtonProps={{ 'aria-label': 'Close customizer' }}
    >
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          Customize and preview in real time. Your choices are kept on this device.
        </Text>
        <Radio.Group
          label="Theme"
          value={colorScheme}
          onChange={(v) => setColorScheme(v as 'light' | 'dark' | 'auto')}
        >
          <Group mt="xs">
            <Radio value="light" label="Light" />
            <Radio value="dark" label="Dark" />
            <Radio value="auto" label="System" />
          </Group>
        </Radio.Group>
        <Radio.Group
          label="Skin"
          value={settings.skin}
          onChange={(v) => update({ skin: v as 'default' | 'bordered' })}
        >
          <Group mt="xs">
            <Radio value="default" label="Default" />
            <Radio value="bordered" label="Bordered" />
          </Group>
        </Radio.Group>
        <Radio.Group
          label="Navigation layout"
          description="Small screens always use the vertical menu."
          value={settings.navLayout}
          onChange={(v) => update({ navLayout: v as 'vertical' | 'horizontal' })}
        >
          <Group mt="xs">
            <Radio value="vertical" label="Vertical" />
            <Radio value="horizontal" label="Horizontal" />
          </Group>
        </Radio.Group>
        <Radio.Group
          label="Content width"
          value={settings.contentWidth}
          onChange={(v) => update({ contentWidth: v as 'boxed' | 'full' })}
        >
          <Group mt="xs">
            <Radio value="boxed" label="Boxed" />
            <Radio value="full" label="Full width" />
          </Group>
        </Radio.Group>
        <Button
          variant="default"
          onClick={() => {
            reset();
            setColorScheme('light');
          }}
        >
          Reset to defaults
        </Button>
      </Stack>
    </Drawer>
  );
}
