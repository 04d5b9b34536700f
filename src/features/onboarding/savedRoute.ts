import { tokenAuthTarget } from '../../app/guards';
import { SESSION_KEYS } from '../../../machines/session/sessionStore';

/** The route saved before onboarding: the page a token link asked to come back to. */
export interface SavedRoute {
  read(): string | null;
  forget(): void;
}

/** Only a page of this app counts as a saved route; another site's address is ignored. */
export function createSavedRoute(storage: Pick<Storage, 'getItem' | 'removeItem'>): SavedRoute {
  return {
    read() {
      const url = storage.getItem(SESSION_KEYS.backUrl);
      return url !== null && tokenAuthTarget(url) === url ? url : null;
    },
    forget: () => storage.removeItem(SESSION_KEYS.backUrl),
  };
}
