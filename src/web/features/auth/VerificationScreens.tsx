import { Alert, Anchor, Button, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconMailCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { isApiError } from '../../lib/api/api-error';
import { useSession } from '../../lib/session/use-session';
import { AuthCard } from './AuthCard';
import { logout, meQueryOptions, verifyEmail } from './api';
import { ResendVerification } from './ResendVerification';

/** Where the sign-up mail went, kept for this tab only so /verification can say it after the redirect. */
const SIGNUP_EMAIL_KEY = 'signup-email';

export function rememberSignupEmail(email: string): void {
  try {
    sessionStorage.setItem(SIGNUP_EMAIL_KEY, email);
  } catch {
    /* storage unavailable: the screen then names no address */
  }
}

function signupEmail(): string | null {
  try {
    return sessionStorage.getItem(SIGNUP_EMAIL_KEY);
  } catch {
    return null;
  }
}

/** /verification: check your inbox (which one, and how to use another), resend with a cooldown. */
export function VerificationPending() {
  const session = useSession();
  const router = useRouter();
  const queryClient = useQueryClient();
  const me = useQuery({
    ...meQueryOptions(session.userId),
    enabled: session.authenticated && !session.verified,
  });
  const email = me.data?.email ?? signupEmail();
  if (session.authenticated && session.verified) {
    return (
      <AuthCard title="Your email is verified">
        <Button component={Link} to="/user">
          Go to your dashboard
        </Button>
      </AuthCard>
    );
  }
  const startOver = async () => {
    if (session.authenticated) await logout();
    queryClient.clear();
    await router.navigate({ to: '/signup' });
  };
  return (
    <AuthCard title="Verify your email">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconMailCheck size={36} aria-hidden />
        </ThemeIcon>
        <Text>
          {session.authenticated ? 'We sent a verification link to ' : 'We sent a message to '}
          {email ? (
            <Text span fw={700} data-testid="verification-email">
              {email}
            </Text>
          ) : (
            'your email address'
          )}
          {session.authenticated
            ? '. Open it on this device to activate your account.'
            : // After a sign-up whose address already had an account, its owner got a different mail: say only
              // what is true of both.
              '. Open it and follow its link to continue.'}
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
      <Text size="sm" ta="center">
        {email ? 'Not your address? ' : 'Wrong address? '}
        <Anchor component="button" type="button" onClick={() => void startOver()}>
          Sign up again with the right email
        </Anchor>
      </Text>
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

/** A token the server could accept (the contract's bounds): anything else is a broken link, not worth a request. */
const wellFormed = (token: string) => token.length >= 10 && token.length <= 200;

type Failure = 'unusable' | 'offline';

/** /verification/{id}: consume the emailed token, then go to /verification/verified. */
export function VerifyToken({ token }: { token: string }) {
  const router = useRouter();
  const session = useSession();
  // As it was on arrival: this link's own success makes the session verified, and must still lead on.
  const [alreadyVerified] = useState(() => session.authenticated && session.verified);
  const [failure, setFailure] = useState<Failure | null>(wellFormed(token) ? null : 'unusable');

  useEffect(() => {
    // A link opened again once the account is verified, or cut short by the mail app: nothing to ask the server.
    if (alreadyVerified || !wellFormed(token)) return;
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
        if (!cancelled) setFailure(isApiError(e) && e.isNetworkError ? 'offline' : 'unusable');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, router, alreadyVerified]);

  if (alreadyVerified) {
    return (
      <AuthCard title="Your email is verified">
        <Text>This link was already used: your account is active.</Text>
        <Button component={Link} to="/user">
          Go to your dashboard
        </Button>
      </AuthCard>
    );
  }
  if (!failure) {
    return (
      <AuthCard title="Verifying your email">
        <Stack align="center" py="md" role="status">
          <Loader aria-hidden />
          <Text>Checking your link…</Text>
        </Stack>
      </AuthCard>
    );
  }
  if (failure === 'offline') {
    return (
      <AuthCard title="We could not verify your email">
        <Alert color="orange" variant="light" role="alert">
          We could not reach the server. Check your connection, then open the link again.
        </Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="We could not verify your email">
      <Alert color="red" variant="light" role="alert">
        This link has expired or has already been used.{session.userId ? ' Ask for a new one below.' : ''}
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
