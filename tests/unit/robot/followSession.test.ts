import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type InputFrom } from 'xstate';
import { createApiClient } from '../../../src/api/client';
import { sessionMachine } from '../../../machines/session/machine';
import type { deleteSession, fetchSession, SessionLookup } from '../../../machines/session/actors';
import { createSessionStore } from '../../../machines/session/sessionStore';
import { followSession, type RobotActor } from '../../../src/app/robotActor';
import type { GroupsSource } from '../../../src/api/groupsSource';
import { adminUser, freeGroup } from '../support/sessionFixtures';

const api = createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('not called')) });

function signedInSession() {
  const items = new Map<string, string>();
  const store = createSessionStore({
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  });
  store.saveToken('token-ada');
  const lookup: SessionLookup = { kind: 'signedIn', session: { user: adminUser, member: null, access_token: 'token-ada', switched_by: null } };
  const machine = sessionMachine.provide({
    actors: {
      fetchSession: fromPromise<SessionLookup, InputFrom<typeof fetchSession>>(async () => lookup),
      deleteSession: fromPromise<void, InputFrom<typeof deleteSession>>(async () => {}),
    },
    actions: { goHome: () => {}, goToLogin: () => {} },
  });
  return createActor(machine, { input: { api, store } });
}

describe('the robot following the session', () => {
  it('works for the signed-in user with their groups and token, and for nobody after logout', async () => {
    const session = signedInSession();
    const sent: unknown[] = [];
    const robotActor = { send: (event: unknown) => void sent.push(event) } as unknown as RobotActor;
    const groups: GroupsSource = { load: vi.fn(async () => [freeGroup]), refresh: () => {} };
    followSession(robotActor, session, groups);
    session.start();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ type: 'session.changed', identity: { user: adminUser, groups: [freeGroup], apiToken: 'token-ada' } });
    expect(groups.load).toHaveBeenCalledWith('token-ada');

    session.send({ type: 'session.logout' });
    await vi.waitFor(() => expect(sent.at(-1)).toEqual({ type: 'session.changed', identity: null }));
  });

  it('still gives the robot its user when the groups cannot be loaded', async () => {
    const session = signedInSession();
    const sent: unknown[] = [];
    followSession({ send: (event: unknown) => void sent.push(event) } as unknown as RobotActor, session, {
      load: async () => Promise.reject(new Error('The server did not answer.')),
      refresh: () => {},
    });
    session.start();
    await vi.waitFor(() => expect(sent).toEqual([{ type: 'session.changed', identity: { user: adminUser, groups: [], apiToken: 'token-ada' } }]));
  });
});
