import { SESSION_KEYS } from '../../machines/session/sessionStore';
import { routePaths } from '../app/routes';

export type Boot = 'login' | 'app';

const TOKEN_LINK_PREFIX = routePaths.token_auth.slice(0, routePaths.token_auth.indexOf(':'));

/**
 * Which code a page load starts. A signed-out visitor is sent to the login page wherever they
 * land, so they get the login page alone (src/boot/loginBoot.tsx), which hands over to the app once
 * they sign in; the app's pages for visitors (the sandbox account picker, a token link) and everyone
 * signed in get the app.
 */
export function bootFor(pathname: string, storage: Pick<Storage, 'getItem'>): Boot {
  if (storage.getItem(SESSION_KEYS.token) !== null) return 'app';
  return pathname === routePaths.sandbox_sign_in || pathname.startsWith(TOKEN_LINK_PREFIX) ? 'app' : 'login';
}
