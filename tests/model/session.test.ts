import { act, fireEvent, screen, waitFor as waitForDom } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type EventObject, type InputFrom, type SnapshotFrom } from 'xstate';
import { createApiClient } from '../../src/api/client';
import type {
  createSession,
  deleteSession,
  endSwitchedSession,
  fetchSession,
  SessionLookup,
  SessionOpening,
  SwitchBackResult,
  switchSession,
  User,
} from '../../machines/session/actors';
import { sessionMachine, type SessionEvent, type SessionInput } from '../../machines/session/machine';
import { canSignIn, isSwitchedToUser, sessionAccess } from '../../machines/session/selectors';
import { createSessionStore, SESSION_KEYS, type SwitchRecord } from '../../machines/session/sessionStore';
import type { FacebookSdk } from '../../src/identity/facebookIdentity';
import { adminUser, bannedUser, supervisorUser } from '../unit/support/sessionFixtures';
import { createDeferredActor, settle } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { assertModelIsComplete, findModelGaps } from './support/modelGuard';
import { actorDoneEvents, actorErrorEvent, type ActorDoneEvent, type ActorErrorEvent } from './support/modelEvents';
import { namePath } from './support/pathNames';
import { measurePathCoverage } from './support/pathCoverage';
import { renderSessionScreen, SUPPORT_EMAIL } from './support/sessionScreen';

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type ActorOutput = SessionLookup | SessionOpening | SwitchBackResult | undefined;
type ModelEvent = SessionEvent | ActorDoneEvent<ActorOutput> | ActorErrorEvent;

/** The token the fake Facebook SDK hands out; the sign-in fixture carries the same. */
const FACEBOOK_TOKEN = 'fb-ada';
const STORED_TOKEN = 'token-stored';
const SUPERVISOR_RECORD: SwitchRecord = { previousToken: 'token-sam', returnUrl: '/superadmin/users/7' };

const eventFixtures: { [Type in SessionEvent['type']]: Array<Extract<SessionEvent, { type: Type }>> } = {
  'session.termsChanged': [
    { type: 'session.termsChanged', accepted: true },
    { type: 'session.termsChanged', accepted: false },
  ],
  'session.signIn': [{ type: 'session.signIn', facebookToken: FACEBOOK_TOKEN }],
  'session.tokenReceived': [{ type: 'session.tokenReceived', token: 'token-from-link', backUrl: '/support' }],
  'session.retry': [{ type: 'session.retry' }],
  'session.userUpdated': [{ type: 'session.userUpdated', user: { ...adminUser, email: 'ada@new.example' } }],
  'session.switchToUser': [{ type: 'session.switchToUser', userId: adminUser.id, returnUrl: SUPERVISOR_RECORD.returnUrl }],
  'session.switchBack': [{ type: 'session.switchBack' }],
  'session.logout': [{ type: 'session.logout' }],
  'server.forceLogout': [{ type: 'server.forceLogout' }],
  'server.unauthorized': [{ type: 'server.unauthorized' }],
};

const sessionOf = (user: User, token: string): SessionLookup => ({
  kind: 'signedIn',
  session: { user, member: null, access_token: token, switched_by: null },
});

const actorOutputs: Record<string, ActorOutput[]> = {
  fetchSession: [
    sessionOf(adminUser, STORED_TOKEN),
    sessionOf(bannedUser, STORED_TOKEN),
    sessionOf(supervisorUser, STORED_TOKEN),
    { kind: 'unauthorized' },
    { kind: 'unavailable', reason: 'The server answered with HTTP 503.' },
  ],
  createSession: [
    { kind: 'opened', accessToken: 'token-ada', user: adminUser },
    { kind: 'opened', accessToken: 'token-bella', user: bannedUser },
    { kind: 'opened', accessToken: 'token-sam', user: supervisorUser },
    { kind: 'refused', reason: 'The social network did not recognise you.' },
  ],
  switchSession: [
    { kind: 'opened', accessToken: 'token-ada-switched', user: adminUser },
    { kind: 'opened', accessToken: 'token-bella-switched', user: bannedUser },
    { kind: 'refused', reason: 'No such user.' },
  ],
  endSwitchedSession: [
    { kind: 'switchedBack', user: supervisorUser },
    { kind: 'failed', reason: 'The server did not answer.' },
  ],
  deleteSession: [undefined],
};
const ACTOR_IDS = Object.keys(actorOutputs);

const modelEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...ACTOR_IDS.flatMap((id) => [...actorDoneEvents(id, actorOutputs[id]), actorErrorEvent(id, new Error(`${id} crashed`))]),
];

const unusedApi = createApiClient({
  baseUrl: 'http://api.invalid/api/v1',
  fetch: () => Promise.reject(new Error('the model provides every actor')),
});

/** Where a browser starts: nothing stored, or a supervisor's switched session stored from an earlier visit. */
interface Boot {
  name: string;
  storage: Record<string, string>;
}

const boots: Boot[] = [
  { name: 'a browser with nothing stored', storage: {} },
  {
    name: "a browser holding a supervisor's switched session",
    storage: {
      [SESSION_KEYS.token]: STORED_TOKEN,
      [SESSION_KEYS.previousToken]: SUPERVISOR_RECORD.previousToken,
      [SESSION_KEYS.returnUrl]: SUPERVISOR_RECORD.returnUrl,
      [SESSION_KEYS.switched]: '1',
      [SESSION_KEYS.termsAccepted]: '1',
    },
  },
];

function memoryStorage(initial: Record<string, string>) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function modelFor(boot: Boot) {
  const input: SessionInput = { api: unusedApi, store: createSessionStore(memoryStorage(boot.storage)) };
  return createMachineTestModel(sessionMachine, {
    input,
    events: modelEvents,
    distinguishingContext: ({ context }) => ({
      token: context.token,
      userId: context.user?.id ?? null,
      switchRecord: context.switchRecord,
      switchRequest: context.switchRequest,
      termsAccepted: context.termsAccepted,
    }),
    // Without a token GET /session is not even asked: nobody can be found signed in.
    isPossible: (snapshot, event) =>
      !(event.type === 'xstate.done.actor.fetchSession' && snapshot.context.token === null && isSignedInAnswer(event)),
  });
}

function isSignedInAnswer(event: ModelEvent): boolean {
  return (event as ActorDoneEvent<SessionLookup>).output.kind === 'signedIn';
}

/** Answers and users by what matters: `createSession done: opened Sam Supervisor`. */
function labelSessionEvent(event: EventObject): string | undefined {
  if (event.type === 'session.userUpdated') return 'session.userUpdated';
  if (!event.type.startsWith('xstate.done.actor.')) return undefined;
  const output = (event as ActorDoneEvent<ActorOutput>).output;
  const user = output && ('user' in output ? output.user : output.kind === 'signedIn' ? output.session.user : undefined);
  return `${event.type.split('.')[3]} done: ${output?.kind ?? 'ok'}${user ? ` ${user.name}` : ''}`;
}

const pathsByBoot = boots.map((boot) => ({ boot, paths: modelFor(boot).getShortestPaths() }));

function fakeFacebook(): FacebookSdk {
  return {
    init: () => {},
    login: (callback) => callback({ status: 'connected', authResponse: { accessToken: FACEBOOK_TOKEN } }),
  };
}

async function startSystem(boot: Boot) {
  const storage = memoryStorage(boot.storage);
  const actors = {
    fetchSession: createDeferredActor<SessionLookup, InputFrom<typeof fetchSession>>(),
    createSession: createDeferredActor<SessionOpening, InputFrom<typeof createSession>>(),
    switchSession: createDeferredActor<SessionOpening, InputFrom<typeof switchSession>>(),
    endSwitchedSession: createDeferredActor<SwitchBackResult, InputFrom<typeof endSwitchedSession>>(),
    deleteSession: createDeferredActor<void, InputFrom<typeof deleteSession>>(),
  };
  const navigations: string[] = [];
  const reportSwitchFailure = vi.fn();
  const machine = sessionMachine.provide({
    actors: {
      fetchSession: actors.fetchSession.logic,
      createSession: actors.createSession.logic,
      switchSession: actors.switchSession.logic,
      endSwitchedSession: actors.endSwitchedSession.logic,
      deleteSession: actors.deleteSession.logic,
    },
    actions: {
      goHome: () => void navigations.push('/'),
      goToLogin: () => void navigations.push('/auth/login'),
      showSignInFailure: () => void navigations.push('/auth/login?success=false'),
      goToReturnUrl: (_, { url }) => void navigations.push(url),
      reportSwitchFailure: (_, { reason }) => reportSwitchFailure(reason),
    },
  });
  const actor = createActor(machine, { input: { api: unusedApi, store: createSessionStore(storage) } });
  const router = await renderSessionScreen(actor, { document, FB: fakeFacebook() });
  return { actor, storage, actors, navigations, reportSwitchFailure, router };
}

type System = Awaited<ReturnType<typeof startSystem>>;
type ModelStep = { event: EventObject };

function waitingRuns(system: System) {
  return Object.fromEntries(ACTOR_IDS.map((id) => [id, system.actors[id as keyof System['actors']].waitingRuns()]));
}

/** Exactly the named actor is waiting for an answer; no other call is under way. */
function expectOnlyWaiting(system: System, id: string | null) {
  expect(waitingRuns(system)).toEqual(Object.fromEntries(ACTOR_IDS.map((other) => [other, other === id ? 1 : 0])));
}

function expectSystemToMatch(system: System, expected: Snapshot) {
  const actual = system.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(sessionAccess(actual)).toBe(sessionAccess(expected));
  expect(system.storage.items.get(SESSION_KEYS.termsAccepted) ?? null).toBe(
    expected.context.termsAccepted || system.storage.items.has(SESSION_KEYS.termsAccepted)
      ? String(Number(expected.context.termsAccepted))
      : null,
  );
}

/** The token kept for the next visit is the session's own. */
function expectStoredToken(system: System, token: string | null) {
  expect(system.storage.items.get(SESSION_KEYS.token) ?? null).toBe(token);
}

function expectLoginPage(expected: Snapshot) {
  const button = screen.getByRole('button', { name: 'Sign in with Facebook' });
  expect(screen.getByLabelText(/I accept the terms/)).toHaveProperty('checked', expected.context.termsAccepted);
  return button;
}

function expectShell(system: System, expected: Snapshot) {
  expectStoredToken(system, expected.context.token);
  expect(screen.getAllByText(expected.context.user!.name).length).toBeGreaterThan(0);
  const banner = screen.queryByText(`Be careful, all your actions will be performed on behalf of ${expected.context.user!.name}!`);
  expect(banner !== null).toBe(isSwitchedToUser(expected));
}

function implementationFor(system: System) {
  const sendToSystem = async ({ event }: ModelStep) => {
    await act(async () => void system.actor.send(event as SessionEvent));
  };
  const settleActor = (id: keyof System['actors']) => ({
    done: async ({ event }: ModelStep) => {
      await act(async () => {
        (system.actors[id].resolve as (output: ActorOutput) => void)((event as ActorDoneEvent<ActorOutput>).output);
        await settle();
      });
    },
    error: async ({ event }: ModelStep) => {
      await act(async () => {
        system.actors[id].reject((event as ActorErrorEvent).error);
        await settle();
      });
    },
  });
  const actorExecutors = Object.fromEntries(
    ACTOR_IDS.flatMap((id) => {
      const { done, error } = settleActor(id as keyof System['actors']);
      return [
        [`xstate.done.actor.${id}`, done],
        [`xstate.error.actor.${id}`, error],
      ];
    }),
  );

  return {
    states: {
      loadingSession: (expected: Snapshot) => {
        expectSystemToMatch(system, expected);
        expectOnlyWaiting(system, 'fetchSession');
        expect(screen.queryByRole('button', { name: 'Sign in with Facebook' })).toBeNull();
      },
      sessionUnavailable: (expected: Snapshot) => {
        expectSystemToMatch(system, expected);
        expectOnlyWaiting(system, null);
        expectStoredToken(system, expected.context.token);
      },
      anonymous: (expected: Snapshot) => {
        expectSystemToMatch(system, expected);
        expectOnlyWaiting(system, null);
        expectStoredToken(system, null);
        const button = expectLoginPage(expected);
        expect(button).toHaveProperty('disabled', !canSignIn(expected));
      },
      signingIn: (expected: Snapshot) => {
        expectSystemToMatch(system, expected);
        expectOnlyWaiting(system, 'createSession');
        expect(expectLoginPage(expected)).toBeDisabled();
      },
      authenticated: (expected: Snapshot) => {
        expectSystemToMatch(system, expected);
        expectShell(system, expected);
      },
      'authenticated.ownAccount': () => {
        expectOnlyWaiting(system, null);
        expect(system.storage.items.has(SESSION_KEYS.switched)).toBe(false);
      },
      'authenticated.switchingToUser': () => {
        expectOnlyWaiting(system, 'switchSession');
      },
      'authenticated.switchedToUser': (expected: Snapshot) => {
        expectOnlyWaiting(system, null);
        expect(createSessionStore(system.storage).readSwitch()).toEqual(expected.context.switchRecord);
      },
      'authenticated.switchingBack': () => {
        expectOnlyWaiting(system, 'endSwitchedSession');
      },
      banned: (expected: Snapshot) => {
        expectSystemToMatch(system, expected);
        expectOnlyWaiting(system, null);
        expectStoredToken(system, expected.context.token);
        expect(screen.getByText('Your account has been flagged for policy violations.')).toBeInTheDocument();
        expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toBeInTheDocument();
        expect(createSessionStore(system.storage).readSwitch()).toEqual(expected.context.switchRecord);
        expect(screen.queryByRole('button', { name: 'Back to admin account' }) !== null).toBe(expected.context.switchRecord !== null);
      },
      loggingOut: (expected: Snapshot) => {
        expectSystemToMatch(system, expected);
        expectOnlyWaiting(system, 'deleteSession');
      },
    },
    events: {
      'xstate.init': () => void system.actor.start(),
      'session.termsChanged': async (step: ModelStep) => {
        const { accepted } = step.event as Extract<SessionEvent, { type: 'session.termsChanged' }>;
        if (accepted === system.actor.getSnapshot().context.termsAccepted) return sendToSystem(step);
        fireEvent.click(screen.getByLabelText(/I accept the terms/));
      },
      'session.signIn': async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Sign in with Facebook' }));
        await act(() => waitFor(system.actor, (snapshot) => snapshot.matches('signingIn')));
      },
      'session.tokenReceived': sendToSystem,
      'session.retry': sendToSystem,
      'session.userUpdated': sendToSystem,
      'session.switchToUser': sendToSystem,
      'session.switchBack': async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Back to admin account' }));
        await waitForDom(() => expect(system.actor.getSnapshot().matches({ authenticated: 'switchingBack' })).toBe(true));
      },
      'session.logout': async (step: ModelStep) => {
        const snapshot = system.actor.getSnapshot();
        // The /logout page waits for a switch under way to finish; the machine takes the event at once.
        if (snapshot.hasTag('pending')) return sendToSystem(step);
        if (snapshot.matches('banned')) {
          fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
        } else {
          fireEvent.click(screen.getByRole('button', { name: new RegExp(snapshot.context.user!.name) }));
          fireEvent.click(screen.getByRole('link', { name: 'Logout' }));
        }
        // A switched session ends by going back to the supervisor's own account; any other logs out.
        const leaving = isSwitchedToUser(snapshot) ? ({ authenticated: 'switchingBack' } as const) : 'loggingOut';
        await act(() => waitFor(system.actor, (current) => current.matches(leaving)));
      },
      'server.forceLogout': sendToSystem,
      'server.unauthorized': sendToSystem,
      ...actorExecutors,
    },
  };
}

describe('session model', () => {
  afterEach(() => vi.restoreAllMocks());

  it('has an assertion for every state and an executor for every event', async () => {
    const system = await startSystem(boots[0]);
    assertModelIsComplete(sessionMachine, implementationFor(system));
  });

  it('reports a state without an assertion and an event without an executor', async () => {
    const { states, events } = implementationFor(await startSystem(boots[0]));
    const { banned: _state, ...statesButOne } = states;
    const { 'session.switchBack': _event, ...eventsButOne } = events;
    expect(findModelGaps(sessionMachine, { states: statesButOne, events: eventsButOne })).toEqual([
      "state 'banned' has no assertion",
      "event 'session.switchBack' has no executor",
    ]);
  });

  it('takes every transition and visits every state along the paths of both boots', () => {
    const allPaths = pathsByBoot.flatMap(({ paths }) => paths);
    expect(measurePathCoverage(sessionMachine, allPaths)).toEqual({ statesMissed: [], transitionsMissed: [] });
  });

  describe.each(pathsByBoot)('from $boot.name', ({ boot, paths }) => {
    it.each(paths.map((path) => [namePath(path, labelSessionEvent), path] as const))('%s', async (_name, path) => {
      const system = await startSystem(boot);
      await path.test(implementationFor(system));
      system.actor.stop();
      system.router.dispose();
    });
  });
});

describe('session actions', () => {
  async function signedInSystem(output: SessionOpening) {
    const system = await startSystem({ name: 'terms ticked', storage: { [SESSION_KEYS.termsAccepted]: '1' } });
    system.actor.start();
    await act(async () => {
      system.actors.fetchSession.resolve({ kind: 'unauthorized' });
      await settle();
    });
    await act(async () => void system.actor.send({ type: 'session.signIn', facebookToken: FACEBOOK_TOKEN }));
    await act(async () => {
      system.actors.createSession.resolve(output);
      await settle();
    });
    return system;
  }

  it('goes home after signing in and stores the token', async () => {
    const system = await signedInSystem({ kind: 'opened', accessToken: 'token-ada', user: adminUser });
    expect(system.navigations).toEqual(['/']);
    expectStoredToken(system, 'token-ada');
  });

  it('shows the login error after a refused sign-in', async () => {
    const system = await signedInSystem({ kind: 'refused', reason: 'No.' });
    expect(system.navigations).toEqual(['/auth/login?success=false']);
  });

  it('goes to the login page when the server forces a logout', async () => {
    const system = await signedInSystem({ kind: 'opened', accessToken: 'token-ada', user: adminUser });
    await act(async () => void system.actor.send({ type: 'server.forceLogout' }));
    expect(system.navigations).toEqual(['/', '/auth/login']);
    expectStoredToken(system, null);
  });

  it("switches a supervisor into a user's account and back to where they were", async () => {
    const system = await signedInSystem({ kind: 'opened', accessToken: 'token-sam', user: supervisorUser });
    await act(async () => void system.actor.send(eventFixtures['session.switchToUser'][0]));
    await act(async () => {
      system.actors.switchSession.resolve({ kind: 'opened', accessToken: 'token-ada-switched', user: adminUser });
      await settle();
    });
    expectStoredToken(system, 'token-ada-switched');
    expect(system.storage.items.get(SESSION_KEYS.previousToken)).toBe('token-sam');

    fireEvent.click(screen.getByRole('button', { name: 'Back to admin account' }));
    await act(async () => {
      system.actors.endSwitchedSession.resolve({ kind: 'switchedBack', user: supervisorUser });
      await settle();
    });
    expect(system.navigations).toEqual(['/', '/', SUPERVISOR_RECORD.returnUrl]);
    expectStoredToken(system, 'token-sam');
    expect(system.storage.items.has(SESSION_KEYS.switched)).toBe(false);
  });

  async function switchedIntoBella() {
    const system = await signedInSystem({ kind: 'opened', accessToken: 'token-sam', user: supervisorUser });
    await act(async () => void system.actor.send(eventFixtures['session.switchToUser'][0]));
    await act(async () => {
      system.actors.switchSession.resolve({ kind: 'opened', accessToken: 'token-bella-switched', user: bannedUser });
      await settle();
    });
    return system;
  }

  it("shows a supervisor switched into a banned user's account the banned page with the banner, and takes them back", async () => {
    const system = await switchedIntoBella();
    expect(sessionAccess(system.actor.getSnapshot())).toBe('banned');
    expect(screen.getByText('Your account has been flagged for policy violations.')).toBeInTheDocument();
    expect(screen.getByText('Be careful, all your actions will be performed on behalf of Bella Banned!')).toBeInTheDocument();
    expectStoredToken(system, 'token-bella-switched');

    fireEvent.click(screen.getByRole('button', { name: 'Back to admin account' }));
    await act(async () => {
      system.actors.endSwitchedSession.resolve({ kind: 'switchedBack', user: supervisorUser });
      await settle();
    });
    expect(system.navigations).toEqual(['/', '/', SUPERVISOR_RECORD.returnUrl]);
    expectStoredToken(system, 'token-sam');
    expect(system.actor.getSnapshot().context.user).toEqual(supervisorUser);
    expect(screen.getAllByText('Sam Supervisor').length).toBeGreaterThan(0);
  });

  it("logs a supervisor out of the banned user's account only, back into their own", async () => {
    const system = await switchedIntoBella();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitForDom(() => expect(system.actors.endSwitchedSession.waitingRuns()).toBe(1));
    await act(async () => {
      system.actors.endSwitchedSession.resolve({ kind: 'switchedBack', user: supervisorUser });
      await settle();
    });
    expect(system.actors.deleteSession.waitingRuns()).toBe(0);
    expectStoredToken(system, 'token-sam');
    expect(sessionAccess(system.actor.getSnapshot())).toBe('active');
    await waitForDom(() => expect(system.router.state.location.pathname).toBe(SUPERVISOR_RECORD.returnUrl));
  });

  it('reports a refused switch', async () => {
    const system = await signedInSystem({ kind: 'opened', accessToken: 'token-sam', user: supervisorUser });
    await act(async () => void system.actor.send(eventFixtures['session.switchToUser'][0]));
    await act(async () => {
      system.actors.switchSession.resolve({ kind: 'refused', reason: 'No such user.' });
      await settle();
    });
    expect(system.reportSwitchFailure).toHaveBeenCalledExactlyOnceWith('No such user.');
  });
});
