import 'primereact/resources/themes/lara-light-green/theme.css';
import 'primeicons/primeicons.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createReloadLog } from '../machines/versionCheck/reloadLog';
import { reloadWhenChunksAreGone } from './app/chunkReload';
import { createAppDeps } from './app/createAppDeps';
import { createAppRouter } from './app/createAppRouter';
import { AppProviders } from './app/providers';
import { appConfig } from './config';

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
reloadWhenChunksAreGone(
  { addEventListener: (type, listener) => window.addEventListener(type, listener), reload: () => window.location.reload() },
  createReloadLog(window.localStorage),
);
const router = createAppRouter(deps);
connectRouter(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
