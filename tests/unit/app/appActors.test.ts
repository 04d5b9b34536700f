import { describe, expect, it } from 'vitest';
import { createActor, emit, setup, toPromise, waitFor, type AnyActorRef } from 'xstate';
import { listenToRobotVersion, listenToSession, loadUserGroups } from '../../../machines/app/actors';
import { createApiClient } from '../../../src/api/client';
import { adminUser, freeGroup, monthlyGroup } from '../support/sessionFixtures';

const BASE_URL = 'http://xfilter.test/api/v1';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function apiAnswering(answer: (request: Request) => Promise<Response>) {
  const requests: Request[] = [];
  const api = createApiClient({
    baseUrl: BASE_URL,
    fetch: (request) => {
      requests.push(request);
      return answer(request);
    },
  });
  return { api, requests };
}

describe('loadUserGroups', () => {
  it('asks GET /groups and gives the groups', async () => {
    const { api, requests } = apiAnswering(async () => json({ groups: [freeGroup, monthlyGroup] }));
    const groups = await toPromise(createActor(loadUserGroups, { input: { api, token: 'token-ada' } }).start());
    expect(groups).toEqual([freeGroup, monthlyGroup]);
    expect(requests).toHaveLength(1);
    expect(requests[0].method).toBe('GET');
    expect(requests[0].url).toBe(`${BASE_URL}/groups`);
  });

  it('fails with the server\'s reason when the answer is an error', async () => {
    const { api } = apiAnswering(async () => json({ error: { code: 'unauthorized', message: 'Your session has expired.' } }, 401));
    await expect(toPromise(createActor(loadUserGroups, { input: { api, token: 'token-ada' } }).start())).rejects.toThrow(
      new Error('Your groups could not be loaded. Your session has expired.'),
    );
  });

  it('fails naming the HTTP status when the error answer carries no message', async () => {
    const { api } = apiAnswering(async () => new Response('oops', { status: 500, headers: { 'Content-Type': 'text/plain' } }));
    await expect(toPromise(createActor(loadUserGroups, { input: { api, token: 'token-ada' } }).start())).rejects.toThrow(
      new Error('Your groups could not be loaded. The server answered with HTTP 500.'),
    );
  });

  it('cancels the request when it is stopped', async () => {
    const { api, requests } = apiAnswering(
      (request) => new Promise<Response>((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason))),
    );
    const actor = createActor(loadUserGroups, { input: { api, token: 'token-ada' } }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(requests).toHaveLength(1);
    actor.stop();
    expect(requests[0].signal.aborted).toBe(true);
  });
});

/** Something that announces events to whoever listens, as the session and the robot do. */
const announcer = setup({ types: { events: {} as { type: 'say'; event: { type: string } } } }).createMachine({
  on: { say: { actions: emit(({ event }) => event.event as never) } },
});

/** A parent listening with `listener` until told to stop; it counts what it hears. */
function listeningParent(listener: typeof listenToSession | typeof listenToRobotVersion, input: (source: AnyActorRef) => unknown) {
  const source = createActor(announcer).start();
  const parent = setup({
    types: { context: {} as { heard: string[] }, events: {} as { type: string } },
    actors: { listener: listener as never },
  }).createMachine({
    context: { heard: [] },
    initial: 'listening',
    on: { '*': { actions: ({ context, event }) => context.heard.push(event.type) } },
    states: {
      listening: { invoke: { src: 'listener', input: () => input(source) as never }, on: { stopListening: 'deaf' } },
      deaf: {},
    },
  });
  return { source, parent: createActor(parent).start() };
}

describe('listenToSession', () => {
  it('passes on who signed in or out, and nothing once it stops listening', async () => {
    const { source, parent } = listeningParent(listenToSession, (session) => ({ session }));
    source.send({ type: 'say', event: { type: 'session.signedIn', user: adminUser, token: 'token-ada' } as never });
    source.send({ type: 'say', event: { type: 'session.signedOut' } });
    await waitFor(parent, (snapshot) => snapshot.context.heard.length === 2);
    parent.send({ type: 'stopListening' });
    source.send({ type: 'say', event: { type: 'session.signedIn', user: adminUser, token: 'token-ada' } as never });
    source.send({ type: 'say', event: { type: 'session.signedOut' } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(parent.getSnapshot().context.heard).toEqual(['session.signedIn', 'session.signedOut']);
  });
});

describe('listenToRobotVersion', () => {
  it('passes on the robot\'s version, and nothing once it stops listening', async () => {
    const { source, parent } = listeningParent(listenToRobotVersion, (robot) => ({ robot }));
    source.send({ type: 'say', event: { type: 'robot.versionReported', version: '2.4.0' } as never });
    await waitFor(parent, (snapshot) => snapshot.context.heard.length === 1);
    parent.send({ type: 'stopListening' });
    source.send({ type: 'say', event: { type: 'robot.versionReported', version: '2.5.0' } as never });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(parent.getSnapshot().context.heard).toEqual(['robot.versionReported']);
  });
});

/** An announcer that shows who still listens to it: the handlers registered per event type. */
function listenedAnnouncer() {
  const listeners = new Map<string, Set<(event: unknown) => void>>();
  return {
    listeners,
    on(type: string, handler: (event: unknown) => void) {
      const set = listeners.get(type) ?? new Set();
      listeners.set(type, set);
      set.add(handler);
      return { unsubscribe: () => set.delete(handler) };
    },
    listening: () => [...listeners.entries()].filter(([, set]) => set.size > 0).map(([type]) => type).sort(),
  };
}

describe('the listeners leave nothing behind', () => {
  it('listenToSession listens for sign-in and sign-out, and stops listening to the session when stopped', () => {
    const session = listenedAnnouncer();
    const { parent } = listeningParent(listenToSession, () => ({ session }));
    expect(session.listening()).toEqual(['session.signedIn', 'session.signedOut']);
    parent.send({ type: 'stopListening' });
    expect(session.listening()).toEqual([]);
  });

  it('listenToRobotVersion listens for the robot\'s version, and stops listening to the robot when stopped', () => {
    const robot = listenedAnnouncer();
    const { parent } = listeningParent(listenToRobotVersion, () => ({ robot }));
    expect(robot.listening()).toEqual(['robot.versionReported']);
    parent.send({ type: 'stopListening' });
    expect(robot.listening()).toEqual([]);
  });
});
