import { createFileRoute } from '@tanstack/react-router';
import { DefaultLayout } from '../app/layout/DefaultLayout';
import { meQueryOptions } from '../features/auth/api';
import { menusQueryOptions } from '../features/menus/api';
import { notificationsQueryOptions } from '../features/notifications/api';
import { readSession } from '../lib/session/session';

export const Route = createFileRoute('/_app')({
  // What the shell shows on every page (the user's name, the menu, the bell), asked for as the route matches and
  // in parallel with the page's own data and the layout's chunk: nothing waits for the first render to ask.
  loader: ({ context }) => {
    const { userId } = readSession();
    if (!userId) return;
    void context.queryClient.prefetchQuery(meQueryOptions(userId));
    void context.queryClient.prefetchQuery(menusQueryOptions(userId));
    void context.queryClient.prefetchQuery(notificationsQueryOptions(userId));
  },
  component: DefaultLayout,
});
