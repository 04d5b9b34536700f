import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, waitFor, type EventObject, type InputFrom, type SnapshotFrom } from 'xstate';
import type { decideDepartures, DecisionAnswer, fetchHeldDepartures, HeldAnswer } from '../../machines/heldDepartures/actors';
import { heldDeparturesMachine, type HeldDeparturesEmitted, type HeldDeparturesEvent, type HeldDeparturesInput } from '../../machines/heldDepartures/machine';
import { departuresNoticeOf } from '../../machines/heldDepartures/selectors';
import { createApiClient } from '../../src/api/client';
import { HELD_DEPARTURES } from '../../src/features/members/fixtures';
import { HeldDeparturesNotice } from '../../src/features/members/HeldDeparturesNotice';
import { createDeferredActor, settle } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { assertModelIsComplete } from './support/modelGuard';
import { actorDoneEvents, type ActorDoneEvent } from './support/modelEvents';
import { namePath } from './support/pathNames';
import { measurePathCoverage } from './support/pathCoverage';

type Snapshot = SnapshotFrom<typeof heldDeparturesMachine>;
type ActorOutput = HeldAnswer | DecisionAnswer;
type ModelEvent = HeldDeparturesEvent | ActorDoneEvent<ActorOutput>;

const failed = { kind: 'failed', message: 'The server did not answer.' } as const;
const actorOutputs = {
  fetchHeldDepartures: [{ kind: 'held', departures: HELD_DEPARTURES }, { kind: 'none' }, failed] satisfies HeldAnswer[],
  decideDepartures: [{ kind: 'decided', count: HELD_DEPARTURES.count }, failed] satisfies DecisionAnswer[],
};
const ACTOR_IDS = Object.keys(actorOutputs) as Array<keyof typeof actorOutputs>;

const modelEvents: ModelEvent[] = [
  { type: 'departures.confirm' },
  { type: 'departures.keep' },
  { type: 'departures.recheck' },
  ...ACTOR_IDS.flatMap((id) => actorDoneEvents<ActorOutput>(id, actorOutputs[id])),
];

const input: HeldDeparturesInput = {
  api: createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('the model provides every actor')) }),
  groupId: 7,
};

const model = createMachineTestModel(heldDeparturesMachine, {
  input,
  events: modelEvents,
  distinguishingContext: ({ context }) => ({ held: context.departures !== null, failure: context.failure !== null }),
});
const paths = model.getShortestPaths();

/** The members page's part for held departures: the real notice, fed by the selector, as the route wires it. */
function DeparturesScreen({ actor }: { actor: System['actor'] }) {
  const notice = useSelector(actor, departuresNoticeOf);
  if (!notice) return null;
  return (
    <HeldDeparturesNotice
      notice={notice}
      onConfirm={() => actor.send({ type: 'departures.confirm' })}
      onKeep={() => actor.send({ type: 'departures.keep' })}
    />
  );
}

function startSystem() {
  const actors = {
    fetchHeldDepartures: createDeferredActor<HeldAnswer, InputFrom<typeof fetchHeldDepartures>>(),
    decideDepartures: createDeferredActor<DecisionAnswer, InputFrom<typeof decideDepartures>>(),
  };
  const machine = heldDeparturesMachine.provide({
    actors: { fetchHeldDepartures: actors.fetchHeldDepartures.logic, decideDepartures: actors.decideDepartures.logic },
  });
  const actor = createActor(machine, { input });
  const told: HeldDeparturesEmitted[] = [];
  actor.on('departures.decided', (emitted) => void told.push(emitted));
  render(<DeparturesScreen actor={actor} />);
  return { actor, actors, told };
}

type System = ReturnType<typeof startSystem>;

function expectOnlyWaiting(system: System, id: keyof System['actors'] | null) {
  const waiting = Object.fromEntries(ACTOR_IDS.map((other) => [other, system.actors[other].waitingRuns()]));
  expect(waiting).toEqual(Object.fromEntries(ACTOR_IDS.map((other) => [other, other === id ? 1 : 0])));
}

function expectSystemToMatch(system: System, expected: Snapshot, waiting: keyof System['actors'] | null) {
  expect(system.actor.getSnapshot().value).toEqual(expected.value);
  expectOnlyWaiting(system, waiting);
}

const noticeShown = () => screen.queryByRole('region', { name: 'Members scan held' });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

function expectNotice(expected: Snapshot, deciding: 'Confirm' | 'Keep' | null) {
  expect(noticeShown()).not.toBeNull();
  expect(screen.getByText('The last members scan did not see 19,789 members. Confirm to move them to Removed, or keep them.')).toBeTruthy();
  expect(screen.getByText(/^Among them: Abigail Baker, Adam Crust, Agnes Dough, Alan Levain and 19,785 members more\.$/)).toBeTruthy();
  expect(button('Confirm').disabled).toBe(deciding !== null);
  expect(button('Keep').disabled).toBe(deciding !== null);
  const failure = expected.context.failure;
  if (failure) expect(screen.getByRole('alert').textContent).toBe(failure);
  else expect(screen.queryByRole('alert')).toBeNull();
}

function implementationFor(system: System) {
  const click = (name: string) => async () => act(async () => void fireEvent.click(button(name)));
  const answer = (id: keyof System['actors']) => async ({ event }: { event: EventObject }) =>
    act(async () => {
      (system.actors[id].resolve as (output: ActorOutput) => void)((event as ActorDoneEvent<ActorOutput>).output);
      await settle();
    });
  return {
    states: {
      checking: (expected: Snapshot) => {
        expectSystemToMatch(system, expected, 'fetchHeldDepartures');
        expect(noticeShown()).toBeNull();
      },
      none: (expected: Snapshot) => {
        expectSystemToMatch(system, expected, null);
        expect(noticeShown()).toBeNull();
      },
      held: (expected: Snapshot) => {
        expectSystemToMatch(system, expected, null);
        expectNotice(expected, null);
      },
      confirming: (expected: Snapshot) => {
        expectSystemToMatch(system, expected, 'decideDepartures');
        expectNotice(expected, 'Confirm');
      },
      keeping: (expected: Snapshot) => {
        expectSystemToMatch(system, expected, 'decideDepartures');
        expectNotice(expected, 'Keep');
      },
    },
    events: {
      'xstate.init': () => void system.actor.start(),
      'departures.confirm': click('Confirm'),
      'departures.keep': click('Keep'),
      // The route sends it when a members scan of the group ends.
      'departures.recheck': async () => act(async () => void system.actor.send({ type: 'departures.recheck' })),
      'xstate.done.actor.fetchHeldDepartures': answer('fetchHeldDepartures'),
      'xstate.done.actor.decideDepartures': answer('decideDepartures'),
    },
  };
}

function labelAnswer(event: EventObject): string | undefined {
  if (!event.type.startsWith('xstate.done.actor.')) return undefined;
  return `${event.type.split('.')[3]} done: ${(event as ActorDoneEvent<ActorOutput>).output.kind}`;
}

describe('heldDepartures model', () => {
  afterEach(cleanup);

  it('has an assertion for every state and an executor for every event', () => {
    assertModelIsComplete(heldDeparturesMachine, implementationFor(startSystem()));
  });

  it('takes every transition and visits every state along its paths', () => {
    expect(measurePathCoverage(heldDeparturesMachine, paths)).toEqual({ statesMissed: [], transitionsMissed: [] });
  });

  it.each(paths.map((path) => [namePath(path, labelAnswer), path] as const))('%s', async (_name, path) => {
    const system = startSystem();
    await path.test(implementationFor(system));
    system.actor.stop();
  });

  it.each([
    ['Confirm', 'confirm', 'confirm'],
    ['Keep', 'dismiss', 'keep'],
  ] as const)('sends %s to the server for the scan it held, shows why it failed, and clears the reason on the next try', async (choice, endpoint, decision) => {
    const sent: string[] = [];
    let refuse = true;
    let answerDecision = () => {};
    const decisionAnswered = new Promise<void>((resolve) => (answerDecision = resolve));
    const api = createApiClient({
      baseUrl: 'http://xfilter.test/api/v1',
      fetch: async (request) => {
        const path = new URL(request.url).pathname;
        sent.push(`${request.method} ${path}${request.method === 'POST' ? ` ${await request.text()}` : ''}`);
        const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
        if (request.method === 'GET') return json({ departures: HELD_DEPARTURES });
        if (refuse) return json({ error: { code: 'conflict', message: 'The group is locked.' } }, 409);
        await decisionAnswered;
        return json({ count: HELD_DEPARTURES.count });
      },
    });
    const actor = createActor(heldDeparturesMachine, { input: { api, groupId: 7 } });
    const told: HeldDeparturesEmitted[] = [];
    actor.on('departures.decided', (emitted) => void told.push(emitted));
    render(<DeparturesScreen actor={actor} />);
    actor.start();
    await act(async () => void (await waitFor(actor, (snapshot) => snapshot.matches('held'))));

    await act(async () => void fireEvent.click(button(choice)));
    await act(async () => void (await waitFor(actor, (snapshot) => snapshot.matches('held'))));
    expect(screen.getByRole('alert').textContent).toBe('The group is locked.');
    expect(button('Confirm').disabled).toBe(false);
    expect(button('Keep').disabled).toBe(false);
    expect(told).toEqual([]);

    refuse = false;
    await act(async () => void fireEvent.click(button(choice)));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(button('Confirm').disabled).toBe(true);
    expect(button('Keep').disabled).toBe(true);
    answerDecision();
    await act(async () => void (await waitFor(actor, (snapshot) => snapshot.matches('none'))));
    expect(noticeShown()).toBeNull();
    expect(told).toEqual([{ type: 'departures.decided', decision, count: HELD_DEPARTURES.count }]);
    expect(sent).toEqual([
      'GET /api/v1/groups/7/departures',
      `POST /api/v1/groups/7/departures/${endpoint} {"job_id":41}`,
      `POST /api/v1/groups/7/departures/${endpoint} {"job_id":41}`,
    ]);
    actor.stop();
  });

  it('shows nothing when the check finds nothing held, and checks again when asked', async () => {
    const answers = [{ departures: null }, { departures: HELD_DEPARTURES }];
    const api = createApiClient({
      baseUrl: 'http://xfilter.test/api/v1',
      fetch: async () => new Response(JSON.stringify(answers.shift()), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    });
    const actor = createActor(heldDeparturesMachine, { input: { api, groupId: 7 } });
    render(<DeparturesScreen actor={actor} />);
    actor.start();
    await act(async () => void (await waitFor(actor, (snapshot) => snapshot.matches('none'))));
    expect(noticeShown()).toBeNull();
    act(() => void actor.send({ type: 'departures.recheck' }));
    await act(async () => void (await waitFor(actor, (snapshot) => snapshot.matches('held'))));
    expect(noticeShown()).not.toBeNull();
    actor.stop();
  });

  it('tells the page once a decision is stored, and not when it failed', async () => {
    const system = startSystem();
    system.actor.start();
    await act(async () => {
      system.actors.fetchHeldDepartures.resolve({ kind: 'held', departures: HELD_DEPARTURES });
      await settle();
    });
    await act(async () => void fireEvent.click(button('Keep')));
    expect(system.actors.decideDepartures.waitingRuns()).toBe(1);
    await act(async () => {
      system.actors.decideDepartures.resolve(failed);
      await settle();
    });
    expect(system.told).toEqual([]);
    await act(async () => void fireEvent.click(button('Confirm')));
    await act(async () => {
      system.actors.decideDepartures.resolve({ kind: 'decided', count: 19_789 });
      await settle();
    });
    expect(system.told).toEqual([{ type: 'departures.decided', decision: 'confirm', count: 19_789 }]);
    expect(noticeShown()).toBeNull();
    system.actor.stop();
  });
});
