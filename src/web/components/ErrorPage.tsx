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
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}

export const NotFoundPage = () => (
  <ErrorPage code="404" title="Page Not Found" message="We couldn't find the page you are looking for." />
);

export const GenericErrorPage = () => (
  <ErrorPage
    title="Oops! Something went wrong."
    message="We are working on it and we'll get it fixed as soon as we can"
  />
);

export const NotAuthorizedPage = () => (
  <ErrorPage
    code="403"
    title="You are not authorized!"
    message="You don't have permission to access this page. Go back home, or log in with another account."
  />
);

export const ServerErrorPage = () => (
  <ErrorPage
    code="500"
    title="Oops! Something went wrong."
    message="We are working on it and we'll get it fixed as soon as we can"
  />
);
