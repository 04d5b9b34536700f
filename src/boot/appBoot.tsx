import './styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppDeps } from '../app/createAppDeps';
import { createAppRouter } from '../app/createAppRouter';
import { AppProviders } from '../app/providers';
import { appConfig } from '../config';

/** The whole app: its actors, its router and its pages, in the page's root element. */
export function startApp(rootElement: HTMLElement) {
  const { deps, connectRouter } = createAppDeps({
    baseUrl: '/api/v1',
    storage: window.localStorage,
    identityPage: window,
    config: appConfig,
    runningAppVersion: __APP_VERSION__,
    reloadApp: () => window.location.reload(),
    robotPage: window,
    versionPage: { location: window.location, activity: window },
    envelope: true,
  });
  const router = createAppRouter(deps);
  connectRouter(router);
  createRoot(rootElement).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
