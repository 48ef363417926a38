import './i18n';
import { useLingui } from '@lingui/react/macro';
import { Button, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api/api-error';
import { useResendVerification } from './hooks';

export const RESEND_COOLDOWN_SECONDS = 60;

/** Resend the verification email, then wait 60 s (or the server's Retry-After) before allowing another. */
export function ResendVerification({
  userId,
  startWithCooldown = false,
}: {
  userId: string;
  startWithCooldown?: boolean;
}) {
  const { t } = useLingui();
  const [remaining, setRemaining] = useState(startWithCooldown ? RESEND_COOLDOWN_SECONDS : 0);
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const interval = useInterval(() => setRemaining((s) => Math.max(0, s - 1)), 1000);

  useEffect(() => {
    if (remaining > 0 && !interval.active) interval.start();
    if (remaining === 0 && interval.active) interval.stop();
  }, [remaining, interval]);

  const mutation = useResendVerification(userId);
  const resend = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        setFeedback({ ok: true, text: t`We sent you a new verification email.` });
        setRemaining(RESEND_COOLDOWN_SECONDS);
      },
      onError: (e) => {
        if (e instanceof ApiError && e.status === 429) {
          setRemaining(Math.max(1, Math.ceil(e.retryAfter ?? RESEND_COOLDOWN_SECONDS)));
          setFeedback({ ok: false, text: t`Please wait a moment before asking for another email.` });
        } else {
          setFeedback({
            ok: false,
            text: errorMessage(e, t`The email could not be sent. Please try again.`),
          });
        }
      },
    });

  return (
    <div>
      <Button
        variant="light"
        onClick={resend}
        loading={mutation.isPending}
        disabled={remaining > 0}
        fullWidth
      >
        {remaining > 0 ? t`Resend verification email (${remaining} s)` : t`Resend verification email`}
      </Button>
      <div aria-live="polite">
        {feedback && (
          <Text size="sm" mt="xs" c={feedback.ok ? 'green.9' : 'red.9'}>
            {feedback.text}
          </Text>
        )}
      </div>
    </div>
  );
}
