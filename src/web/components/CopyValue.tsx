import { useLingui } from '@lingui/react/macro';
import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A small copy button for one value; its name says what it copies, then that it was copied. */
export function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  const name = label.toLowerCase();
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t`Copied` : t`Copy ${name}`} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'green' : 'gray'}
            onClick={copy}
            aria-label={copied ? t`${label} copied` : t`Copy ${name}`}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
