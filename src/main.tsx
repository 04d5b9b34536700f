import { createReloadLog } from '../machines/versionCheck/reloadLog';
import { reloadWhenChunksAreGone } from './app/chunkReload';
import { bootFor } from './boot/bootFor';
import { appConfig } from './config';

reloadWhenChunksAreGone(
  { addEventListener: (type, listener) => window.addEventListener(type, listener), reload: () => window.location.reload() },
  createReloadLog(window.localStorage),
);
const rootElement = document.getElementById('root')!;
const startApp = () => void import('./boot/appBoot').then(({ startApp: start }) => start(rootElement));

if (bootFor(window.location.pathname, window.localStorage) === 'login') {
  void import('./boot/loginBoot').then(({ startLogin }) =>
    startLogin({
      rootElement,
      baseUrl: '/api/v1',
      storage: window.localStorage,
      page: window,
      config: appConfig,
      runningAppVersion: __APP_VERSION__,
      startApp,
    }),
  );
} else {
  startApp();
}
