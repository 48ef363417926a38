import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
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

/** Where the link went, as whole sentences (translators need them whole). */
function SentTo({ authenticated, email }: { authenticated: boolean; email: string | null }) {
  if (!email) {
    return authenticated ? (
      <Trans>
        We sent a verification link to your email address. Open it on this device to activate your account.
      </Trans>
    ) : (
      <Trans>We sent a message to your email address. Open it and follow its link to continue.</Trans>
    );
  }
  const address = (
    <Text span fw={700} data-testid="verification-email">
      {email}
    </Text>
  );
  // After a sign-up whose address already had an account, its owner got a different mail: say only what is true
  // of both.
  return authenticated ? (
    <Trans>We sent a verification link to {address}. Open it on this device to activate your account.</Trans>
  ) : (
    <Trans>We sent a message to {address}. Open it and follow its link to continue.</Trans>
  );
}

/** /verification: check your inbox (which one, and how to use another), resend with a cooldown. */
export function VerificationPending() {
  const { t } = useLingui();
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
      <AuthCard title={t`Your email is verified`}>
        <Button component={Link} to="/user">
          <Trans>Go to your dashboard</Trans>
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
    <AuthCard title={t`Verify your email`}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconMailCheck size={36} aria-hidden />
        </ThemeIcon>
        <Text>
          <SentTo authenticated={session.authenticated} email={email} />
        </Text>
        <Text size="sm" c="dimmed">
          <Trans>Nothing arrived? Check your spam folder, or ask for a new email.</Trans>
        </Text>
      </Stack>
      {session.userId ? (
        <ResendVerification userId={session.userId} />
      ) : (
        <Text size="sm" ta="center">
          <Trans>
            <Anchor component={Link} to="/login">
              Log in
            </Anchor>{' '}
            to get a new verification email.
          </Trans>
        </Text>
      )}
      <Text size="sm" ta="center">
        {email ? t`Not your address?` : t`Wrong address?`}{' '}
        <Anchor component="button" type="button" onClick={() => void startOver()}>
          <Trans>Sign up again with the right email</Trans>
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
          <Trans>Log out</Trans>
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
  const { t } = useLingui();
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
      <AuthCard title={t`Your email is verified`}>
        <Text>
          <Trans>This link was already used: your account is active.</Trans>
        </Text>
        <Button component={Link} to="/user">
          <Trans>Go to your dashboard</Trans>
        </Button>
      </AuthCard>
    );
  }
  if (!failure) {
    return (
      <AuthCard title={t`Verifying your email`}>
        <Stack align="center" py="md" role="status">
          <Loader aria-hidden />
          <Text>
            <Trans>Checking your link…</Trans>
          </Text>
        </Stack>
      </AuthCard>
    );
  }
  if (failure === 'offline') {
    return (
      <AuthCard title={t`We could not verify your email`}>
        <Alert color="orange" variant="light" role="alert">
          <Trans>We could not reach the server. Check your connection, then open the link again.</Trans>
        </Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t`We could not verify your email`}>
      <Alert color="red" variant="light" role="alert">
        {session.userId ? (
          <Trans>This link has expired or has already been used. Ask for a new one below.</Trans>
        ) : (
          <Trans>This link has expired or has already been used.</Trans>
        )}
      </Alert>
      {session.userId ? (
        <ResendVerification userId={session.userId} />
      ) : (
        <Button component={Link} to="/login">
          <Trans>Log in to get a new link</Trans>
        </Button>
      )}
    </AuthCard>
  );
}

/** /verification/verified */
export function Verified() {
  const { t } = useLingui();
  const session = useSession();
  return (
    <AuthCard title={t`Email verified`}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="green">
          <IconCircleCheck size={36} aria-hidden />
        </ThemeIcon>
        <Text>
          <Trans>Thank you: your email address is verified and your account is active.</Trans>
        </Text>
      </Stack>
      {session.authenticated ? (
        <Button component={Link} to="/user">
          <Trans>Go to your dashboard</Trans>
        </Button>
      ) : (
        <Button component={Link} to="/login">
          <Trans>Log in</Trans>
        </Button>
      )}
    </AuthCard>
  );
}
