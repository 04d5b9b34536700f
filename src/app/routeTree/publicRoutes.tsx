import type { RouteObject } from 'react-router-dom';
import type { AppDeps } from '../appDeps';
import {
  createBannedLoader,
  createLoginLoader,
  createLogoutLoader,
  createSandboxSignInLoader,
  createTokenAuthLoader,
} from '../loaders/authLoaders';
import { RouteErrorElement } from '../RouteErrorElement';
import { routePaths } from '../routes';
import { lazyElement } from './pages';

/** Sign-in, the token link, logout and the banned page: the routes outside the shell. */
export function publicRoutes(deps: AppDeps): RouteObject[] {
  return [
    // These two only redirect once their loader has done its work.
    { id: 'token_auth', path: routePaths.token_auth, loader: createTokenAuthLoader(deps), element: null },
    { id: 'logout', path: routePaths.logout, loader: createLogoutLoader(deps), element: null },
    {
      ...lazyElement('publicLayout', ({ PublicLayout }) => <PublicLayout runningAppVersion={deps.runningAppVersion} session={deps.session} />),
      errorElement: <RouteErrorElement standalone />,
      children: [
        {
          id: 'login',
          path: routePaths.login,
          loader: createLoginLoader(deps),
          ...lazyElement('login', ({ LoginRoute }) => (
            <LoginRoute session={deps.session} identityPage={deps.identityPage} facebookAppId={deps.config.facebookAppId} />
          )),
        },
        {
          id: 'sandbox_sign_in',
          path: routePaths.sandbox_sign_in,
          loader: createSandboxSignInLoader(deps),
          ...lazyElement('sandboxSignIn', ({ SandboxSignInRoute }) => <SandboxSignInRoute api={deps.api} session={deps.session} />),
        },
        {
          id: 'banned',
          path: routePaths.banned,
          loader: createBannedLoader(deps),
          ...lazyElement('banned', ({ BannedRoute }) => <BannedRoute supportEmail={deps.config.supportEmail} />),
        },
      ],
    },
  ];
}
