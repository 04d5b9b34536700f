import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import type { AppDeps } from './appDeps';
import { TopLoadingBar } from '../ui/TopLoadingBar';
import { RootLayout } from './RootLayout';
import { RouteErrorElement } from './RouteErrorElement';
import { publicRoutes } from './routeTree/publicRoutes';
import { signedInRoutes } from './routeTree/signedInRoutes';

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

export function createAppRouter(deps: AppDeps) {
  return createBrowserRouter(createAppRoutes(deps));
}
