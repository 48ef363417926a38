import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { IconCopy, IconShare } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * Shares a pass's link: the phone's share sheet where there is one (Web Share API), else the link copied. Says what
 * happened beside the button (a screen reader hears it too).
 */
export function SharePassButton({ url, name }: { url: string; name: string }) {
  const { t } = useLingui();
  const [said, setSaid] = useState<string | null>(null);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = async () => {
    try {
      if (canShare) {
        await navigator.share({ title: t`Pickup pass for ${name}`, url });
        setSaid(null);
        return;
      }
      await navigator.clipboard.writeText(url);
      setSaid(t`Link copied`);
    } catch (e) {
      // Closing the share sheet is not a failure.
      if (e instanceof DOMException && e.name === 'AbortError') return;
      setSaid(t`Could not share: copy this link instead ${url}`);
    }
  };
  return (
    <>
      <Button
        variant="light"
        leftSection={canShare ? <IconShare size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
        onClick={() => void share()}
        aria-label={t`Share pass with ${name}`}
      >
        <Trans>Share pass</Trans>
      </Button>
      <span role="status" style={{ overflowWrap: 'anywhere', fontSize: 14 }}>
        {said}
      </span>
    </>
  );
}
