import { tokenAuthTarget } from '../../app/routes';
import { SESSION_KEYS } from '../../../machines/session/sessionStore';

/** Where the signed-in user last was outside onboarding, kept by the shell as they move. */
export const ROUTE_BEFORE_ONBOARDING_KEY = 'xfilter.routeBeforeOnboarding';

/** The route saved before onboarding: the page a token link asked to come back to, else the last page left for it. */
export interface SavedRoute {
  read(): string | null;
  forget(): void;
}

type SavedRouteStorage = Pick<Storage, 'getItem' | 'removeItem'>;

function pageOfThisApp(storage: SavedRouteStorage, key: string): string | null {
  const url = storage.getItem(key);
  return url !== null && tokenAuthTarget(url) === url ? url : null;
}

/** Only a page of this app counts as a saved route; another site's address is ignored. */
export function createSavedRoute(storage: SavedRouteStorage): SavedRoute {
  return {
    read: () => pageOfThisApp(storage, SESSION_KEYS.backUrl) ?? pageOfThisApp(storage, ROUTE_BEFORE_ONBOARDING_KEY),
    forget() {
      storage.removeItem(SESSION_KEYS.backUrl);
      storage.removeItem(ROUTE_BEFORE_ONBOARDING_KEY);
    },
  };
}

/** Called on every signed-in page: remembers it unless it is onboarding itself. */
export function rememberRouteBeforeOnboarding(storage: Pick<Storage, 'setItem'>, path: string): void {
  if (path === '/onboarding' || path.startsWith('/onboarding/')) return;
  storage.setItem(ROUTE_BEFORE_ONBOARDING_KEY, path);
}
