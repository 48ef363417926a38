import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconBell, IconBellCheck, IconBellOff, IconDeviceMobile } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { PushPorts } from '../../lib/push/subscribe';
import { usePushPrompt } from '../../lib/push/use-push';

/** Where the prompt sits: its button's words and how much it says. */
export type PushPromptPlace = 'prealert' | 'bell' | 'profile';

/** The buttons' English words (tests find the buttons by them); the buttons say them in the current language. */
export const TURN_ON_LABEL = 'Turn on notifications on this device';
export const TELL_ME_LABEL = 'Tell me when it arrives';

/** The prompt's sentences, in the current language when read. */
export const PUSH_TEXT = {
  get on() {
    return t`Notifications are on for this device.`;
  },
  get onPrealert() {
    return t`We will notify you on this device when it arrives.`;
  },
  get deniedTitle() {
    return t`Notifications are blocked on this device`;
  },
  get denied() {
    return t`To turn them on, open this site's settings in your browser (the icon beside the address), allow Notifications, then reload the page.`;
  },
  get installTitle() {
    return t`Add the app to your Home Screen first`;
  },
  get install() {
    return t`On iPhone and iPad, notifications work from the installed app: tap Share, then Add to Home Screen, and open the app from there.`;
  },
  get unsupported() {
    return t`This browser cannot show notifications. You will still find every update under the bell and by e-mail.`;
  },
  get why() {
    return t`Get a notification on this device when a package arrives, is held or is ready for pickup, and when an invoice is issued.`;
  },
};

function Note({ icon, title, children }: { icon: ReactNode; title?: string; children: ReactNode }) {
  return (
    <Alert variant="light" color="gray" icon={icon} title={title} p="sm">
      <Text size="sm">{children}</Text>
    </Alert>
  );
}

/**
 * The one way this app asks to send notifications: a button the person clicks (never on load: browsers ignore or
 * punish an unprompted ask). A refusal is remembered and explained; iPhone and iPad are told to install first.
 */
export function PushPrompt({ place, ports }: { place: PushPromptPlace; ports?: PushPorts }) {
  const { state, busy, error, turnOn } = usePushPrompt(ports);
  if (state === null) return null;
  // The bell is for news: once on, it says nothing more about it.
  if (state === 'on') {
    if (place === 'bell') return null;
    return (
      <Text size="sm" c="dimmed" role="status" data-push-state="on">
        <IconBellCheck size={16} aria-hidden style={{ verticalAlign: '-3px', marginInlineEnd: 4 }} />
        {place === 'prealert' ? PUSH_TEXT.onPrealert : PUSH_TEXT.on}
      </Text>
    );
  }
  if (state === 'denied') {
    return (
      <div data-push-state="denied">
        <Note icon={<IconBellOff size={18} aria-hidden />} title={PUSH_TEXT.deniedTitle}>
          {PUSH_TEXT.denied}
        </Note>
      </div>
    );
  }
  if (state === 'install-first') {
    return (
      <div data-push-state="install-first">
        <Note icon={<IconDeviceMobile size={18} aria-hidden />} title={PUSH_TEXT.installTitle}>
          {PUSH_TEXT.install}
        </Note>
      </div>
    );
  }
  if (state === 'unsupported') {
    return (
      <Text size="sm" c="dimmed" data-push-state="unsupported">
        {PUSH_TEXT.unsupported}
      </Text>
    );
  }
  return (
    <Stack gap={6} align="flex-start" data-push-state="ask">
      {place === 'profile' && (
        <Text size="sm" c="dimmed">
          {PUSH_TEXT.why}
        </Text>
      )}
      <Button
        variant={place === 'bell' ? 'subtle' : 'light'}
        size={place === 'bell' ? 'compact-sm' : 'sm'}
        leftSection={<IconBell size={16} aria-hidden />}
        loading={busy}
        // The words wrap on a narrow phone rather than running out of the card.
        styles={{ root: { height: 'auto', minHeight: 30, paddingBlock: 4 }, label: { whiteSpace: 'normal' } }}
        onClick={() => void turnOn()}
      >
        {place === 'prealert' ? (
          <Trans>Tell me when it arrives</Trans>
        ) : (
          <Trans>Turn on notifications on this device</Trans>
        )}
      </Button>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
