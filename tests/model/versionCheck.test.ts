import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, type EventObject, type SnapshotFrom } from 'xstate';
import { createApiClient } from '../../src/api/client';
import type { ServerVersions } from '../../machines/versionCheck/actors';
import { versionCheckMachine, type VersionCheckEvent } from '../../machines/versionCheck/machine';
import { createReloadLog, RELOAD_LOG_KEY } from '../../machines/versionCheck/reloadLog';
import { isAppUpdatePending, isReloadingApp, requestedRobotVersion } from '../../machines/versionCheck/selectors';
import { createDeferredActor, settle } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { assertModelIsComplete, findModelGaps } from './support/modelGuard';
import { actorDoneEvents, actorErrorEvent, delayedEvents, type ActorDoneEvent, type ActorErrorEvent, type DelayedEvent } from './support/modelEvents';
import { namePath } from './support/pathNames';
import { measurePathCoverage } from './support/pathCoverage';
import { SPEC_RELOAD_COOLDOWN_MS, SPEC_VERSION_CHECK_IDLE_MS, SPEC_VERSION_CHECK_START_MS } from '../support/spec-numbers';
import { advanceThroughDelay } from './support/simulatedTime';

type Snapshot = SnapshotFrom<typeof versionCheckMachine>;
type ModelEvent = VersionCheckEvent | DelayedEvent | ActorDoneEvent<ServerVersions> | ActorErrorEvent;

const RUNNING_APP = '1.4.0';
const PUBLISHED_APP = '1.5.0';
const INSTALLED_ROBOT = '2.4.0';
const PUBLISHED_ROBOT = '2.5.0';

const eventFixtures: { [Type in VersionCheckEvent['type']]: Array<Extract<VersionCheckEvent, { type: Type }>> } = {
  'server.versions': [{ type: 'server.versions', appVersion: PUBLISHED_APP, robotVersion: PUBLISHED_ROBOT }],
  'user.activity': [{ type: 'user.activity' }],
  'robot.versionReported': [
    { type: 'robot.versionReported', version: INSTALLED_ROBOT },
    { type: 'robot.versionReported', version: PUBLISHED_ROBOT },
  ],
};

const statusCheckResults: ServerVersions[] = [
  { appVersion: PUBLISHED_APP, robotVersion: PUBLISHED_ROBOT },
  { appVersion: RUNNING_APP, robotVersion: INSTALLED_ROBOT },
  { appVersion: null, robotVersion: null },
];

const modelEvents: ModelEvent[] = [
  ...Object.values(eventFixtures).flat(),
  ...delayedEvents(versionCheckMachine),
  ...actorDoneEvents('fetchServerVersions', statusCheckResults),
  actorErrorEvent('fetchServerVersions', new Error('the status check crashed')),
];

const unusedApi = createApiClient({
  baseUrl: 'http://api.invalid/api/v1',
  fetch: () => Promise.reject(new Error('the model provides fetchServerVersions')),
});

/** The reload log only matters inside the system under test; the model never reads it. */
const modelReloadLog = { millisSinceLastReload: () => null, recordReload: () => {} };

const model = createMachineTestModel(versionCheckMachine, {
  input: { runningAppVersion: RUNNING_APP, api: unusedApi, reloadLog: modelReloadLog },
  events: modelEvents,
  distinguishingContext: ({ context }) => ({
    serverAppVersion: context.serverAppVersion,
    serverRobotVersion: context.serverRobotVersion,
    installedRobotVersion: context.installedRobotVersion,
    robotReloadRequestedFor: context.robotReloadRequestedFor,
  }),
});
const paths = model.getShortestPaths();

interface ReloadHistory {
  name: string;
  /** Milliseconds between the app's previous self-reload and this boot; null when it never reloaded. */
  reloadedBeforeBoot: number | null;
}

const reloadHistories: ReloadHistory[] = [
  { name: 'never reloaded itself', reloadedBeforeBoot: null },
  { name: 'reloaded itself 5 s before this boot', reloadedBeforeBoot: 5_000 },
];

const BOOT_TIME = 1_000_000;

function startSystem(history: ReloadHistory) {
  const clock = new SimulatedClock();
  clock.set(BOOT_TIME);
  const previousReloadAt = history.reloadedBeforeBoot === null ? null : BOOT_TIME - history.reloadedBeforeBoot;
  const storage = new Map<string, string>();
  if (previousReloadAt !== null) storage.set(RELOAD_LOG_KEY, String(previousReloadAt));
  const reloadLog = createReloadLog(
    { getItem: (key) => storage.get(key) ?? null, setItem: (key, value) => void storage.set(key, value) },
    () => clock.now(),
  );
  const statusCheck = createDeferredActor<ServerVersions, { api: typeof unusedApi }>();
  const reloadApp = vi.fn<(version: string) => void>();
  const reloadExtension = vi.fn<() => void>();
  const machine = versionCheckMachine.provide({
    actors: { fetchServerVersions: statusCheck.logic },
    actions: { reloadApp: (_, { version }) => reloadApp(version), reloadExtension },
  });
  const actor = createActor(machine, { clock, input: { runningAppVersion: RUNNING_APP, api: unusedApi, reloadLog } });
  return { actor, clock, storage, previousReloadAt, statusCheck, reloadApp, reloadExtension };
}

type System = ReturnType<typeof startSystem>;

function expectSystemToMatch(system: System, expected: Snapshot) {
  const actual = system.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(isAppUpdatePending(actual)).toBe(isAppUpdatePending(expected));
  expect(requestedRobotVersion(actual)).toBe(requestedRobotVersion(expected));
  expect(system.reloadExtension).toHaveBeenCalledTimes(requestedRobotVersion(expected) ? 1 : 0);
}

/** TestModel hands an executor the step's event typed by its `type` only; the payload is the fixture's. */
type ModelStep = { event: EventObject };

function implementationFor(system: System) {
  const sendToSystem = ({ event }: ModelStep) => void system.actor.send(event as VersionCheckEvent);
  const notReloaded = (expected: Snapshot) => {
    expectSystemToMatch(system, expected);
    expect(system.reloadApp).not.toHaveBeenCalled();
    expect(isReloadingApp(system.actor.getSnapshot())).toBe(false);
  };
  return {
    states: {
      waitingToStart: (expected: Snapshot) => {
        notReloaded(expected);
        expect(system.clock.now()).toBe(BOOT_TIME);
      },
      awaitingIdle: (expected: Snapshot) => {
        notReloaded(expected);
        expect(system.statusCheck.waitingRuns()).toBe(0);
      },
      checkingVersions: (expected: Snapshot) => {
        notReloaded(expected);
        expect(system.statusCheck.waitingRuns()).toBe(1);
      },
      waitingForReloadCooldown: (expected: Snapshot) => {
        notReloaded(expected);
        expect(system.storage.get(RELOAD_LOG_KEY) ?? null).toBe(system.previousReloadAt === null ? null : String(system.previousReloadAt));
      },
      reloadingApp: (expected: Snapshot) => {
        expectSystemToMatch(system, expected);
        expect(system.reloadApp).toHaveBeenCalledExactlyOnceWith(PUBLISHED_APP);
        if (system.previousReloadAt !== null) {
          expect(system.clock.now() - system.previousReloadAt).toBeGreaterThanOrEqual(SPEC_RELOAD_COOLDOWN_MS);
        }
        expect(system.storage.get(RELOAD_LOG_KEY)).toBe(String(system.clock.now()));
      },
    },
    events: {
      'xstate.init': () => void system.actor.start(),
      'server.versions': sendToSystem,
      'user.activity': sendToSystem,
      'robot.versionReported': sendToSystem,
      ...Object.fromEntries(
        delayedEvents(versionCheckMachine).map(({ type }) => [
          type,
          ({ event }: ModelStep) => advanceThroughDelay(versionCheckMachine, system.actor, system.clock, event),
        ]),
      ),
      'xstate.done.actor.fetchServerVersions': async ({ event }: ModelStep) => {
        system.statusCheck.resolve((event as ModelEvent as ActorDoneEvent<ServerVersions>).output);
        await settle();
      },
      'xstate.error.actor.fetchServerVersions': async ({ event }: ModelStep) => {
        system.statusCheck.reject((event as ModelEvent as ActorErrorEvent).error);
        await settle();
      },
    },
  };
}

describe('versionCheck model', () => {
  it('has an assertion for every state and an executor for every event', () => {
    const system = startSystem(reloadHistories[0]);
    assertModelIsComplete(versionCheckMachine, implementationFor(system));
  });

  it('reports a state without an assertion and an event without an executor', () => {
    const { states, events } = implementationFor(startSystem(reloadHistories[0]));
    const { reloadingApp: _state, ...statesButOne } = states;
    const { 'user.activity': _event, ...eventsButOne } = events;
    expect(findModelGaps(versionCheckMachine, { states: statesButOne, events: eventsButOne })).toEqual([
      "state 'reloadingApp' has no assertion",
      "event 'user.activity' has no executor",
    ]);
  });

  it('takes every transition and visits every state along its paths', () => {
    expect(measurePathCoverage(versionCheckMachine, paths)).toEqual({ statesMissed: [], transitionsMissed: [] });
  });

  describe.each(reloadHistories)('when the app $name', (history) => {
    it.each(paths.map((path) => [namePath(path), path] as const))('%s', async (_name, path) => {
      const system = startSystem(history);
      await path.test(implementationFor(system));
      system.actor.stop();
    });
  });
});

describe('versionCheck rules, in the spec’s own numbers', () => {

  it('first asks the server 10 s after boot and 30 s without activity, and activity restarts the 30 s', () => {
    const system = startSystem(reloadHistories[0]!);
    system.actor.start();
    system.clock.increment(SPEC_VERSION_CHECK_START_MS);
    system.clock.increment(SPEC_VERSION_CHECK_IDLE_MS - 1);
    expect(system.statusCheck.waitingRuns()).toBe(0);
    system.actor.send({ type: 'user.activity' });
    system.clock.increment(SPEC_VERSION_CHECK_IDLE_MS - 1);
    expect(system.statusCheck.waitingRuns()).toBe(0);
    system.clock.increment(1);
    expect(system.statusCheck.waitingRuns()).toBe(1);
    system.actor.stop();
  });

  it('reloads into a newer published app at once when it never reloaded itself, and not for the same or an older one', async () => {
    for (const [published, reloads] of [
      ['1.5.0', true],
      ['1.4.0', false],
      ['1.3.9', false],
    ] as const) {
      const system = startSystem(reloadHistories[0]!);
      system.actor.start();
      system.clock.increment(SPEC_VERSION_CHECK_START_MS);
      system.clock.increment(SPEC_VERSION_CHECK_IDLE_MS);
      system.statusCheck.resolve({ appVersion: published, robotVersion: null });
      await settle();
      system.clock.increment(0);
      expect(system.reloadApp.mock.calls).toEqual(reloads ? [[published]] : []);
      system.actor.stop();
    }
  });

  it('waits until 60 s have passed since its last reload before reloading again', async () => {
    const system = startSystem(reloadHistories[1]!);
    system.actor.start();
    system.actor.send({ type: 'server.versions', appVersion: PUBLISHED_APP, robotVersion: null });
    system.clock.increment(SPEC_VERSION_CHECK_START_MS);
    system.clock.increment(SPEC_VERSION_CHECK_IDLE_MS);
    // Booted 5 s after the last reload: 40 s in, 15 s of the 60 s remain.
    const remaining = SPEC_RELOAD_COOLDOWN_MS - reloadHistories[1]!.reloadedBeforeBoot! - SPEC_VERSION_CHECK_START_MS - SPEC_VERSION_CHECK_IDLE_MS;
    system.clock.increment(remaining - 1);
    expect(system.reloadApp).not.toHaveBeenCalled();
    system.clock.increment(1);
    expect(system.reloadApp).toHaveBeenCalledExactlyOnceWith(PUBLISHED_APP);
    expect(system.storage.get(RELOAD_LOG_KEY)).toBe(String(system.clock.now()));
    system.actor.stop();
  });

  it('reloads the extension once for a newer robot version, whichever side reports first', () => {
    const serverFirst = startSystem(reloadHistories[0]!);
    serverFirst.actor.start();
    serverFirst.actor.send({ type: 'server.versions', appVersion: null, robotVersion: PUBLISHED_ROBOT });
    expect(serverFirst.reloadExtension).not.toHaveBeenCalled();
    serverFirst.actor.send({ type: 'robot.versionReported', version: INSTALLED_ROBOT });
    serverFirst.actor.send({ type: 'robot.versionReported', version: INSTALLED_ROBOT });
    expect(serverFirst.reloadExtension).toHaveBeenCalledTimes(1);
    serverFirst.actor.stop();

    const robotFirst = startSystem(reloadHistories[0]!);
    robotFirst.actor.start();
    robotFirst.actor.send({ type: 'robot.versionReported', version: INSTALLED_ROBOT });
    robotFirst.actor.send({ type: 'server.versions', appVersion: null, robotVersion: INSTALLED_ROBOT });
    expect(robotFirst.reloadExtension).not.toHaveBeenCalled();
    robotFirst.actor.send({ type: 'server.versions', appVersion: null, robotVersion: PUBLISHED_ROBOT });
    expect(robotFirst.reloadExtension).toHaveBeenCalledTimes(1);
    robotFirst.actor.stop();
  });
});
