import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyActorRef, type InputFrom } from 'xstate';
import type { decideDepartures, DecisionAnswer, fetchHeldDepartures, HeldAnswer, HeldDepartures } from '../../../machines/heldDepartures/actors';
import { heldDeparturesMachine, type HeldDeparturesInput } from '../../../machines/heldDepartures/machine';
import { decisionToastOf, departuresNoticeOf } from '../../../machines/heldDepartures/selectors';
import { createApiClient } from '../../../src/api/client';

const GROUP_ID = 7;

const departuresOf = (count: number, names: string[]): HeldDepartures => ({
  job_id: 41,
  count,
  held_at: '2026-11-20T03:12:00Z',
  members: names.map((name, i) => ({ id: 300 + i, name, avatar_url: null, fb_user_id: String(9300 + i) })),
});

const never = <T>() => new Promise<T>(() => {});

/**
 * The held-departures machine with its calls answered by the test: the first check answers `held`,
 * later checks and the decision wait unless the test gives the decision's answer.
 */
function startWith(held: HeldAnswer, decision?: DecisionAnswer) {
  let checks = 0;
  const machine = heldDeparturesMachine.provide({
    actors: {
      fetchHeldDepartures: fromPromise<HeldAnswer, InputFrom<typeof fetchHeldDepartures>>(() => (checks++ === 0 ? Promise.resolve(held) : never())),
      decideDepartures: fromPromise<DecisionAnswer, InputFrom<typeof decideDepartures>>(() => (decision ? Promise.resolve(decision) : never())),
      listenToRobotJobs: fromCallback(() => {}),
    },
  });
  const input: HeldDeparturesInput = {
    api: createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('the test answers every call')) }),
    groupId: GROUP_ID,
    robotRef: createActor(fromCallback(() => {})) as never,
    memberListRef: createActor(fromCallback(() => {})) as AnyActorRef,
  };
  const actor = createActor(machine, { input });
  actor.start();
  return actor;
}

type Actor = ReturnType<typeof startWith>;
const settled = (actor: Actor, state: 'held' | 'none') => waitFor(actor, (snapshot) => snapshot.matches(state));

describe('departuresNoticeOf', () => {
  it('shows nothing while the check runs', () => {
    const actor = startWith({ kind: 'held', departures: departuresOf(3, ['Ada']) });
    expect(actor.getSnapshot().value).toBe('checking');
    expect(departuresNoticeOf(actor.getSnapshot())).toBeNull();
  });

  it('shows nothing when no departures are held', async () => {
    const actor = startWith({ kind: 'none' });
    expect(departuresNoticeOf(await settled(actor, 'none'))).toBeNull();
  });

  it('counts the departures, and names them all when there are few', async () => {
    const actor = startWith({ kind: 'held', departures: departuresOf(2, ['Abigail Baker', 'Adam Crust']) });
    expect(departuresNoticeOf(await settled(actor, 'held'))).toStrictEqual({
      message: 'The last members scan did not see 2 members. Confirm to move them to Removed, or keep them.',
      sample: 'Among them: Abigail Baker, Adam Crust.',
      deciding: null,
      failure: null,
    });
  });

  it('says member for one', async () => {
    const actor = startWith({ kind: 'held', departures: departuresOf(1, ['Agnes Dough']) });
    expect(departuresNoticeOf(await settled(actor, 'held'))).toMatchObject({
      message: 'The last members scan did not see 1 member. Confirm to move them to Removed, or keep them.',
      sample: 'Among them: Agnes Dough.',
    });
  });

  it('names the first five and counts the rest, with thousands separated', async () => {
    const names = ['Abigail Baker', 'Adam Crust', 'Agnes Dough', 'Alan Levain', 'Alice Rye', 'Amos Spelt', 'Anna Malt'];
    const actor = startWith({ kind: 'held', departures: departuresOf(19_789, names) });
    expect(departuresNoticeOf(await settled(actor, 'held'))).toMatchObject({
      message: 'The last members scan did not see 19,789 members. Confirm to move them to Removed, or keep them.',
      sample: 'Among them: Abigail Baker, Adam Crust, Agnes Dough, Alan Levain, Alice Rye and 19,784 members more.',
    });
  });

  it('says one more member when one is left unnamed', async () => {
    const actor = startWith({ kind: 'held', departures: departuresOf(6, ['A', 'B', 'C', 'D', 'E']) });
    expect(departuresNoticeOf(await settled(actor, 'held'))?.sample).toBe('Among them: A, B, C, D, E and 1 member more.');
  });

  it('names nobody when the server sent no names', async () => {
    const actor = startWith({ kind: 'held', departures: departuresOf(4, []) });
    expect(departuresNoticeOf(await settled(actor, 'held'))).toStrictEqual({
      message: 'The last members scan did not see 4 members. Confirm to move them to Removed, or keep them.',
      sample: null,
      deciding: null,
      failure: null,
    });
  });

  it('shows which decision is under way', async () => {
    const confirming = startWith({ kind: 'held', departures: departuresOf(2, ['A', 'B']) });
    await settled(confirming, 'held');
    confirming.send({ type: 'departures.confirm' });
    expect(departuresNoticeOf(confirming.getSnapshot())?.deciding).toBe('confirm');

    const keeping = startWith({ kind: 'held', departures: departuresOf(2, ['A', 'B']) });
    await settled(keeping, 'held');
    keeping.send({ type: 'departures.keep' });
    expect(departuresNoticeOf(keeping.getSnapshot())?.deciding).toBe('keep');
  });

  it("keeps the notice with the failed decision's reason", async () => {
    const actor = startWith({ kind: 'held', departures: departuresOf(2, ['A', 'B']) }, { kind: 'failed', message: 'These departures are no longer held' });
    await settled(actor, 'held');
    actor.send({ type: 'departures.confirm' });
    const snapshot = await waitFor(actor, (s) => s.matches('held') && s.context.failure !== null);
    expect(departuresNoticeOf(snapshot)).toStrictEqual({
      message: 'The last members scan did not see 2 members. Confirm to move them to Removed, or keep them.',
      sample: 'Among them: A, B.',
      deciding: null,
      failure: 'These departures are no longer held',
    });
  });

  it('hides the notice while a new members scan of the group is checked again', async () => {
    const actor = startWith({ kind: 'held', departures: departuresOf(2, ['A', 'B']) });
    await settled(actor, 'held');
    actor.send({ type: 'robot.job.finished', groupId: GROUP_ID, name: 'fetch_group_members' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('checking');
    expect(snapshot.context.departures).not.toBeNull();
    expect(departuresNoticeOf(snapshot)).toBeNull();
  });
});

describe('decisionToastOf', () => {
  it('confirms the departures moved to Removed', () => {
    expect(decisionToastOf({ type: 'departures.decided', decision: 'confirm', count: 19_789 })).toStrictEqual({
      title: 'Departures confirmed',
      message: '19,789 members moved to Removed.',
    });
    expect(decisionToastOf({ type: 'departures.decided', decision: 'confirm', count: 1 })).toStrictEqual({
      title: 'Departures confirmed',
      message: '1 member moved to Removed.',
    });
  });

  it('tells the kept members stay in their lists', () => {
    expect(decisionToastOf({ type: 'departures.decided', decision: 'keep', count: 3 })).toStrictEqual({
      title: 'Members kept',
      message: '3 members stay in their lists.',
    });
    expect(decisionToastOf({ type: 'departures.decided', decision: 'keep', count: 1 }).message).toBe('1 member stays in their lists.');
  });
});
