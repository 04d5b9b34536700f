import { createBrowserRouter, Navigate, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import type { AppDeps } from './appDeps';
import { TopLoadingBar } from '../ui/TopLoadingBar';
import { RootLayout } from './RootLayout';
import { RouteErrorElement } from './RouteErrorElement';
import { publicRoutes } from './routeTree/publicRoutes';
import { pages } from './routeTree/pages';
import { signedInRoutes } from './routeTree/signedInRoutes';
import { SUPERADMIN_ROUTE_ID } from './routeTree/superadminRoutes';

/** The route tree; tests mount it in a memory router with their own dependencies. */
export function createAppRoutes(deps: AppDeps): RouteObject[] {
  return [
    {
      element: <RootLayout notices={deps.notices} />,
      errorElement: <RouteErrorElement standalone />,
      hydrateFallbackElement: <TopLoadingBar active />,
      children: [...publicRoutes(deps), signedInRoutes(deps), { path: '*', element: <Navigate to="/" replace /> }],
    },
  ];
}

/**
 * What the router is told besides its table: how to add the routes left out of it (the supervisor
 * area's pages), the first time an address needs them. Tests give their memory router the same.
 */
export function appRouterOptions(deps: AppDeps): { patchRoutesOnNavigation: PatchRoutesOnNavigationFunction } {
  return {
    // Patched on every call the router makes: a navigation cut short drops what it patched, and the router skips routes it already has.
    async patchRoutesOnNavigation({ path, patch }) {
      if (!path.startsWith('/superadmin/')) return;
      const { superadminPageRoutes } = await pages.superadminRouteTable();
      patch(SUPERADMIN_ROUTE_ID, superadminPageRoutes(deps));
    },
  };
}

export function createAppRouter(deps: AppDeps) {
  return createBrowserRouter(createAppRoutes(deps), appRouterOptions(deps));
}
