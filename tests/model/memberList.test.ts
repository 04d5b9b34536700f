import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject, type SnapshotFrom } from 'xstate';
import { removeMembers } from '../../machines/memberList/actors';
import { memberListMachine, type MemberListEvent } from '../../machines/memberList/machine';
import { isLoadingMembers, isUpgradeHighlighted, jobNoticeOf, modalOf, moveButtonsOf, removeButtonOf, selectionOf } from '../../machines/memberList/selectors';
import { RobotError } from '../../src/robot/protocol';
import { settle } from './support/deferredActor';
import { assertModelIsComplete } from './support/modelGuard';
import { delayedEvents, type ActorDoneEvent } from './support/modelEvents';
import { namePath } from './support/pathNames';
import { measurePathCoverage } from './support/pathCoverage';
import { advanceThroughDelay } from './support/simulatedTime';
import { groupOnPlan, PREVIEW_OF_TWO, THREE_MEMBERS } from '../../src/features/members/fixtures';
import { eventFixtures, modelFor, plans, startSystem, type ActorName, type System } from './memberListModel';

type Snapshot = SnapshotFrom<typeof memberListMachine>;

function implementationFor(system: System) {
  const matches = (expected: Snapshot) => {
    const actual = system.actor.getSnapshot();
    expect(actual.value).toEqual(expected.value);
    expect(selectionOf(actual)).toEqual(selectionOf(expected));
    expect(actual.context.failure).toBe(expected.context.failure);
    expect(modalOf(actual)).toBe(modalOf(expected));
    expect(moveButtonsOf(actual)).toEqual(moveButtonsOf(expected));
    expect(removeButtonOf(actual)).toEqual(removeButtonOf(expected));
    expect(jobNoticeOf(actual)).toBe(jobNoticeOf(expected));
  };
  const waitsFor = (name: ActorName | null) => (expected: Snapshot) => {
    matches(expected);
    for (const actorName of Object.keys(system.actors) as ActorName[]) {
      expect(system.actors[actorName].waitingRuns(), actorName).toBe(actorName === name ? 1 : 0);
    }
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
      'list.ready.removing': waitsFor('removeMembers'),
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
      robotJob: matches,
      'robotJob.idle': (expected: Snapshot) => {
        matches(expected);
        expect(jobNoticeOf(system.actor.getSnapshot())).toBeNull();
      },
      'robotJob.running': (expected: Snapshot) => {
        matches(expected);
        expect(moveButtonsOf(system.actor.getSnapshot()).every(({ enabled }) => !enabled)).toBe(true);
        expect(removeButtonOf(system.actor.getSnapshot()).enabled).toBe(false);
      },
    },
    events: {
      'xstate.init': () => void system.actor.start(),
      ...Object.fromEntries(Object.keys(eventFixtures).map((type) => [type, send])),
      ...Object.fromEntries(
        delayedEvents(memberListMachine).map(({ type }) => [
          type,
          ({ event }: { event: EventObject }) => advanceThroughDelay(memberListMachine, system.actor, system.clock, event),
        ]),
      ),
      'xstate.done.actor.fetchMembers': answer('fetchMembers'),
      'xstate.done.actor.moveMembers': answer('moveMembers'),
      'xstate.done.actor.previewRemoval': answer('previewRemoval'),
      'xstate.done.actor.removeMembers': answer('removeMembers'),
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
        await path.test(implementationFor(system));
        system.actor.stop();
      },
    );
  });
});

describe("memberList and the robot's availability", () => {
  it('keeps Remove Members closed, with the reason, while the robot cannot take a command', async () => {
    const system = startSystem(false);
    system.actor.start();
    system.actors.fetchMembers.resolve({ kind: 'loaded', list: THREE_MEMBERS });
    await settle();
    system.actor.send({ type: 'members.select.toggled', id: 1 });
    expect(removeButtonOf(system.actor.getSnapshot())).toEqual({ shown: true, enabled: true, reason: null });
    system.actor.send({ type: 'robot.availability.changed', unavailable: 'busy' });
    expect(removeButtonOf(system.actor.getSnapshot())).toEqual({ shown: true, enabled: false, reason: 'The extension is busy with another job' });
    system.actor.send({ type: 'members.remove' });
    expect(system.actor.getSnapshot().matches({ list: { ready: 'browsing' } })).toBe(true);
    system.actor.send({ type: 'robot.availability.changed', unavailable: null });
    system.actor.send({ type: 'members.remove' });
    expect(system.actor.getSnapshot().matches({ list: { ready: 'previewingRemoval' } })).toBe(true);
    system.actor.stop();
  });
});

describe('memberList removal through the robot', () => {
  const removal = (run: () => Promise<unknown>) => {
    const robot = { run: vi.fn(run) };
    const actor = createActor(removeMembers, { input: { robot, group: groupOnPlan(false), preview: PREVIEW_OF_TWO } });
    actor.start();
    return { robot, actor };
  };

  it('hands the previewed members straight to the robot, with no move of its own', async () => {
    const { robot, actor } = removal(async () => ({ job_id: 1, removed: 2 }));
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().output).toEqual({ kind: 'moved' });
    expect(robot.run).toHaveBeenCalledExactlyOnceWith(
      'remove_group_members',
      {
        id: 7,
        name: 'Sourdough Bakers',
        fb_group_id: '100200300',
        fb_slug: 'sourdough',
        members: [
          { id: 1, fb_user_id: '9001', name: 'Ada Baker' },
          { id: 2, fb_user_id: '9002', name: 'Ben Crumb' },
        ],
      },
      expect.anything(),
    );
  });

  it("answers the robot's failure, such as the server refusing the job over the limits", async () => {
    const { actor } = removal(async () => {
      throw new RobotError('failed', 'The removal limits do not allow 2 more removals.');
    });
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(actor.getSnapshot().output).toEqual({ kind: 'failed', message: 'The removal limits do not allow 2 more removals.' });
  });
});
