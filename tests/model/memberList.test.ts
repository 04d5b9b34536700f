import { describe, expect, it } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { memberListMachine, type MemberListEvent } from '../../machines/memberList/machine';
import { MEMBERS_QUERY_DEFAULTS } from '../../machines/memberList/query';
import { isLoadingMembers, isUpgradeHighlighted, jobNoticeOf, modalOf, moveButtonsOf, removeButtonOf, selectionOf } from '../../machines/memberList/selectors';
import { toSearchParams } from '../../machines/listQuery/query';
import { RobotError } from '../../src/robot/protocol';
import { settle } from './support/deferredActor';
import { assertModelIsComplete } from './support/modelGuard';
import { delayedEvents, type ActorDoneEvent } from './support/modelEvents';
import { namePath } from './support/pathNames';
import { measurePathCoverage } from './support/pathCoverage';
import { advanceThroughDelay } from './support/simulatedTime';
import { PREVIEW_OF_TWO, THREE_MEMBERS } from '../../src/features/members/fixtures';
import { runMembersScan, scanArgs } from './memberListRobot';
import { GROUP_ID, modelFor, OTHER_GROUP_ID, plans, startSystem, type ActorName, type System } from './memberListModel';

type Snapshot = SnapshotFrom<typeof memberListMachine>;

/** The members the preview named, as the robot is asked to remove them from the group. */
const REMOVAL_ARGS = {
  ...scanArgs(GROUP_ID),
  members: [
    { id: 1, fb_user_id: '9001', name: 'Ada Baker' },
    { id: 2, fb_user_id: '9002', name: 'Ben Crumb' },
  ],
};

function implementationFor(system: System) {
  const robot = () => system.robot.getSnapshot();
  const matches = (expected: Snapshot) => {
    const actual = system.actor.getSnapshot();
    expect(actual.value).toEqual(expected.value);
    expect(selectionOf(actual)).toEqual(selectionOf(expected));
    expect(actual.context.failure).toBe(expected.context.failure);
    expect(actual.context.query).toEqual(expected.context.query);
    expect(modalOf(actual)).toBe(modalOf(expected));
    expect(moveButtonsOf(actual)).toEqual(moveButtonsOf(expected));
    expect(removeButtonOf(actual, robot())).toEqual(removeButtonOf(expected, robot()));
    // The model's robot runs no job but the removal this page asked for.
    expect(jobNoticeOf(actual, robot())).toBe(actual.matches({ list: { ready: 'removing' } }) ? 'Removing Members...' : null);
  };
  const waitsFor = (name: ActorName | null) => (expected: Snapshot) => {
    matches(expected);
    for (const actorName of Object.keys(system.actors) as ActorName[]) {
      expect(system.actors[actorName].waitingRuns(), actorName).toBe(actorName === name ? 1 : 0);
    }
    expect(system.fakeRobot.waitingRuns()).toHaveLength(0);
  };
  const send = ({ event }: { event: EventObject }) => void system.actor.send(event as MemberListEvent);
  const answer = (name: ActorName) => async ({ event }: { event: EventObject }) => {
    system.actors[name].resolve((event as ActorDoneEvent<never>).output);
    await settle();
  };
  return {
    states: {
      list: matches,
      'list.loading': (expected: Snapshot) => {
        waitsFor('fetchMembers')(expected);
        expect(isLoadingMembers(system.actor.getSnapshot())).toBe(true);
      },
      'list.failed': waitsFor(null),
      'list.ready': matches,
      'list.ready.browsing': waitsFor(null),
      'list.ready.dragging': (expected: Snapshot) => {
        waitsFor(null)(expected);
        expect(system.actor.getSnapshot().context.dragFrom).toBe(2);
      },
      'list.ready.moving': waitsFor('moveMembers'),
      'list.ready.previewingRemoval': waitsFor('previewRemoval'),
      'list.ready.confirmingRemoval': (expected: Snapshot) => {
        waitsFor(null)(expected);
        expect(system.actor.getSnapshot().context.preview).toEqual(PREVIEW_OF_TWO);
      },
      // The robot was asked to remove the previewed members, and the page waits for its answer.
      'list.ready.removing': (expected: Snapshot) => {
        matches(expected);
        expect(system.fakeRobot.waitingRuns().map(({ command, args }) => ({ command, args }))).toEqual([
          { command: 'remove_group_members', args: REMOVAL_ARGS },
        ]);
        expect(moveButtonsOf(system.actor.getSnapshot()).every(({ enabled }) => !enabled)).toBe(true);
      },
      'list.ready.upgradeRequired': (expected: Snapshot) => {
        matches(expected);
        expect(system.actor.getSnapshot().context.group.isPaid).toBe(false);
      },
      'list.ready.upgradeRequired.highlighted': (expected: Snapshot) => {
        matches(expected);
        expect(isUpgradeHighlighted(system.actor.getSnapshot())).toBe(true);
      },
      'list.ready.upgradeRequired.plain': (expected: Snapshot) => {
        matches(expected);
        expect(isUpgradeHighlighted(system.actor.getSnapshot())).toBe(false);
      },
      'list.ready.removalsLimitReached': (expected: Snapshot) => {
        matches(expected);
        expect(system.actor.getSnapshot().context.group.isPaid).toBe(true);
        expect(selectionOf(system.actor.getSnapshot()).length).toBeGreaterThan(THREE_MEMBERS.removal_limits.current.left);
      },
    },
    events: {
      'xstate.init': () => void system.actor.start(),
      'members.list.changed': send,
      // The address changes (a link, back, forward): the list query reads it and tells the list.
      'query.changed': async ({ event }: { event: EventObject }) => {
        const { query } = event as Extract<MemberListEvent, { type: 'query.changed' }>;
        system.listQuery.send({ type: 'query.address.changed', search: toSearchParams(query, MEMBERS_QUERY_DEFAULTS) });
        await settle();
      },
      'robot.job.finished': ({ event }: { event: EventObject }) => runMembersScan(system, (event as Extract<MemberListEvent, { type: 'robot.job.finished' }>).groupId),
      'robot.reply.done': async () => {
        system.fakeRobot.lastRun().resolve({ job_id: 1, removed: 2 });
        await settle();
      },
      'robot.reply.failed': async ({ event }: { event: EventObject }) => {
        system.fakeRobot.lastRun().reject(new RobotError('failed', (event as Extract<MemberListEvent, { type: 'robot.reply.failed' }>).message));
        await settle();
      },
      ...Object.fromEntries(
        ['members.reload', 'members.select.all', 'members.select.none', 'members.select.invert', 'members.select.toggled', 'members.drag.started', 'members.drag.entered', 'members.drag.ended', 'members.move', 'members.remove', 'members.removal.confirmed', 'members.dialog.closed'].map((type) => [type, send]),
      ),
      ...Object.fromEntries(
        delayedEvents(memberListMachine).map(({ type }) => [
          type,
          ({ event }: { event: EventObject }) => advanceThroughDelay(memberListMachine, system.actor, system.clock, event),
        ]),
      ),
      'xstate.done.actor.fetchMembers': answer('fetchMembers'),
      'xstate.done.actor.moveMembers': answer('moveMembers'),
      'xstate.done.actor.previewRemoval': answer('previewRemoval'),
    },
  };
}

describe('memberList model', () => {
  it('has an assertion for every state and an executor for every event', () => {
    assertModelIsComplete(memberListMachine, implementationFor(startSystem(false)));
  });

  const pathsByPlan = plans.map((plan) => ({ ...plan, paths: modelFor(plan.isPaid).getShortestPaths() }));

  it('takes every transition and visits every state along the paths of both plans', () => {
    const all = pathsByPlan.flatMap(({ paths }) => paths);
    expect(measurePathCoverage(memberListMachine, all)).toEqual({ statesMissed: [], transitionsMissed: [] });
  });

  describe.each(pathsByPlan)('on a $name', ({ isPaid, paths }) => {
    it.each(paths.map((path) => [namePath(path, (event) => (event.type.startsWith('xstate.done') ? `${event.type.split('.')[3]} answered ${(event as ActorDoneEvent<{ kind: string }>).output.kind}` : undefined)), path] as const))(
      '%s',
      async (_name, path) => {
        const system = startSystem(isPaid);
        try {
          await path.test(implementationFor(system));
        } finally {
          system.stop();
        }
      },
    );
  });
});

/** A loaded free group's list with Ada Baker selected. */
async function loadedWithSelection() {
  const system = startSystem(false);
  system.actor.start();
  system.actors.fetchMembers.resolve({ kind: 'loaded', list: THREE_MEMBERS });
  await settle();
  system.actor.send({ type: 'members.select.toggled', id: 1 });
  return system;
}

async function confirmRemovalOfTwo(system: System) {
  system.actor.send({ type: 'members.select.toggled', id: 2 });
  system.actor.send({ type: 'members.remove' });
  system.actors.previewRemoval.resolve({ kind: 'previewed', preview: PREVIEW_OF_TWO });
  await settle();
  system.actor.send({ type: 'members.removal.confirmed' });
}

describe("memberList and the app's robot", () => {
  it('keeps Remove Members closed, with the reason, while the robot works for another group, and opens it once that job ends', async () => {
    const system = await loadedWithSelection();
    const removeButton = () => removeButtonOf(system.actor.getSnapshot(), system.robot.getSnapshot());
    expect(removeButton()).toEqual({ shown: true, enabled: true, reason: null });

    system.robot.send({ type: 'robot.command.start', request: { command: 'fetch_group_members', args: scanArgs(OTHER_GROUP_ID) } });
    expect(removeButton()).toEqual({ shown: true, enabled: false, reason: 'The extension is busy with another job' });
    expect(jobNoticeOf(system.actor.getSnapshot(), system.robot.getSnapshot())).toBeNull();
    system.actor.send({ type: 'members.remove' });
    expect(system.actor.getSnapshot().matches({ list: { ready: 'browsing' } })).toBe(true);

    system.fakeRobot.lastRun().resolve({});
    await settle();
    expect(removeButton()).toEqual({ shown: true, enabled: true, reason: null });
    system.actor.send({ type: 'members.remove' });
    expect(system.actor.getSnapshot().matches({ list: { ready: 'previewingRemoval' } })).toBe(true);
    system.stop();
  });

  it('says the extension is not installed and takes no removal while it is not', async () => {
    const system = await loadedWithSelection();
    system.fakeRobot.set({ presence: 'notInstalled' });
    expect(removeButtonOf(system.actor.getSnapshot(), system.robot.getSnapshot())).toEqual({ shown: true, enabled: false, reason: 'Extension is not installed' });
    system.actor.send({ type: 'members.remove' });
    expect(system.actor.getSnapshot().matches({ list: { ready: 'browsing' } })).toBe(true);
    system.stop();
  });

  it("reloads when the members scan of its group finishes, not when another group's does", async () => {
    const system = await loadedWithSelection();
    await runMembersScan(system, OTHER_GROUP_ID);
    expect(system.actor.getSnapshot().matches({ list: { ready: 'browsing' } })).toBe(true);
    expect(system.actors.fetchMembers.waitingRuns()).toBe(0);
    expect(selectionOf(system.actor.getSnapshot())).toEqual([1]);

    system.robot.send({ type: 'robot.command.start', request: { command: 'fetch_group_members', args: scanArgs(GROUP_ID) } });
    expect(jobNoticeOf(system.actor.getSnapshot(), system.robot.getSnapshot())).toBe('Syncing Members...');
    expect(moveButtonsOf(system.actor.getSnapshot()).every(({ enabled }) => !enabled)).toBe(true);
    expect(system.actors.fetchMembers.waitingRuns()).toBe(0);

    system.fakeRobot.lastRun().resolve({});
    await settle();
    expect(isLoadingMembers(system.actor.getSnapshot())).toBe(true);
    expect(system.actors.fetchMembers.waitingRuns()).toBe(1);
    system.stop();
  });

  it('asks the robot to remove the previewed members and reloads the list once it has', async () => {
    const system = await loadedWithSelection();
    await confirmRemovalOfTwo(system);
    expect(system.fakeRobot.waitingRuns().map(({ command, args }) => ({ command, args }))).toEqual([{ command: 'remove_group_members', args: REMOVAL_ARGS }]);
    expect(system.actors.fetchMembers.waitingRuns()).toBe(0);
    system.fakeRobot.lastRun().resolve({ job_id: 1, removed: 2 });
    await settle();
    expect(isLoadingMembers(system.actor.getSnapshot())).toBe(true);
    expect(system.actors.fetchMembers.waitingRuns()).toBe(1);
    system.stop();
  });

  it("shows the robot's message when the removal fails on the robot, such as the server refusing the job over the limits", async () => {
    const system = await loadedWithSelection();
    await confirmRemovalOfTwo(system);
    system.fakeRobot.lastRun().reject(new RobotError('failed', 'The removal limits do not allow 2 more removals.'));
    await settle();
    const snapshot = system.actor.getSnapshot();
    expect(snapshot.matches({ list: { ready: 'browsing' } })).toBe(true);
    expect(snapshot.context.failure).toBe('The removal limits do not allow 2 more removals.');
    expect(modalOf(snapshot)).toBeNull();
    expect(system.actors.fetchMembers.waitingRuns()).toBe(0);
    system.stop();
  });

  it('says the extension went away when it disconnects during the removal', async () => {
    const system = await loadedWithSelection();
    await confirmRemovalOfTwo(system);
    system.fakeRobot.set({ presence: 'disconnected' });
    await settle();
    expect(system.actor.getSnapshot().matches({ list: { ready: 'browsing' } })).toBe(true);
    expect(system.actor.getSnapshot().context.failure).toBe('The extension went away before the command ended.');
    system.stop();
  });
});
