import 'primereact/resources/themes/lara-light-green/theme.css';
import 'primeicons/primeicons.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createApiClient } from './api/client';
import { createAppRouter } from './app/createAppRouter';
import { AppProviders } from './app/providers';
import { serverVersionsEvent, startVersionCheck } from './app/versionCheck';
import { reloadExtension } from './robot/reloadExtension';

const api = createApiClient({
  onServerHeaders: (headers) => versionCheck.send(serverVersionsEvent(headers)),
});
const versionCheck = startVersionCheck({
  api,
  runningAppVersion: __APP_VERSION__,
  window,
  reloadExtension: () => reloadExtension(window),
});
const router = createAppRouter({ api, runningAppVersion: __APP_VERSION__ });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
