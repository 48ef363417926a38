import { Alert, Anchor, Button, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconMailCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api/api-error';
import { useSession } from '../../lib/session/use-session';
import { AuthCard } from './AuthCard';
import { logout, verifyEmail } from './api';
import { ResendVerification } from './ResendVerification';

/** /verification: check your inbox, resend with a cooldown. */
export function VerificationPending() {
  const session = useSession();
  const router = useRouter();
  const queryClient = useQueryClient();
  if (session.authenticated && session.verified) {
    return (
      <AuthCard title="Your email is verified">
        <Button component={Link} to="/user">
          Go to your dashboard
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Verify your email">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconMailCheck size={36} aria-hidden />
        </ThemeIcon>
        <Text>
          {session.authenticated
            ? 'We sent a verification link to your email address. Open it on this device to activate your account.'
            : // After a sign-up whose address already had an account, its owner got a different mail: say only
              // what is true of both.
              'We sent a message to your email address. Open it and follow its link to continue.'}
        </Text>
        <Text size="sm" c="dimmed">
          Nothing arrived? Check your spam folder, or ask for a new email.
        </Text>
      </Stack>
      {session.userId ? (
        <ResendVerification userId={session.userId} />
      ) : (
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/login">
            Log in
          </Anchor>{' '}
          to get a new verification email.
        </Text>
      )}
      {session.authenticated && (
        <Button
          variant="subtle"
          onClick={async () => {
            await logout();
            queryClient.clear();
            await router.navigate({ to: '/login' });
          }}
        >
          Log out
        </Button>
      )}
    </AuthCard>
  );
}

/** One consumption per token, even when React mounts the effect twice. */
const attempts = new Map<string, Promise<void>>();

/** /verification/{id}: consume the emailed token, then go to /verification/verified. */
export function VerifyToken({ token }: { token: string }) {
  const router = useRouter();
  const session = useSession();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let attempt = attempts.get(token);
    if (!attempt) {
      attempt = verifyEmail(token);
      attempts.set(token, attempt);
    }
    attempt.then(
      () => {
        if (!cancelled) void router.navigate({ to: '/verification/verified', replace: true });
      },
      (e: unknown) => {
        attempts.delete(token);
        if (!cancelled) setError(errorMessage(e, 'This verification link could not be used.'));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, router]);

  if (!error) {
    return (
      <AuthCard title="Verifying your email">
        <Stack align="center" py="md" role="status">
          <Loader aria-hidden />
          <Text>Checking your link…</Text>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="We could not verify your email">
      <Alert color="red" variant="light" role="alert" title="Verification failed">
        {error} The link may have expired or already been used. Ask for a new email below.
      </Alert>
      {session.userId ? (
        <ResendVerification userId={session.userId} />
      ) : (
        <Button component={Link} to="/login">
          Log in to get a new link
        </Button>
      )}
    </AuthCard>
  );
}

/** /verification/verified */
export function Verified() {
  const session = useSession();
  return (
    <AuthCard title="Email verified">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="green">
          <IconCircleCheck size={36} aria-hidden />
        </ThemeIcon>
        <Text>Thank you: your email address is verified and your account is active.</Text>
      </Stack>
      {session.authenticated ? (
        <Button component={Link} to="/user">
          Go to your dashboard
        </Button>
      ) : (
        <Button component={Link} to="/login">
          Log in
        </Button>
      )}
    </AuthCard>
  );
}
