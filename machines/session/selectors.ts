import type { SnapshotFrom } from 'xstate';
import type { User } from './actors';
import type { sessionMachine } from './machine';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Who the route guards are dealing with; `pending` while the session is still being decided. */
export type SessionAccess = 'pending' | 'unavailable' | 'anonymous' | 'active' | 'banned';

export function sessionAccess(snapshot: SessionSnapshot): SessionAccess {
  if (snapshot.hasTag('pending')) return 'pending';
  if (snapshot.matches('sessionUnavailable')) return 'unavailable';
  if (snapshot.matches('banned')) return 'banned';
  if (snapshot.matches('authenticated')) return 'active';
  return 'anonymous';
}

export function currentUser(snapshot: SessionSnapshot): User | null {
  return snapshot.context.user;
}

export function accessToken(snapshot: SessionSnapshot): string | null {
  return snapshot.context.token;
}

export function isSupervisor(snapshot: SessionSnapshot): boolean {
  return snapshot.context.user?.is_supervisor === true;
}

/** A supervisor acting as another user, banned or not: the shell and the banned page show the admin-switch banner. */
export function isSwitchedToUser(snapshot: SessionSnapshot): boolean {
  return (
    snapshot.matches({ authenticated: 'switchedToUser' }) ||
    snapshot.matches({ authenticated: 'switchingBack' }) ||
    (snapshot.matches('banned') && snapshot.context.switchRecord !== null)
  );
}

/** Where logging out leads: a switched session goes back to where the supervisor was, any other to the login page. */
export function logoutDestination(snapshot: SessionSnapshot): string | null {
  return isSwitchedToUser(snapshot) ? snapshot.context.switchRecord!.returnUrl : null;
}

export function hasAcceptedTerms(snapshot: SessionSnapshot): boolean {
  return snapshot.context.termsAccepted;
}

/** The sign-in button works once the terms are ticked and nobody is signing in yet. */
export function canSignIn(snapshot: SessionSnapshot): boolean {
  return snapshot.can({ type: 'session.signIn', facebookToken: 'any' });
}

export function isSigningIn(snapshot: SessionSnapshot): boolean {
  return snapshot.matches('signingIn');
}
