import './lib/zod-config';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { readBoot } from './app/boot';
import { seedFirstScreen } from './app/boot-seed';
import { shellCatalogs } from './app/i18n';
import { LocaleProvider } from './app/locale';
import { createQueryClient } from './app/query-client';
import { setupQueryPersistence } from './app/query-persistence';
import { createAppRouter } from './app/router';
import { SettingsProvider, useSettings } from './app/settings';
import { buildTheme, cssVariablesResolver } from './app/theme';
import { companyQueryOptions, primeCompany } from './features/tenant/api';
import { setAuthFailureHandler } from './lib/api/client';
import { activateLocale } from './lib/i18n/catalogs';
import { chooseLocale, readLocaleCookie, writeLocaleCookie } from './lib/i18n/choose';
import { afterIdle } from './lib/idle';
import { installOnlineManager } from './lib/offline/online';
import { readSession } from './lib/session/session';

installOnlineManager();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
// The company (and the build) came with the page: the router's first guard does not wait for the network.
const boot = readBoot();
if (boot?.company) primeCompany(queryClient, boot.company);
// So did the signed-in user and the first screen's answers: the screen draws without waiting for them.
if (boot?.session) seedFirstScreen(queryClient, boot.session, readSession().userId);
// The query cache persisted per user in IndexedDB (restored before queries run; see lib/offline/persist.ts).
const { persistOptions, onRestored } = setupQueryPersistence(queryClient);

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
// English is in the entry; another language's shell catalog is one small chunk, fetched before the first render.
// The first choice (the browser's language among the company's) is kept in the locale cookie like a chosen one:
// the server writes the page and its messages in it.
const languageReady = shellCatalogs.then(() => {
  const locale = chooseLocale(boot?.company);
  if (!readLocaleCookie()) writeLocaleCookie(locale);
  return activateLocale(locale);
});
if (container)
  void languageReady.then(() => {
    const root = createRoot(container);
    // As a transition, the first render yields to the browser every few milliseconds instead of holding the main
    // thread for the whole tree (hundreds of milliseconds on a slow phone), and the static outline stays on screen
    // until the page is ready to replace it.
    startTransition(() =>
      root.render(
        <StrictMode>
          <PersistQueryClientProvider
            client={queryClient}
            persistOptions={persistOptions}
            onSuccess={onRestored}
            onError={onRestored}
          >
            <SettingsProvider>
              <LocaleProvider>
                <ThemedApp />
              </LocaleProvider>
            </SettingsProvider>
          </PersistQueryClientProvider>
        </StrictMode>,
      ),
    );
  });

// The outbox's triggers, the service worker and push, once the first screen is up and the page idle (app/after-idle.ts).
afterIdle(
  () =>
    void import('./app/after-idle').then(({ startAfterIdle }) => startAfterIdle(queryClient, router, boot)),
);
