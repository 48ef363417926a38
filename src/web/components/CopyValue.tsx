import { useLingui } from '@lingui/react/macro';
import { ActionIcon, CopyButton } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useRef } from 'react';
import { useHoverHint } from './hover-hint';

/** A small copy button for one value; its name says what it copies, then that it was copied. */
export function CopyValue({ value, label }: { value: string; label: string }) {
  const { t } = useLingui();
  const name = label.toLowerCase();
  const button = useRef<HTMLButtonElement>(null);
  const { hintTarget, hint } = useHoverHint(button);
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <>
          <ActionIcon
            ref={button}
            variant="subtle"
            color={copied ? 'green' : 'gray'}
            onClick={copy}
            aria-label={copied ? t`${label} copied` : t`Copy ${name}`}
            {...hintTarget}
          >
            {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          </ActionIcon>
          {hint(copied ? t`Copied` : t`Copy ${name}`)}
        </>
      )}
    </CopyButton>
  );
}
