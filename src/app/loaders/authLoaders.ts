import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { hasAcceptedTerms, logoutDestination } from '../../../machines/session/selectors';
import type { AppDeps } from '../appDeps';
import { accessRedirect } from '../guards';
import { pathTo, tokenAuthTarget } from '../routes';
import { guardAccess, settledSession, visitorOf } from './sessionGate';
import { fetchStatus } from './serverStatus';
import type { LoginData } from '../../features/auth/LoginRoute';

export function createLoginLoader({ api, session }: AppDeps) {
  return async ({ request }: LoaderFunctionArgs): Promise<LoginData> => {
    await guardAccess(session, 'anonymousOnly', request.signal);
    const status = await fetchStatus(api, request.signal);
    return { loginDisabled: status.features.login_disabled, sandbox: status.sandbox };
  };
}

/** The sandbox account picker continues a sign-in begun on the login page, terms ticked. */
export function createSandboxSignInLoader({ session }: AppDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const snapshot = await guardAccess(session, 'anonymousOnly', request.signal);
    if (!hasAcceptedTerms(snapshot)) throw redirect(pathTo('login'));
    return null;
  };
}

/** /auth/token/:token: forget whoever was signed in, take the token, load its user and go where the link says. */
export function createTokenAuthLoader({ session }: AppDeps) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const backUrl = new URL(request.url).searchParams.get('redirect');
    session.send({ type: 'session.tokenReceived', token: params.token ?? '', backUrl });
    const snapshot = await settledSession(session, request.signal);
    const to = accessRedirect(visitorOf(snapshot), 'user');
    throw redirect(to === pathTo('login') ? `${pathTo('login')}?success=false` : (to ?? tokenAuthTarget(backUrl)));
  };
}

/** /logout: end the session, then the login page; a supervisor's switched session ends and they are back where they were. */
export function createLogoutLoader({ session }: AppDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    const destination = logoutDestination(await settledSession(session, request.signal));
    session.send({ type: 'session.logout' });
    await settledSession(session, request.signal);
    throw redirect(destination ?? pathTo('login'));
  };
}

export function createBannedLoader({ session }: AppDeps) {
  return async ({ request }: LoaderFunctionArgs) => {
    await guardAccess(session, 'bannedOnly', request.signal);
    return null;
  };
}
