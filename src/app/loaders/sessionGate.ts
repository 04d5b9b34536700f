import { redirect } from 'react-router-dom';
import { waitFor } from 'xstate';
import { accessToken, isSupervisor, sessionAccess, type SessionSnapshot } from '../../../machines/session/selectors';
import type { Group, GroupsSource } from '../../api/groupsSource';
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

/**
 * A signed-in user's page that needs their groups: the groups of the stored token are asked for while
 * the server confirms the session, not after it, so a page load waits one answer instead of two. A
 * token the server refuses gets a 401 on both calls, and either signs out (part 1 §4 Session); the
 * groups source keeps no failed answer.
 */
export async function guardUserWithGroups(
  session: SessionActor,
  groups: GroupsSource,
  signal: AbortSignal,
): Promise<{ user: NonNullable<SessionSnapshot['context']['user']>; token: string; groups: Group[] }> {
  const stored = accessToken(session.getSnapshot());
  if (stored && sessionAccess(session.getSnapshot()) === 'pending') groups.load(stored).catch(() => {});
  const { user, token } = signedIn(await guardAccess(session, 'user', signal));
  return { user, token, groups: await groups.load(token) };
}
