import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Group,
  Input,
  ScrollArea,
  SimpleGrid,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useId, useState } from 'react';
import { MENU_ICONS } from '../../../../contract/menus';
import { MenuIcon } from '../icons';
import classes from './IconPicker.module.css';

/**
 * The icon of an item: the curated Tabler icons as buttons (the chosen one pressed), with a search by name. Each
 * button is named by its icon, so a screen reader or a keyboard user picks as easily as a mouse.
 */
export function IconPicker({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (name: string) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const labelId = useId();
  const needle = search.trim().toLowerCase();
  const shown = MENU_ICONS.filter((n) => n.includes(needle.replace(/\s+/g, '-')));
  return (
    <Input.Wrapper
      labelElement="div"
      label={
        <span id={labelId}>
          <Trans>Icon</Trans>
        </span>
      }
      description={
        <Group gap={6} component="span">
          <Trans>
            Chosen: <MenuIcon name={value} size={16} />{' '}
            <Text span size="xs" fw={600}>
              {value}
            </Text>
          </Trans>
        </Group>
      }
    >
      <TextInput
        mt={6}
        label={t`Search icons`}
        placeholder={t`e.g. package, money, user`}
        size="xs"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        disabled={disabled}
        autoComplete="off"
      />
      <ScrollArea.Autosize mah={180} mt={6} type="auto">
        <SimpleGrid cols={{ base: 6, xs: 8 }} spacing={4} role="group" aria-labelledby={labelId}>
          {shown.map((name) => (
            <Tooltip key={name} label={name} openDelay={400}>
              <UnstyledButton
                className={classes.icon}
                aria-label={name}
                aria-pressed={name === value}
                data-selected={name === value || undefined}
                disabled={disabled}
                onClick={() => onChange(name)}
              >
                <MenuIcon name={name} size={20} />
              </UnstyledButton>
            </Tooltip>
          ))}
        </SimpleGrid>
        {shown.length === 0 && (
          <Text size="sm" c="dimmed" role="status">
            <Trans>No icon is called “{search}”.</Trans>
          </Text>
        )}
      </ScrollArea.Autosize>
    </Input.Wrapper>
  );
}
