import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, waitFor, type EventObject, type InputFrom, type SnapshotFrom } from 'xstate';
import { robotMachine } from '../../machines/robot/machine';
import { createFakeRobot } from './robot/fakeRobot';
import type { decideDepartures, DecisionAnswer, fetchHeldDepartures, HeldAnswer } from '../../machines/heldDepartures/actors';
import { heldDeparturesMachine, type HeldDeparturesEmitted, type HeldDeparturesEvent, type HeldDeparturesInput } from '../../machines/heldDepartures/machine';
import { departuresNoticeOf } from '../../machines/heldDepartures/selectors';
import { createApiClient } from '../../src/api/client';
import { HELD_DEPARTURES, HELD_DEPARTURES_ANSWERS } from '../../src/features/members/fixtures';
import { HeldDeparturesNotice } from '../../src/features/members/HeldDeparturesNotice';
import { createDeferredActor, settle } from './support/deferredActor';
import { createMachineTestModel } from './support/machineTestModel';
import { itChecksEveryPath } from './support/modelChecks';
import { actorDoneEvents, type ActorDoneEvent } from './support/modelEvents';

type Snapshot = SnapshotFrom<typeof heldDeparturesMachine>;
type ActorOutput = HeldAnswer | DecisionAnswer;
type ModelEvent = HeldDeparturesEvent | ActorDoneEvent<ActorOutput>;

const failed = HELD_DEPARTURES_ANSWERS.decideDepartures.failed;
const actorOutputs = {
  fetchHeldDepartures: Object.values(HELD_DEPARTURES_ANSWERS.fetchHeldDepartures) satisfies HeldAnswer[],
  decideDepartures: Object.values(HELD_DEPARTURES_ANSWERS.decideDepartures) satisfies DecisionAnswer[],
};
const ACTOR_IDS = Object.keys(actorOutputs) as Array<keyof typeof actorOutputs>;

const GROUP_ID = 7;
const OTHER_GROUP_ID = 8;

const modelEvents: ModelEvent[] = [
  { type: 'departures.confirm' },
  { type: 'departures.keep' },
  { type: 'robot.job.finished', groupId: GROUP_ID, name: 'fetch_group_members' },
  { type: 'robot.job.finished', groupId: GROUP_ID, name: 'fetch_group_posts' },
  { type: 'robot.job.finished', groupId: OTHER_GROUP_ID, name: 'fetch_group_members' },
  ...ACTOR_IDS.flatMap((id) => actorDoneEvents<ActorOutput>(id, actorOutputs[id])),
];

const unusedApi = createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('the model provides every actor')) });

/** The app's robot, ready, over a fake robot whose commands the test settles. */
function readyRobot() {
  const fake = createFakeRobot();
  fake.set({ presence: 'ready', robot_version: '2.4.0' });
  const actor = createActor(robotMachine, { input: { robot: fake.robot, api: unusedApi } });
  actor.start();
  return { fake, actor };
}

/** The group's member list as far as held departures reach it: the reloads it is told to do. */
function memberListRecorder() {
  const reloads: EventObject[] = [];
  const actor = createActor(fromCallback<{ type: 'members.reload' }>(({ receive }) => receive((event) => void reloads.push(event))));
  actor.start();
  return { actor, reloads };
}

const inputWith = (robot: ReturnType<typeof readyRobot>, memberList: ReturnType<typeof memberListRecorder>): HeldDeparturesInput => ({
  api: unusedApi,
  groupId: GROUP_ID,
  robotRef: robot.actor,
  memberListRef: memberList.actor,
});

const model = createMachineTestModel(heldDeparturesMachine, {
  input: inputWith(readyRobot(), memberListRecorder()),
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
  const robot = readyRobot();
  const memberList = memberListRecorder();
  const actor = createActor(machine, { input: inputWith(robot, memberList) });
  const told: HeldDeparturesEmitted[] = [];
  actor.on('departures.decided', (emitted) => void told.push(emitted));
  render(<DeparturesScreen actor={actor} />);
  const stop = () => {
    actor.stop();
    robot.actor.stop();
    memberList.actor.stop();
  };
  return { actor, actors, told, robot: robot.actor, fakeRobot: robot.fake, reloads: memberList.reloads, stop };
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
      // The robot runs the job to its end, and announces it finished.
      'robot.job.finished': async ({ event }: { event: EventObject }) =>
        act(async () => {
          const { groupId, name } = event as Extract<HeldDeparturesEvent, { type: 'robot.job.finished' }>;
          const args = { id: groupId, name: 'Sourdough Bakers', fb_group_id: '100200300', fb_slug: null };
          system.robot.send({
            type: 'robot.command.start',
            request:
              name === 'fetch_group_posts'
                ? {
                    command: name,
                    args: {
                      ...args,
                      settings: {
                        engagement_sync_lookbehind_by: 'days',
                        engagement_sync_days_back: 7,
                        engagement_sync_posts_back: 10,
                        engagement_sync_reactions_per_post: 100,
                        engagement_sync_comments_per_post: 100,
                      },
                    },
                  }
                : { command: 'fetch_group_members', args },
          });
          system.fakeRobot.lastRun().resolve({});
          await settle();
        }),
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

  itChecksEveryPath({ machine: heldDeparturesMachine, paths, startSystem: () => startSystem(), implementationFor, labelAnswer: labelAnswer });

  it("checks again when a members scan of its group ends, not another group's or an engagement scan", async () => {
    const system = startSystem();
    system.actor.start();
    await act(async () => {
      system.actors.fetchHeldDepartures.resolve({ kind: 'none' });
      await settle();
    });
    const finish = async (command: 'fetch_group_members', groupId: number) =>
      act(async () => {
        system.robot.send({ type: 'robot.command.start', request: { command, args: { id: groupId, name: 'Sourdough Bakers', fb_group_id: '100200300', fb_slug: null } } });
        system.fakeRobot.lastRun().resolve({});
        await settle();
      });
    await finish('fetch_group_members', OTHER_GROUP_ID);
    expect(system.actors.fetchHeldDepartures.waitingRuns()).toBe(0);
    await finish('fetch_group_members', GROUP_ID);
    expect(system.actors.fetchHeldDepartures.waitingRuns()).toBe(1);
    system.stop();
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
    const robot = readyRobot();
    const memberList = memberListRecorder();
    const actor = createActor(heldDeparturesMachine, { input: { ...inputWith(robot, memberList), api, groupId: 7 } });
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
    robot.actor.stop();
    memberList.actor.stop();
  });

  it('tells the page once a decision is stored, and not when it failed; a confirmation reloads the member list', async () => {
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
    expect(system.reloads).toEqual([]);
    await act(async () => void fireEvent.click(button('Confirm')));
    await act(async () => {
      system.actors.decideDepartures.resolve({ kind: 'decided', count: 19_789 });
      await settle();
    });
    expect(system.told).toEqual([{ type: 'departures.decided', decision: 'confirm', count: 19_789 }]);
    expect(system.reloads).toEqual([{ type: 'members.reload' }]);
    expect(noticeShown()).toBeNull();
    system.stop();
  });
});
