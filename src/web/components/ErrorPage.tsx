import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

interface ErrorPageProps {
  code?: string;
  title: string;
  message: string;
}

/** The one error screen: a code, a title, a sentence and the way back home. */
export function ErrorPage({ code, title, message }: ErrorPageProps) {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        {code && (
          <Text fz={64} fw={800} c="brand" lh={1} aria-hidden>
            {code}
          </Text>
        )}
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {title}
        </Title>
        <Text c="dimmed" maw={480}>
          {message}
        </Text>
        <Button component={Link} to="/" size="md">
          <Trans>Back to Home</Trans>
        </Button>
      </Stack>
    </Container>
  );
}

export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <ErrorPage
      code="404"
      title={t`Page Not Found`}
      message={t`We couldn't find the page you are looking for.`}
    />
  );
}

export function GenericErrorPage() {
  const { t } = useLingui();
  return (
    <ErrorPage
      title={t`Oops! Something went wrong.`}
      message={t`We are working on it and we'll get it fixed as soon as we can`}
    />
  );
}

export function NotAuthorizedPage() {
  const { t } = useLingui();
  return (
    <ErrorPage
      code="403"
      title={t`You are not authorized!`}
      message={t`You don't have permission to access this page. Go back home, or log in with another account.`}
    />
  );
}

export function ServerErrorPage() {
  const { t } = useLingui();
  return (
    <ErrorPage
      code="500"
      title={t`Oops! Something went wrong.`}
      message={t`We are working on it and we'll get it fixed as soon as we can`}
    />
  );
}
