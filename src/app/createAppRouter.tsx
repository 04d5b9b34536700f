import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import type { ApiClient } from '../api/client';
import { HomeRoute, HomeRouteLoading } from '../features/home/HomeRoute';
import { createHomeLoader } from '../features/home/homeLoader';
import { RootLayout } from './RootLayout';
import { RouteErrorElement } from './RouteErrorElement';

export interface AppDeps {
  api: ApiClient;
  /** The version of this build, shown on the home page. */
  runningAppVersion: string;
}

/** The route tree; tests mount it in a memory router with their own dependencies. */
export function createAppRoutes({ api, runningAppVersion }: AppDeps): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorElement />,
      children: [
        {
          errorElement: <RouteErrorElement />,
          children: [
            {
              index: true,
              loader: createHomeLoader(api),
              element: <HomeRoute runningVersion={runningAppVersion} />,
              hydrateFallbackElement: <HomeRouteLoading runningVersion={runningAppVersion} />,
            },
            { path: '*', element: <Navigate to="/" replace /> },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(deps: AppDeps) {
  return createBrowserRouter(createAppRoutes(deps));
}
