import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type Actor } from 'xstate';
import type { SessionLookup, SessionOpening, SwitchBackResult, User } from '../../../machines/session/actors';
import { sessionMachine } from '../../../machines/session/machine';
import {
  canSignIn,
  isSigningIn,
  isSupervisor,
  isSwitchedToUser,
  logoutDestination,
  sessionAccess,
  type SessionSnapshot,
} from '../../../machines/session/selectors';
import { createSessionStore, SESSION_KEYS } from '../../../machines/session/sessionStore';
import { createApiClient } from '../../../src/api/client';
import { adminUser, bannedUser, supervisorUser } from '../support/sessionFixtures';

/** The machine's actors are answered by each test; nothing reaches a server. */
const unusedApi = createApiClient({
  baseUrl: 'http://api.invalid/api/v1',
  fetch: () => Promise.reject(new Error('the test answers every actor')),
});

type ActorName = 'fetchSession' | 'createSession' | 'switchSession' | 'endSwitchedSession' | 'deleteSession';
type Output = SessionLookup | SessionOpening | SwitchBackResult | undefined;

function memoryStorage(initial: Record<string, string>) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** A session machine booted on a browser holding `storage`, whose API calls wait for the test's answer. */
function bootSession(storage: Record<string, string>) {
  const waiting = new Map<ActorName, (output: Output) => void>();
  const waitFor = (name: ActorName) => fromPromise<Output, unknown>(() => new Promise<Output>((resolve) => waiting.set(name, resolve)));
  const machine = sessionMachine.provide({
    actors: {
      fetchSession: waitFor('fetchSession'),
      createSession: waitFor('createSession'),
      switchSession: waitFor('switchSession'),
      endSwitchedSession: waitFor('endSwitchedSession'),
      deleteSession: waitFor('deleteSession'),
    } as never,
  });
  const actor: Actor<typeof sessionMachine> = createActor(machine, {
    input: { api: unusedApi, store: createSessionStore(memoryStorage(storage)) },
  }).start();
  return {
    actor,
    snapshot: (): SessionSnapshot => actor.getSnapshot(),
    async answer(name: ActorName, output: Output) {
      const resolve = waiting.get(name);
      if (!resolve) throw new Error(`${name} is not waiting for an answer`);
      waiting.delete(name);
      resolve(output);
      await settle();
    },
  };
}

const signedIn = (user: User, token: string): SessionLookup => ({
  kind: 'signedIn',
  session: { user, member: null, access_token: token, switched_by: null },
});

const withToken = { [SESSION_KEYS.token]: 'token-stored', [SESSION_KEYS.termsAccepted]: '1' };

async function signedInAs(user: User) {
  const session = bootSession(withToken);
  await session.answer('fetchSession', signedIn(user, 'token-stored'));
  return session;
}

async function anonymousWithTerms() {
  const session = bootSession({ [SESSION_KEYS.termsAccepted]: '1' });
  await session.answer('fetchSession', { kind: 'unauthorized' });
  return session;
}

async function switchingToAda() {
  const session = await signedInAs(supervisorUser);
  session.actor.send({ type: 'session.switchToUser', userId: adminUser.id, returnUrl: '/superadmin/users/7' });
  return session;
}

async function switchedToAda() {
  const session = await switchingToAda();
  await session.answer('switchSession', { kind: 'opened', accessToken: 'token-ada-switched', user: adminUser });
  return session;
}

describe('sessionAccess', () => {
  it('is pending while the stored session is being looked up', () => {
    const { snapshot } = bootSession(withToken);
    expect(snapshot().value).toBe('loadingSession');
    expect(sessionAccess(snapshot())).toBe('pending');
  });

  it('is unavailable when the session could not be looked up', async () => {
    const session = bootSession(withToken);
    await session.answer('fetchSession', { kind: 'unavailable', reason: 'The server did not answer.' });
    expect(session.snapshot().value).toBe('sessionUnavailable');
    expect(sessionAccess(session.snapshot())).toBe('unavailable');
  });

  it('is anonymous when nobody is signed in', async () => {
    const session = await anonymousWithTerms();
    expect(session.snapshot().value).toBe('anonymous');
    expect(sessionAccess(session.snapshot())).toBe('anonymous');
  });

  it('is pending while signing in', async () => {
    const session = await anonymousWithTerms();
    session.actor.send({ type: 'session.signIn', facebookToken: 'fb-ada' });
    expect(session.snapshot().value).toBe('signingIn');
    expect(sessionAccess(session.snapshot())).toBe('pending');
  });

  it('is banned for a banned user', async () => {
    const session = await signedInAs(bannedUser);
    expect(session.snapshot().value).toBe('banned');
    expect(sessionAccess(session.snapshot())).toBe('banned');
  });

  it('is active for a signed-in user', async () => {
    const session = await signedInAs(adminUser);
    expect(session.snapshot().value).toEqual({ authenticated: 'ownAccount' });
    expect(sessionAccess(session.snapshot())).toBe('active');
  });

  it('is active for a supervisor acting as another user', async () => {
    const session = await switchedToAda();
    expect(session.snapshot().value).toEqual({ authenticated: 'switchedToUser' });
    expect(sessionAccess(session.snapshot())).toBe('active');
  });

  it('is pending while a supervisor switches to another user or back', async () => {
    const session = await switchingToAda();
    expect(session.snapshot().value).toEqual({ authenticated: 'switchingToUser' });
    expect(sessionAccess(session.snapshot())).toBe('pending');

    await session.answer('switchSession', { kind: 'opened', accessToken: 'token-ada-switched', user: adminUser });
    session.actor.send({ type: 'session.switchBack' });
    expect(session.snapshot().value).toEqual({ authenticated: 'switchingBack' });
    expect(sessionAccess(session.snapshot())).toBe('pending');
  });

  it('is pending while signing out', async () => {
    const session = await signedInAs(adminUser);
    session.actor.send({ type: 'session.logout' });
    expect(session.snapshot().value).toBe('loggingOut');
    expect(sessionAccess(session.snapshot())).toBe('pending');
  });
});

describe('isSupervisor', () => {
  it('is true for a signed-in supervisor', async () => {
    expect(isSupervisor((await signedInAs(supervisorUser)).snapshot())).toBe(true);
  });

  it('is false for a signed-in user who is not a supervisor', async () => {
    expect(isSupervisor((await signedInAs(adminUser)).snapshot())).toBe(false);
  });

  it('is false while nobody is signed in', async () => {
    const session = await anonymousWithTerms();
    expect(session.snapshot().context.user).toBeNull();
    expect(isSupervisor(session.snapshot())).toBe(false);
  });

  it('is false while the stored session is still being looked up', () => {
    expect(isSupervisor(bootSession(withToken).snapshot())).toBe(false);
  });

  it("follows the user the supervisor switched to, who is not one", async () => {
    expect(isSupervisor((await switchedToAda()).snapshot())).toBe(false);
  });
});

describe('isSwitchedToUser', () => {
  it('is false for a supervisor on their own account', async () => {
    expect(isSwitchedToUser((await signedInAs(supervisorUser)).snapshot())).toBe(false);
  });

  it('is false while the switch is still being opened', async () => {
    expect(isSwitchedToUser((await switchingToAda()).snapshot())).toBe(false);
  });

  it('is true once a supervisor acts as another user', async () => {
    expect(isSwitchedToUser((await switchedToAda()).snapshot())).toBe(true);
  });

  it('stays true while switching back, so the banner stays up', async () => {
    const session = await switchedToAda();
    session.actor.send({ type: 'session.switchBack' });
    expect(session.snapshot().value).toEqual({ authenticated: 'switchingBack' });
    expect(isSwitchedToUser(session.snapshot())).toBe(true);
  });

  it('is false once back on the own account', async () => {
    const session = await switchedToAda();
    session.actor.send({ type: 'session.switchBack' });
    await session.answer('endSwitchedSession', { kind: 'switchedBack', user: supervisorUser });
    expect(session.snapshot().value).toEqual({ authenticated: 'ownAccount' });
    expect(isSwitchedToUser(session.snapshot())).toBe(false);
  });

  it('is false while nobody is signed in', async () => {
    expect(isSwitchedToUser((await anonymousWithTerms()).snapshot())).toBe(false);
  });

  it("is true on the banned page of a banned user a supervisor switched into, and false for that user's own session", async () => {
    const session = await switchingToAda();
    await session.answer('switchSession', { kind: 'opened', accessToken: 'token-bella-switched', user: bannedUser });
    expect(session.snapshot().value).toBe('banned');
    expect(isSwitchedToUser(session.snapshot())).toBe(true);
    expect(isSwitchedToUser((await signedInAs(bannedUser)).snapshot())).toBe(false);
  });
});

describe('logoutDestination', () => {
  it('leads a switched session back to where the supervisor was', async () => {
    expect(logoutDestination((await switchedToAda()).snapshot())).toBe('/superadmin/users/7');
  });

  it('leads any other session to the login page', async () => {
    expect(logoutDestination((await signedInAs(supervisorUser)).snapshot())).toBeNull();
    expect(logoutDestination((await signedInAs(bannedUser)).snapshot())).toBeNull();
  });
});

describe('canSignIn', () => {
  it('is true once the terms are ticked and nobody is signed in', async () => {
    expect(canSignIn((await anonymousWithTerms()).snapshot())).toBe(true);
  });

  it('is false until the terms are ticked', async () => {
    const session = bootSession({});
    await session.answer('fetchSession', { kind: 'unauthorized' });
    expect(canSignIn(session.snapshot())).toBe(false);
    session.actor.send({ type: 'session.termsChanged', accepted: true });
    expect(canSignIn(session.snapshot())).toBe(true);
  });

  it('is false while signing in', async () => {
    const session = await anonymousWithTerms();
    session.actor.send({ type: 'session.signIn', facebookToken: 'fb-ada' });
    expect(canSignIn(session.snapshot())).toBe(false);
  });
});

describe('isSigningIn', () => {
  it('is true while signing in', async () => {
    const session = await anonymousWithTerms();
    session.actor.send({ type: 'session.signIn', facebookToken: 'fb-ada' });
    expect(isSigningIn(session.snapshot())).toBe(true);
  });

  it('is false before signing in and once signed in', async () => {
    const session = await anonymousWithTerms();
    expect(isSigningIn(session.snapshot())).toBe(false);
    session.actor.send({ type: 'session.signIn', facebookToken: 'fb-ada' });
    await session.answer('createSession', { kind: 'opened', accessToken: 'token-ada', user: adminUser });
    expect(session.snapshot().value).toEqual({ authenticated: 'ownAccount' });
    expect(isSigningIn(session.snapshot())).toBe(false);
  });
});
