import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import '../lib/i18n/catalogs';

/**
 * Renders a hook inside a fresh QueryClient and records every key it invalidates, so a test can say which screens a
 * change refreshes.
 */
export function renderHookWithClient<T>(hook: () => T) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const invalidated: unknown[][] = [];
  const invalidate = client.invalidateQueries.bind(client);
  client.invalidateQueries = (filters, options) => {
    invalidated.push([...(filters?.queryKey ?? [])]);
    return invalidate(filters, options);
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </QueryClientProvider>
  );
  const rendered = renderHook(hook, { wrapper });
  /** The query roots refreshed whole (`['packages']`), as a sorted list. */
  const roots = () =>
    invalidated
      .filter((k) => k.length === 1)
      .map((k) => String(k[0]))
      .sort();
  /** The histories refreshed (`audit:package:<id>`). */
  const audits = () =>
    invalidated
      .filter((k) => k[0] === 'audit')
      .map((k) => k.join(':'))
      .sort();
  return { ...rendered, client, invalidated, roots, audits };
}
