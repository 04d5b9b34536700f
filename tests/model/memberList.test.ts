import { describe, expect, it } from 'vitest';
import type { EventObject } from 'xstate';
import { memberListMachine, type MemberListEvent } from '../../machines/memberList/machine';
import type { MemberListName, MemberMove } from '../../machines/memberList/moves';
import { membersPageView, type MembersPageView } from '../../machines/memberList/selectors';
import { settle } from './support/deferredActor';
import { listStateKeys } from './support/machineInventory';
import { assertModelIsComplete } from './support/modelGuard';
import { delayedEvents, type ActorDoneEvent, type ActorErrorEvent } from './support/modelEvents';
import { namePath } from './support/pathNames';
import { measurePathCoverage } from './support/pathCoverage';
import { advanceThroughDelay } from './support/simulatedTime';
import { SPEC_MEMBER_MOVE_UNDO_MS, SPEC_UPGRADE_BLINK_MS } from '../support/spec-numbers';
import { MEMBERS_QUERY, PREVIEW_OF_TWO, THREE_MEMBERS } from '../../src/features/members/fixtures';
import {
  EXPORT_FAILURE,
  EXPORTED_CSV,
  eventFixtures,
  GROUP_ID,
  modelFor,
  OTHER_GROUP_ID,
  plans,
  ROBOT_REFUSAL,
  sendTo,
  startSystem,
  type ActorName,
  type System,
} from './memberListModel';
import { changeAddress, failRobotCommand, finishRobotCommand, runMembersScan, startMembersScan } from './memberListRobot';
import {
  expectSpecAt,
  REMOVAL_ARGS,
  ROW_IDS,
  selectionAfter,
  SPEC_JOB_NOTICES,
  SPEC_MOVES,
  SPEC_RECOMMENDATION,
  type SeenPage,
} from './memberListSpec';

const DIALOG_NAMES = {
  confirmRemoval: 'Remove members',
  confirmMove: 'Move to Removed',
  upgradeRequired: 'Free Trial Account Removals Limit',
  removalsLimitReached: 'Removals limit reached',
} as const;

const views = new WeakMap<object, WeakMap<object, MembersPageView>>();
/**
 * The page the admin sees, from the list's and the robot's snapshots. A step reads it before and
 * after its event and again for the state's checks: a snapshot never changes, so each pair's view
 * is made once.
 */
const pageOf = (system: System) => {
  const [list, robot] = [system.actor.getSnapshot(), system.robot.getSnapshot()];
  let byRobot = views.get(list);
  if (!byRobot) views.set(list, (byRobot = new WeakMap()));
  let view = byRobot.get(robot);
  if (!view) byRobot.set(robot, (view = membersPageView(list, robot)));
  return view;
};
/** The ids of the page's rows whose checkboxes are checked, in the rows' order. */
const selectedIn = (view: MembersPageView) => view.rows.filter((row) => view.selected.has(row.id)).map((row) => row.id);

/** The selector's output as the admin would see it. */
function seenIn(view: MembersPageView): SeenPage {
  const toolbar = view.toolbar && {
    selected: selectedIn(view),
    selectAll: view.toolbar.selectAll,
    selectNone: view.toolbar.selectNone,
    invert: view.toolbar.invert,
    moves: Object.fromEntries(view.toolbar.moves.map(({ label, enabled }) => [label, enabled])),
    remove: view.toolbar.remove && view.toolbar.remove.enabled,
  };
  const reasons = view.toolbar ? [...view.toolbar.moves.map((move) => move.reason), view.toolbar.remove?.reason] : [];
  const jobNotice = Object.values(SPEC_JOB_NOTICES).find((notice) => reasons.some((reason) => reason?.startsWith(notice))) ?? null;
  return {
    toolbar,
    dialog: view.dialog && DIALOG_NAMES[view.dialog.kind],
    toast: view.toast && { message: view.toast.message, undo: view.toast.undo !== null },
    loadFailure: view.loadFailure !== null,
    jobNotice,
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
  const selectedRows = () => selectedIn(pageOf(system));
  let drag = { from: 0, base: [] as number[] };
  let anchor: number | null = null;
  /** Sends the event, then checks the selection the spec's selection controls leave. */
  const send = ({ event }: { event: EventObject }) => {
    const before = selectedRows();
    if (event.type === 'members.drag.started') drag = { from: (event as Extract<MemberListEvent, { type: 'members.drag.started' }>).id, base: before };
    const expected = selectionAfter(event.type, before, event as { id?: number }, anchor);
    sendTo(system, event as MemberListEvent);
    if (event.type === 'members.select.toggled' || event.type === 'members.select.range') anchor = (event as unknown as { id: number }).id;
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
      'query.changed': ({ event }: { event: EventObject }) => changeAddress(system, (event as Extract<MemberListEvent, { type: 'query.changed' }>).query),
      // A scan of the page's group changed its lists: the page loads them again. Another group's scan changes
      // nothing, so it takes no path of the model; its own test below checks the page is left as it was.
      'robot.job.finished': async ({ event }: { event: EventObject }) => {
        const { groupId } = event as Extract<MemberListEvent, { type: 'robot.job.finished' }>;
        await runMembersScan(system, groupId);
        if (groupId === GROUP_ID) expect(system.actors.fetchMembers.waitingRuns(), 'reload after its group scan').toBe(1);
      },
      'robot.reply.done': () => finishRobotCommand(system),
      'robot.reply.failed': ({ event }: { event: EventObject }) =>
        failRobotCommand(system, (event as Extract<MemberListEvent, { type: 'robot.reply.failed' }>).message),
      'members.drag.entered': ({ event }: { event: EventObject }) => {
        sendTo(system, event as MemberListEvent);
        // Part 1 §2: the drag selects every row between where it started and where the pointer is, and keeps the rest.
        const ends = [ROW_IDS.indexOf(drag.from), ROW_IDS.indexOf((event as Extract<MemberListEvent, { type: 'members.drag.entered' }>).id)];
        const [from, to] = [Math.min(...ends), Math.max(...ends)];
        expect(selectedRows()).toEqual(ROW_IDS.filter((id, index) => (index >= from && index <= to) || drag.base.includes(id)));
      },
      ...Object.fromEntries(
        delayedEvents(memberListMachine).map(({ type }) => [
          type,
          ({ event }: { event: EventObject }) => advanceThroughDelay(memberListMachine, system.actor, system.clock, event),
        ]),
      ),
      'xstate.done.actor.fetchMembers': answer('fetchMembers'),
      'xstate.done.actor.moveMembers': answer('moveMembers'),
      'xstate.done.actor.previewRemoval': answer('previewRemoval'),
      'xstate.done.actor.undoMove': answer('undoMove'),
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
        system.stop();
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
    // 'Move to Removed' asks first: nothing reaches the server before the admin confirms.
    if (offered && move === 'remove') {
      expect(pageOf(system).dialog?.kind).toBe('confirmMove');
      expect(system.actors.moveMembers.waitingRuns()).toBe(0);
      sendTo(system, { type: 'members.move.confirmed' });
    }
    expect(system.actors.moveMembers.waitingInputs()).toEqual(offered ? [expect.objectContaining({ move, ids: [1] })] : []);
    system.stop();
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
    expect(selectedIn(page)).toEqual([]);
    expect(page.toolbar).toBeNull();
    expect(page.dialog).toBeNull();
    expect(system.actor.getSnapshot().matches({ list: { ready: 'browsing' } })).toBe(true);
    expect([system.actors.moveMembers, system.actors.previewRemoval].map((actor) => actor.waitingRuns())).toEqual([0, 0]);
    system.stop();
  });
});

describe('memberList and the removal limits (part 1 §5)', () => {
  it.each(plans)('opens the preview for a selection within the limits on a $name, and a modal for one over them', async ({ isPaid }) => {
    const system = await openWithSelection(isPaid, 'inactive');
    sendTo(system, { type: 'members.select.toggled', id: 2 });
    sendTo(system, { type: 'members.remove' });
    expect(system.actors.previewRemoval.waitingInputs()).toEqual([expect.objectContaining({ ids: [1, 2] })]);
    system.stop();
    const over = await openWithSelection(isPaid, 'inactive');
    sendTo(over, { type: 'members.select.all' });
    sendTo(over, { type: 'members.remove' });
    expect(over.actors.previewRemoval.waitingRuns()).toBe(0);
    expect(pageOf(over).dialog?.kind).toBe(isPaid ? 'removalsLimitReached' : 'upgradeRequired');
    over.stop();
  });

  it("blinks the free group's upgrade modal every 1000 ms (part 1 §9)", async () => {
    const system = await openWithSelection(false, 'inactive');
    sendTo(system, { type: 'members.select.all' });
    sendTo(system, { type: 'members.remove' });
    const highlighted = () => {
      const dialog = pageOf(system).dialog;
      return dialog?.kind === 'upgradeRequired' && dialog.highlighted;
    };
    const seen = [highlighted()];
    for (const step of [SPEC_UPGRADE_BLINK_MS - 1, 1, SPEC_UPGRADE_BLINK_MS - 1, 1]) {
      system.clock.increment(step);
      seen.push(highlighted());
    }
    expect(seen).toEqual([true, true, false, false, true]);
    system.stop();
  });
});

async function confirmRemovalOfTwo(system: System) {
  sendTo(system, { type: 'members.select.toggled', id: 2 });
  sendTo(system, { type: 'members.remove' });
  system.actors.previewRemoval.resolve({ kind: 'previewed', preview: PREVIEW_OF_TWO });
  await settle();
  sendTo(system, { type: 'members.removal.confirmed' });
}

describe("memberList and the app's robot", () => {
  it('keeps Remove Members closed, with the reason, while the robot works for another group, and opens it once that job ends', async () => {
    const system = await openWithSelection(false, 'active');
    expect(pageOf(system).toolbar?.remove).toMatchObject({ enabled: true, busy: false, reason: null });
    startMembersScan(system, OTHER_GROUP_ID);
    expect(pageOf(system).toolbar?.remove).toMatchObject({ enabled: false, busy: false, reason: 'The extension is busy with another job' });
    expect(seenIn(pageOf(system)).jobNotice).toBeNull();
    sendTo(system, { type: 'members.remove' });
    expect(system.actors.previewRemoval.waitingRuns()).toBe(0);
    expect(pageOf(system).dialog).toBeNull();
    await finishRobotCommand(system, {});
    expect(pageOf(system).toolbar?.remove).toMatchObject({ enabled: true, busy: false, reason: null });
    sendTo(system, { type: 'members.remove' });
    expect(system.actors.previewRemoval.waitingInputs()).toEqual([expect.objectContaining({ ids: [1] })]);
    system.stop();
  });

  it('says the extension is not installed and takes no removal while it is not', async () => {
    const system = await openWithSelection(false, 'active');
    system.fakeRobot.set({ presence: 'notInstalled' });
    expect(pageOf(system).toolbar?.remove).toMatchObject({ enabled: false, busy: false, reason: 'Extension is not installed' });
    sendTo(system, { type: 'members.remove' });
    expect(system.actors.previewRemoval.waitingRuns()).toBe(0);
    system.stop();
  });

  it("reloads when the members scan of its group finishes, not when another group's does", async () => {
    const system = await openWithSelection(false, 'active');
    await runMembersScan(system, OTHER_GROUP_ID);
    expect(system.actors.fetchMembers.waitingRuns()).toBe(0);
    expect(selectedIn(pageOf(system))).toEqual([1]);

    startMembersScan(system, GROUP_ID);
    expect(seenIn(pageOf(system)).jobNotice).toBe('Syncing Members...');
    expect(pageOf(system).toolbar?.moves.every(({ enabled }) => !enabled)).toBe(true);
    expect(pageOf(system).toolbar?.remove?.enabled).toBe(false);
    expect(system.actors.fetchMembers.waitingRuns()).toBe(0);

    await finishRobotCommand(system, {});
    expect(pageOf(system).loading).toBe(true);
    expect(system.actors.fetchMembers.waitingInputs()).toEqual([expect.objectContaining({ query: MEMBERS_QUERY })]);
    system.stop();
  });

  it('asks the robot to remove the previewed members, waits for its reply, and reloads the list once it has', async () => {
    const system = await openWithSelection(false, 'active');
    await confirmRemovalOfTwo(system);
    expect(system.fakeRobot.waitingRuns().map(({ command, args }) => ({ command, args }))).toEqual([{ command: 'remove_group_members', args: REMOVAL_ARGS }]);
    await settle();
    expect(seenIn(pageOf(system)).jobNotice).toBe('Removing Members...');
    expect(pageOf(system).dialog).toBeNull();
    expect(system.actors.fetchMembers.waitingRuns()).toBe(0);
    await finishRobotCommand(system);
    expect(pageOf(system).loading).toBe(true);
    expect(system.actors.fetchMembers.waitingRuns()).toBe(1);
    system.stop();
  });

  it("shows the robot's message when the removal fails on the robot, such as the server refusing the job over the limits", async () => {
    const system = await openWithSelection(false, 'active');
    await confirmRemovalOfTwo(system);
    await failRobotCommand(system, ROBOT_REFUSAL);
    const page = pageOf(system);
    expect(page.notice).toBe(ROBOT_REFUSAL);
    expect(page.dialog).toBeNull();
    expect(seenIn(page).jobNotice).toBeNull();
    expect(page.toolbar?.remove?.enabled).toBe(true);
    expect(system.actors.fetchMembers.waitingRuns()).toBe(0);
    system.stop();
  });

  it('says the extension went away when it disconnects during the removal', async () => {
    const system = await openWithSelection(false, 'active');
    await confirmRemovalOfTwo(system);
    system.fakeRobot.set({ presence: 'disconnected' });
    await settle();
    const page = pageOf(system);
    expect(page.notice).toBe('The extension went away before the command ended.');
    expect(page.toolbar?.remove).toMatchObject({ enabled: false, busy: false, reason: 'The extension is not connected' });
    expect(seenIn(page).jobNotice).toBeNull();
    system.stop();
  });
});

describe("a free group's removed list (no action exists there)", () => {
  it('shows no checkboxes or selection controls and takes no selection', async () => {
    const system = await openWithSelection(false, 'removed');
    sendTo(system, { type: 'members.select.all' });
    sendTo(system, { type: 'members.select.range', id: 3 });
    const page = pageOf(system);
    expect(page.toolbar).toBeNull();
    expect(selectedIn(page)).toEqual([]);
    system.stop();
  });
});

describe('selecting rows', () => {
  it('selects the range from the row clicked last on a Shift-click, keeping the rest', async () => {
    const system = await openWithSelection(false, 'inactive');
    sendTo(system, { type: 'members.select.range', id: 3 });
    expect(selectedIn(pageOf(system))).toEqual([1, 2, 3]);
    sendTo(system, { type: 'members.select.toggled', id: 2 });
    sendTo(system, { type: 'members.select.toggled', id: 3 });
    sendTo(system, { type: 'members.select.range', id: 1 });
    expect(selectedIn(pageOf(system))).toEqual([1, 2, 3]);
    system.stop();
  });

  it('selects the rows a drag passes over, with no key held', async () => {
    const system = await openWithSelection(false, 'inactive');
    sendTo(system, { type: 'members.select.none' });
    sendTo(system, { type: 'members.drag.started', id: 2 });
    sendTo(system, { type: 'members.drag.entered', id: 3 });
    sendTo(system, { type: 'members.drag.ended' });
    expect(selectedIn(pageOf(system))).toEqual([2, 3]);
    system.stop();
  });
});

describe('the toast after a move, and its Undo', () => {
  async function whitelistOne() {
    const system = await openWithSelection(false, 'inactive');
    sendTo(system, { type: 'members.move', move: 'whitelist' });
    system.actors.moveMembers.resolve({ kind: 'moved', count: 1, moveId: 'f47ac10b-58cc-4372-a567-0e02b2c3d479' });
    await settle();
    return system;
  }

  it('names the count and offers Undo for 10 seconds, then goes', async () => {
    const system = await whitelistOne();
    expect(pageOf(system).toast).toMatchObject({ message: '1 member added to the whitelist.', undo: 'offered' });
    system.clock.increment(SPEC_MEMBER_MOVE_UNDO_MS - 1);
    expect(pageOf(system).toast?.undo).toBe('offered');
    system.clock.increment(1);
    expect(pageOf(system).toast).toBeNull();
    sendTo(system, { type: 'members.undo' });
    expect(system.actors.undoMove.waitingRuns()).toBe(0);
    system.stop();
  });

  it("undoes the move by its id, says so, and loads the list again", async () => {
    const system = await whitelistOne();
    system.actors.fetchMembers.resolve({ kind: 'loaded', list: THREE_MEMBERS });
    await settle();
    sendTo(system, { type: 'members.undo' });
    expect(system.actors.undoMove.waitingInputs()).toEqual([expect.objectContaining({ moveId: 'f47ac10b-58cc-4372-a567-0e02b2c3d479' })]);
    expect(pageOf(system).toast?.undo).toBe('undoing');
    system.actors.undoMove.resolve({ kind: 'undone', count: 2, skipped: 1 });
    await settle();
    expect(pageOf(system).toast).toMatchObject({
      message: '2 members are back where they were. 1 member changed since stays as it is.',
      undo: null,
    });
    expect(system.actors.fetchMembers.waitingRuns()).toBe(1);
    system.stop();
  });

  it('says a removal by the robot cannot be undone, and offers no Undo', async () => {
    const system = await openWithSelection(false, 'inactive');
    await confirmRemovalOfTwo(system);
    await finishRobotCommand(system);
    expect(pageOf(system).toast).toMatchObject({
      message: 'The extension removed 2 members from the group. A removal from the group cannot be undone.',
      undo: null,
    });
    system.stop();
  });
});
