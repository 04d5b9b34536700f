import './styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor, waitFor } from 'xstate';
import { createApiClient } from '../api/client';
import { accessToken, sessionAccess } from '../../machines/session/selectors';
import { createSessionStore } from '../../machines/session/sessionStore';
import { createNoticeBoard } from '../app/notices';
import { PublicFrame } from '../app/PublicFrame';
import { isLoginFailure, pathTo } from '../app/routes';
import { appSessionMachine } from '../app/sessionActor';
import type { AppConfig } from '../config';
import { LoginScreen } from '../features/auth/LoginScreen';
import type { FacebookWindow } from '../identity/facebookIdentity';

export interface LoginWiring {
  rootElement: HTMLElement;
  baseUrl: string;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** The page: its address, its history, and the social network's login SDK loaded into it. */
  page: FacebookWindow & { location: Pick<Location, 'pathname' | 'search'>; history: Pick<History, 'pushState' | 'replaceState'> };
  config: AppConfig;
  runningAppVersion: string;
  /** Replaces the global fetch (tests). */
  fetch?: (request: Request) => Promise<Response>;
  /** Starts the app in the root element, at the page's address. */
  startApp(): void;
}

/**
 * The login page for a signed-out visitor, without the router, PrimeReact's runtime or the app's
 * other actors. The session signs the visitor in as in the app; whatever comes next (the sandbox
 * account picker, home, the login page telling of a failure) is the app's: the login page hands
 * over, and the app starts at that address with the session it stored.
 */
export async function startLogin({ rootElement, baseUrl, storage, page, config, runningAppVersion, fetch, startApp }: LoginWiring) {
  // Signed out, every page of the app sends the visitor here.
  if (page.location.pathname !== pathTo('login')) page.history.replaceState(null, '', pathTo('login'));
  const root = createRoot(rootElement);
  let handedOver = false;
  const handOver = (to: string) => {
    if (handedOver) return;
    handedOver = true;
    session.stop();
    root.unmount();
    page.history.pushState(null, '', to);
    startApp();
  };
  const api = createApiClient({ baseUrl, fetch, envelope: true, getToken: () => accessToken(session.getSnapshot()) });
  const session = createActor(appSessionMachine({ navigate: handOver, notices: createNoticeBoard() }), {
    input: { api, store: createSessionStore(storage) },
  }).start();
  const [{ data: status }] = await Promise.all([
    api.GET('/status').catch(() => ({ data: undefined })),
    // As the app's login route does, the page waits for the session to settle: the terms only count once it has.
    waitFor(session, (current) => sessionAccess(current) !== 'pending', { timeout: Infinity }),
  ]);
  // Without the server's status the app's login route shows what went wrong, with a way to try again.
  if (!status) return handOver(pathTo('login') + page.location.search);
  root.render(
    <StrictMode>
      <PublicFrame runningAppVersion={runningAppVersion}>
        <LoginScreen
          loginDisabled={status.features.login_disabled}
          sandbox={status.sandbox}
          failed={isLoginFailure(new URLSearchParams(page.location.search))}
          session={session}
          identityPage={page}
          facebookAppId={config.facebookAppId}
          navigate={handOver}
        />
      </PublicFrame>
    </StrictMode>,
  );
}
