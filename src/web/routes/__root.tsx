import { createRootRouteWithContext } from '@tanstack/react-router';
import { RootComponent, RootError, type RouterContext, rootBeforeLoad } from '../app/root';
import { NotFoundPage } from '../components/ErrorPage';

export const Route = createRootRouteWithContext<RouterContext>()({
  beforeLoad: rootBeforeLoad,
  component: RootComponent,
  errorComponent: RootError,
  notFoundComponent: NotFoundPage,
});
