import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderOptions, render as rtlRender } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { buildTheme } from '../app/theme';
import '../lib/i18n/catalogs';

/** Renders inside Lingui's provider (English), MantineProvider (env="test": no transitions, no portals) and a fresh QueryClient. */
export function render(ui: ReactElement, options: Omit<RenderOptions, 'wrapper'> = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={buildTheme(undefined, 'default')} env="test">
          {children}
        </MantineProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
  return { ...rtlRender(ui, { wrapper, ...options }), queryClient };
}

export * from '@testing-library/react';

/** Renders a component inside a memory router (for components that use Link or useRouter). */
export async function renderWithRouter(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const { createMemoryHistory, createRootRoute, createRouter, RouterProvider } = await import(
    '@tanstack/react-router'
  );
  const rootRoute = createRootRoute({ component: () => ui, notFoundComponent: () => ui });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const result = render(<RouterProvider router={router} />);
  await router.load();
  return { ...result, router };
}
