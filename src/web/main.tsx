import './styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { SettingsProvider, useSettings } from './app/settings';
import { buildTheme, cssVariablesResolver } from './app/theme';
import { companyQueryOptions } from './features/tenant/api';
import { setAuthFailureHandler } from './lib/api/client';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// A failed token refresh ends the session: back to login, returning here afterwards.
setAuthFailureHandler(() => {
  queryClient.clear();
  const here = router.state.location.href;
  void router.navigate({ href: `/login?redirect=${encodeURIComponent(here)}` });
});

function ThemedApp() {
  const { settings } = useSettings();
  const { data: company } = useQuery(companyQueryOptions());
  const theme = useMemo(
    () => buildTheme(company?.primary_color, settings.skin),
    [company?.primary_color, settings.skin],
  );
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <RouterProvider router={router} />
    </MantineProvider>
  );
}

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SettingsProvider>
          <ThemedApp />
        </SettingsProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
