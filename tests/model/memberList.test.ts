import { describe, expect, it, vi } from 'vitest';
import { createActor, type EventObject } from 'xstate';
import { removeMembers } from '../../machines/memberList/actors';
import { memberListMachine, type MemberListEvent } from '../../machines/memberList/machine';
import type { MemberListName, MemberMove } from '../../machines/memberList/moves';
import { membersPageView, type MembersPageView } from '../../machines/memberList/selectors';
import { RobotError } from '../../src/robot/protocol';
import { settle } from './support/deferredActor';
import { listStateKeys } from './support/machineInventory';
import { assertModelIsComplete } from './support/modelGuard';
import { delayedEvents, type ActorDoneEvent, type ActorErrorEvent } from './support/modelEvents';
import { namePath } from './support/pathNames';
import { measurePathCoverage } from './support/pathCoverage';
import { groupOnPlan, MEMBERS_QUERY, PREVIEW_OF_TWO, THREE_MEMBERS } from '../../src/features/members/fixtures';
import { EXPORT_FAILURE, EXPORTED_CSV, eventFixtures, modelFor, plans, sendTo, startSystem, type ActorName, type System } from './memberListModel';
import { expectSpecAt, ROW_IDS, selectionAfter, SPEC_MOVES, SPEC_RECOMMENDATION, SPEC_UPGRADE_BLINK_MS, type SeenPage } from './memberListSpec';

const DIALOG_NAMES = {
  confirmRemoval: 'Remove members',
  upgradeRequired: 'Free Trial Account Removals Limit',
  removalsLimitReached: 'Removals limit reached',
} as const;

const pageOf = (system: System) => membersPageView(system.actor.getSnapshot(), system.robot);

/** The selector's output as the admin would see it. */
function seenIn(view: MembersPageView): SeenPage {
  const toolbar = view.toolbar && {
    selected: view.rows.filter((row) => row.selected).map((row) => row.id),
    selectAll: view.toolbar.selectAll,
    selectNone: view.toolbar.selectNone,
    invert: view.toolbar.invert,
    moves: Object.fromEntries(view.toolbar.moves.map(({ label, enabled }) => [label, enabled])),
    remove: view.toolbar.remove && view.toolbar.remove.enabled,
  };
  return {
    toolbar,
    dialog: view.dialog && DIALOG_NAMES[view.dialog.kind],
    loadFailure: view.loadFailure !== null,
    jobNotice: view.jobNotice,
    exporting: view.exporting,
    canExport: view.canExport,
    recommendation: view.limits !== null && view.recommendation === SPEC_RECOMMENDATION,
  };
}

function implementationFor(system: System) {
  const specAt = (state: string) => () => expectSpecAt(state, seenIn(pageOf(system)), system);
  const highlighted = () => {
    const dialog = pageOf(system).dialog;
    return dialog?.kind === 'upgradeRequired' && dialog.highlighted;
  };
  const selectedRows = () => pageOf(system).rows.filter((row) => row.selected).map((row) => row.id);
  let drag = { from: 0, base: [] as number[] };
  /** Sends the event, then checks the selection the spec's selection controls leave. */
  const send = ({ event }: { event: EventObject }) => {
    const before = selectedRows();
    if (event.type === 'members.drag.started') drag = { from: (event as Extract<MemberListEvent, { type: 'members.drag.started' }>).id, base: before };
    sendTo(system, event as MemberListEvent);
    const expected = selectionAfter(event.type, before, event as { id?: number });
    if (expected) expect(selectedRows(), event.type).toEqual(expected);
  };
  const answer = (name: ActorName) => async ({ event }: { event: EventObject }) => {
    system.actors[name].resolve((event as ActorDoneEvent<never>).output);
    await settle();
  };
  return {
    states: {
      ...Object.fromEntries(listStateKeys(memberListMachine).map((key) => [key, specAt(key)])),
      'list.ready.upgradeRequired.highlighted': () => expect(highlighted()).toBe(true),
      'list.ready.upgradeRequired.plain': () => expect(highlighted()).toBe(false),
    },
    events: {
      'xstate.init': () => void system.actor.start(),
      ...Object.fromEntries(Object.keys(eventFixtures).map((type) => [type, send])),
      'members.drag.entered': ({ event }: { event: EventObject }) => {
        sendTo(system, event as MemberListEvent);
        // Part 1 §2: the drag selects every row between where it started and where the pointer is, and keeps the rest.
        const ends = [ROW_IDS.indexOf(drag.from), ROW_IDS.indexOf((event as Extract<MemberListEvent, { type: 'members.drag.entered' }>).id)];
        const [from, to] = [Math.min(...ends), Math.max(...ends)];
        expect(selectedRows()).toEqual(ROW_IDS.filter((id, index) => (index >= from && index <= to) || drag.base.includes(id)));
      },
      ...Object.fromEntries(delayedEvents(memberListMachine).map(({ type }) => [type, () => system.clock.increment(SPEC_UPGRADE_BLINK_MS)])),
      'xstate.done.actor.fetchMembers': answer('fetchMembers'),
      'xstate.done.actor.moveMembers': answer('moveMembers'),
      'xstate.done.actor.previewRemoval': answer('previewRemoval'),
      'xstate.done.actor.removeMembers': answer('removeMembers'),
      'xstate.done.actor.exportMembers': async ({ event }: { event: EventObject }) => {
        await answer('exportMembers')({ event });
        expect(system.saved).toEqual([EXPORTED_CSV]);
        expect(system.exportFailures).toEqual([]);
      },
      'xstate.error.actor.exportMembers': async ({ event }: { event: EventObject }) => {
        system.actors.exportMembers.reject((event as ActorErrorEvent).error);
        await settle();
        expect(system.exportFailures).toEqual([EXPORT_FAILURE]);
        expect(system.saved).toEqual([]);
      },
    },
  };
}

const nameOf = (event: EventObject) =>
  event.type.startsWith('xstate.done') ? `${event.type.split('.')[3]} answered ${(event as ActorDoneEvent<{ kind?: string }>).output.kind ?? 'a file'}` : undefined;

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
    it.each(paths.map((path) => [namePath(path, nameOf), path] as const))('%s', async (_name, path) => {
      const system = startSystem(isPaid);
      try {
        await path.test(implementationFor(system));
      } finally {
        system.actor.stop();
      }
    });
  });
});

/** Loads the list and selects its first row, where the list takes a selection. */
async function openWithSelection(isPaid: boolean, list: MemberListName) {
  const system = startSystem(isPaid, { ...MEMBERS_QUERY, list });
  system.actor.start();
  system.actors.fetchMembers.resolve({ kind: 'loaded', list: THREE_MEMBERS });
  await settle();
  sendTo(system, { type: 'members.select.toggled', id: 1 });
  return system;
}

const LISTS: MemberListName[] = ['active', 'inactive', 'whitelisted', 'removed', 'all_members'];
const MOVES: Array<[MemberMove, string]> = [
  ['whitelist', 'Add to Whitelist'],
  ['unwhitelist', 'Remove from Whitelist'],
  ['remove', 'Move to Removed'],
  ['restore', 'Move to Inactive'],
];

describe("memberList's moves table (part 1 §4)", () => {
  const cases = plans.flatMap(({ name, isPaid }) =>
    LISTS.flatMap((list) => MOVES.map(([move, label]) => ({ plan: name, isPaid, list, move, label }))),
  );
  it.each(cases)('$label from $list on a $plan reaches the server only where the table offers it', async ({ isPaid, list, move, label }) => {
    const system = await openWithSelection(isPaid, list);
    sendTo(system, { type: 'members.move', move });
    const offered = SPEC_MOVES[list][isPaid ? 'paid' : 'free'].includes(label);
    expect(system.actors.moveMembers.waitingInputs()).toEqual(offered ? [expect.objectContaining({ move, ids: [1] })] : []);
    system.actor.stop();
  });
});

describe('the all_members view (part 1 §4: no bulk moves)', () => {
  it('takes no selection, drag, move or removal, and shows no selection controls', async () => {
    const system = await openWithSelection(true, 'all_members');
    for (const event of [
      { type: 'members.select.all' },
      { type: 'members.select.invert' },
      { type: 'members.drag.started', id: 1 },
      { type: 'members.drag.entered', id: 3 },
      ...MOVES.map(([move]) => ({ type: 'members.move', move })),
      { type: 'members.remove' },
    ] as MemberListEvent[]) {
      sendTo(system, event);
    }
    const page = pageOf(system);
    expect(page.rows.filter((row) => row.selected)).toEqual([]);
    expect(page.toolbar).toBeNull();
    expect(page.dialog).toBeNull();
    expect(system.actor.getSnapshot().matches({ list: { ready: 'browsing' } })).toBe(true);
    expect([system.actors.moveMembers, system.actors.previewRemoval].map((actor) => actor.waitingRuns())).toEqual([0, 0]);
    system.actor.stop();
  });
});

describe('memberList and the removal limits (part 1 §5)', () => {
  it.each(plans)('opens the preview for a selection within the limits on a $name, and a modal for one over them', async ({ isPaid }) => {
    const system = await openWithSelection(isPaid, 'inactive');
    sendTo(system, { type: 'members.select.toggled', id: 2 });
    sendTo(system, { type: 'members.remove' });
    expect(system.actors.previewRemoval.waitingInputs()).toEqual([expect.objectContaining({ ids: [1, 2] })]);
    system.actor.stop();
    const over = await openWithSelection(isPaid, 'inactive');
    sendTo(over, { type: 'members.select.all' });
    sendTo(over, { type: 'members.remove' });
    expect(over.actors.previewRemoval.waitingRuns()).toBe(0);
    expect(pageOf(over).dialog?.kind).toBe(isPaid ? 'removalsLimitReached' : 'upgradeRequired');
    over.actor.stop();
  });
});

describe("memberList and the robot's availability", () => {
  it('keeps Remove Members closed, with the reason, while the robot cannot take a command', async () => {
    const system = await openWithSelection(false, 'active');
    expect(pageOf(system).toolbar?.remove).toEqual({ enabled: true, busy: false, reason: null });
    sendTo(system, { type: 'robot.availability.changed', unavailable: 'busy' });
    expect(pageOf(system).toolbar?.remove).toEqual({ enabled: false, busy: false, reason: 'The extension is busy with another job' });
    sendTo(system, { type: 'members.remove' });
    expect(system.actors.previewRemoval.waitingRuns()).toBe(0);
    sendTo(system, { type: 'robot.availability.changed', unavailable: null });
    sendTo(system, { type: 'members.remove' });
    expect(system.actors.previewRemoval.waitingInputs()).toEqual([expect.objectContaining({ ids: [1] })]);
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
