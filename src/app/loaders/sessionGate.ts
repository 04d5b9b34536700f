import { redirect } from 'react-router-dom';
import { waitFor } from 'xstate';
import { isSupervisor, sessionAccess, type SessionSnapshot } from '../../../machines/session/selectors';
import { accessRedirect, type RouteAccess, type Visitor } from '../guards';
import type { SessionActor } from '../sessionActor';

/** Thrown when the server could not say who the stored token belongs to; the error page offers a retry. */
export class SessionUnavailableError extends Error {
  constructor() {
    super('The xFilter server could not be reached to restore your session.');
    this.name = 'SessionUnavailableError';
  }
}

/** The session once it is decided; a session the server could not confirm is asked for again first. */
export async function settledSession(session: SessionActor, signal: AbortSignal): Promise<SessionSnapshot> {
  if (sessionAccess(session.getSnapshot()) === 'unavailable') session.send({ type: 'session.retry' });
  const snapshot = await waitFor(session, (current) => sessionAccess(current) !== 'pending', { signal, timeout: Infinity });
  if (sessionAccess(snapshot) === 'unavailable') throw new SessionUnavailableError();
  return snapshot;
}

export function visitorOf(snapshot: SessionSnapshot): Visitor {
  const access = sessionAccess(snapshot);
  return {
    access: access === 'active' || access === 'banned' ? access : 'anonymous',
    isSupervisor: isSupervisor(snapshot),
  };
}

/** Lets the visitor in, or throws the redirect of the route guards. */
export async function guardAccess(session: SessionActor, route: RouteAccess, signal: AbortSignal): Promise<SessionSnapshot> {
  const snapshot = await settledSession(session, signal);
  const to = accessRedirect(visitorOf(snapshot), route);
  if (to) throw redirect(to);
  return snapshot;
}

/** The signed-in user and token, for loaders behind `guardAccess(…, 'user' | 'supervisor')`. */
export function signedIn(snapshot: SessionSnapshot) {
  const { user, token } = snapshot.context;
  if (!user || !token) throw new Error('this loader needs a signed-in user');
  return { user, token };
}
