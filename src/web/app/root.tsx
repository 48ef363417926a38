import { useLingui } from '@lingui/react/macro';
import { notifications, useNotifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import { type ErrorComponentProps, Outlet, redirect, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { GenericErrorPage, NotAuthorizedPage, NotFoundPage, ServerErrorPage } from '../components/ErrorPage';
import { companyQueryOptions, lookupCompany, TENANT_MESSAGES } from '../features/tenant/api';
import { ApiError } from '../lib/api/api-error';
import { decideAccess } from '../lib/session/guards';
import { readSession } from '../lib/session/session';
import { useDocumentBranding } from './Branding';

export interface RouterContext {
  queryClient: QueryClient;
}

const isErrorPath = (path: string) => path.startsWith('/error/') || path.startsWith('/pages/error/');

/**
 * Runs before every navigation: resolve the tenant (cached copy first), then the access guard,
 * which reads only local cookies so it works offline.
 */
export async function rootBeforeLoad({
  context,
  location,
}: {
  context: RouterContext;
  location: { pathname: string; href: string };
}) {
  const tenant = await lookupCompany(context.queryClient);
  if (tenant.status === 'not_found' && !isErrorPath(location.pathname)) {
    throw redirect({ to: '/error/not-found' });
  }
  const decision = decideAccess(readSession(), location.pathname, location.href);
  if (decision) {
    // Guard targets are plain paths computed at run time, hence the cast.
    throw redirect({ to: decision.to, ...(decision.search ? { search: decision.search } : {}) } as never);
  }
  return { tenant };
}

/** Watches the background refresh of the company: gone -> not-found page; failed -> the spec's message. */
function TenantWatcher() {
  const { error, data } = useQuery(companyQueryOptions());
  const router = useRouter();
  const { t } = useLingui();
  useEffect(() => {
    if (!(error instanceof ApiError)) return;
    if (error.status === 404) {
      if (!isErrorPath(router.state.location.pathname)) void router.navigate({ to: '/error/not-found' });
    } else if (!data) {
      notifications.show({
        id: 'company-error',
        color: 'red',
        title: t`Error`,
        message: TENANT_MESSAGES.company,
      });
    }
  }, [error, data, router, t]);
  return null;
}

// The toasts' renderer (portal, transitions, close buttons) loads with the first toast: most visits show none, and
// a toast shown before it has loaded waits in Mantine's store and appears as soon as it mounts.
const Notifications = lazy(() => import('./Toasts'));

function DeferredNotifications() {
  const { notifications: shown, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (shown.length > 0 || queue.length > 0) setNeeded(true);
  }, [shown.length, queue.length]);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
}

export function RootComponent() {
  useDocumentBranding();
  return (
    <>
      <TenantWatcher />
      <DeferredNotifications />
      <Outlet />
    </>
  );
}

/** Errors thrown while loading a page: 403 and 404 have their own pages, 5xx the server-error page. */
export function RootError({ error }: ErrorComponentProps) {
  if (error instanceof ApiError) {
    if (error.status === 403) return <NotAuthorizedPage />;
    if (error.status === 404) return <NotFoundPage />;
    if (error.status >= 500) return <ServerErrorPage />;
  }
  return <GenericErrorPage />;
}

export { NotFoundPage };
