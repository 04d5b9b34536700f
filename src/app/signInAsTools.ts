import type { ApiClient } from '../api/client';
import type { SessionActor } from './sessionActor';
import type { SignInAsTools } from './shell/types';

/** The supervisor's "Sign in as" dialog: user search over the API, and the session's switch to the chosen user. */
export function createSignInAsTools(api: ApiClient, session: SessionActor, currentUrl: () => string): SignInAsTools {
  return {
    async searchUsers(text) {
      const { data, error } = await api.GET('/autocomplete/users', { params: { query: { search: text } } });
      if (error || !data) throw new Error(error?.error.message ?? 'The user search failed');
      return data.matches.map((match) => ({ id: match.id, name: match.name, description: match.description }));
    },
    signInAs(user) {
      session.send({ type: 'session.switchToUser', userId: user.id, returnUrl: currentUrl() });
    },
  };
}
