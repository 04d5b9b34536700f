import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { onTestFinished } from 'vitest';
import { createAppDeps } from '../../../../src/app/createAppDeps';
import { appRouterOptions, createAppRoutes } from '../../../../src/app/createAppRouter';
import { AppProviders } from '../../../../src/app/providers';
import { SESSION_KEYS } from '../../../../machines/session/sessionStore';
import { BASE_URL, type FakeServer } from './fakeServer';

/** localStorage's interface over a map the test can read. */
export function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

export interface RenderAppOptions {
  server: FakeServer;
  path: string;
  storage?: ReturnType<typeof memoryStorage>;
}

/**
 * The whole app in a memory router, talking to the fake server, in StrictMode as main.tsx renders it.
 * When the test ends, passed or not, the app's actors and router stop with it (the render itself is
 * unmounted by the cleanup in tests/support/setup-dom.ts), so no poll of one test runs into the next.
 */
export function renderApp({ server, path, storage = memoryStorage() }: RenderAppOptions) {
  const { deps, app, connectRouter } = createAppDeps({
    baseUrl: BASE_URL,
    storage,
    identityPage: { document },
    config: { facebookAppId: null, supportEmail: 'help@xfilter.test' },
    runningAppVersion: '0.1.0',
    reloadApp: () => {},
    robotPage: window,
    versionPage: { location: { href: 'http://xfilter.test/', replace: () => {} }, activity: new EventTarget() },
    fetch: server.fetch,
  });
  const router = createMemoryRouter(createAppRoutes(deps), { initialEntries: [path], ...appRouterOptions(deps) });
  connectRouter(router);
  onTestFinished(() => {
    app.stop();
    router.dispose();
  });
  render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { router, storage, api: deps.api, session: deps.session, pathname: () => router.state.location.pathname };
}

/** Storage as a browser that signed in earlier leaves it. */
export function signedInStorage(token: string, extra: Record<string, string> = {}) {
  return memoryStorage({ [SESSION_KEYS.token]: token, [SESSION_KEYS.termsAccepted]: '1', ...extra });
}
