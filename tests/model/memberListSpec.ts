import { expect } from 'vitest';
import type { MemberListName } from '../../machines/memberList/moves';
import { MEMBER_LIST_ANSWERS, THREE_MEMBERS } from '../../src/features/members/fixtures';
import { GROUP_ID, type System } from './memberListModel';
import { robotAsDriven, scanArgs } from './memberListRobot';

/**
 * What the spec (part 1 §2 Members, §4 moves table, §5, §8, §9) says the admin sees and can do on the
 * members page, written from the spec and not from the machine, so a broken rule in the machine fails here.
 */

/** Part 1 §4, the moves table: the bulk moves each list offers, by plan. The all_members view has none. */
export const SPEC_MOVES: Record<MemberListName, { free: string[]; paid: string[] }> = {
  active: { free: [], paid: ['Move to Removed'] },
  inactive: { free: ['Add to Whitelist'], paid: ['Add to Whitelist', 'Move to Removed'] },
  whitelisted: { free: ['Remove from Whitelist'], paid: ['Remove from Whitelist'] },
  removed: { free: [], paid: ['Move to Inactive'] },
  all_members: { free: [], paid: [] },
};

/** The robot removes members from the group: members the group still counts, on the active and inactive lists. */
export const REMOVABLE_LISTS: readonly MemberListName[] = ['active', 'inactive'];

/** Part 1 §4, §9: the removal protection's recommendation. */
export const SPEC_RECOMMENDATION = 'We recommend removing no more than 100 members per day and 500 per week.';

export const SPEC_JOB_NOTICES = {
  fetch_group_members: 'Syncing Members...',
  fetch_group_posts: 'Syncing Engagements...',
  remove_group_members: 'Removing Members...',
} as const;

/** The fixtures' limits: two removals left now, so selecting all three rows is over them. */
export const REMOVALS_LEFT = THREE_MEMBERS.removal_limits.current.left;
export const ROW_IDS = THREE_MEMBERS.members.map((member) => member.id);

/** The robot's remove_group_members arguments for the previewed Ada Baker and Ben Crumb of the page's group. */
export const REMOVAL_ARGS = {
  ...scanArgs(GROUP_ID),
  members: [
    { id: 1, fb_user_id: '9001', name: 'Ada Baker' },
    { id: 2, fb_user_id: '9002', name: 'Ben Crumb' },
  ],
};

export type DialogName = 'Remove members' | 'Move to Removed' | 'Free Trial Account Removals Limit' | 'Removals limit reached';

/** The lists a group's plan lets the admin act on, where the page shows checkboxes and selection controls. */
export const selectable = (list: MemberListName, isPaid: boolean) => REMOVABLE_LISTS.includes(list) || SPEC_MOVES[list][isPaid ? 'paid' : 'free'].length > 0;

/** The success toasts of each move (issue: every move ends with a toast naming the count). */
export const SPEC_MOVED_TOASTS: Record<string, string> = {
  whitelist: '1 member added to the whitelist.',
  unwhitelist: '1 member removed from the whitelist.',
  remove: '1 member moved to Removed.',
  restore: '1 member moved to Inactive.',
};

/** The page as the admin sees it, read from the selector's output or from the rendered page. */
export interface SeenPage {
  /** Null when the list shows no selection controls. */
  toolbar: null | {
    selected: number[];
    selectAll: boolean;
    selectNone: boolean;
    invert: boolean;
    /** Each move button shown, by label: enabled or not. */
    moves: Record<string, boolean>;
    /** 'Remove Members': enabled or not; null when not shown. */
    remove: boolean | null;
  };
  dialog: DialogName | null;
  /** The success toast: its message, and whether it offers Undo. */
  toast: { message: string; undo: boolean } | null;
  loadFailure: boolean;
  /** The robot's job the closed actions name as their reason. */
  jobNotice: string | null;
  exporting: boolean;
  canExport: boolean;
  recommendation: boolean;
}

const planOf = (system: System) => (system.isPaid ? 'paid' : 'free');

function expectEverythingClosed(seen: SeenPage) {
  if (!seen.toolbar) return;
  const { selectAll, selectNone, invert, moves, remove } = seen.toolbar;
  expect({ selectAll, selectNone, invert, remove: remove ?? false }).toEqual({ selectAll: false, selectNone: false, invert: false, remove: false });
  expect(Object.values(moves).every((enabled) => !enabled), 'no move is offered').toBe(true);
}

/** The removals the robot was asked for and has not answered yet. */
const removalsAsked = (system: System) =>
  system.fakeRobot
    .waitingRuns()
    .filter((run) => run.command === 'remove_group_members')
    .map(({ command, args }) => ({ command, args }));

function expectNoRequest(system: System, ...names: Array<keyof System['actors'] | 'robotRemoval'>) {
  for (const name of names) {
    if (name === 'robotRemoval') expect(removalsAsked(system), 'removal asked of the robot').toEqual([]);
    else expect(system.actors[name].waitingRuns(), `${name} asked`).toBe(0);
  }
}

/** The assertion for one state of the machine: what the spec says the admin sees there, and what the server or robot was asked. */
export function expectSpecAt(state: string, seen: SeenPage, system: System, opts: { requests: boolean } = { requests: true }): void {
  const list = system.opened.list;
  const selected = seen.toolbar?.selected ?? [];
  const { job, unavailable } = robotAsDriven(system);
  const listActors = ['fetchMembers', 'moveMembers', 'previewRemoval', 'robotRemoval'] as const;
  const waiting = (name: keyof System['actors']) => system.actors[name].waitingInputs() as unknown as Array<Record<string, unknown>>;
  switch (state) {
    case 'list':
      // Selection shows only where an action exists: not on the all_members view (no bulk moves), nor on a free group's removed list.
      expect(seen.toolbar === null, `selection controls on ${list}`).toBe(!selectable(list, system.isPaid));
      if (seen.toolbar) {
        expect(Object.keys(seen.toolbar.moves).sort()).toEqual([...SPEC_MOVES[list][planOf(system)]].sort());
        expect(seen.toolbar.remove !== null, `Remove Members on ${list}`).toBe(REMOVABLE_LISTS.includes(list));
      }
      // Part 1 §8: while the robot works on the group, the closed actions say which job they wait for.
      if (seen.toolbar && selected.length > 0) expect(seen.jobNotice).toBe(job ? SPEC_JOB_NOTICES[job as keyof typeof SPEC_JOB_NOTICES] : null);
      if (job && seen.toolbar) {
        expect(Object.values(seen.toolbar.moves).every((enabled) => !enabled), 'no move while the robot works').toBe(true);
        expect(seen.toolbar.remove ?? false).toBe(false);
      }
      return;
    case 'list.loading':
      expectEverythingClosed(seen);
      expect(seen.dialog).toBeNull();
      expect(selected).toEqual([]);
      if (opts.requests) expect(waiting('fetchMembers').map((input) => (input.query as { list: string }).list)).toEqual([list]);
      return;
    case 'list.failed':
      expectEverythingClosed(seen);
      expect(seen.loadFailure).toBe(true);
      if (opts.requests) expectNoRequest(system, ...listActors);
      return;
    case 'list.ready':
      expect(seen.loadFailure).toBe(false);
      expect(seen.recommendation, 'the recommendation beside the limits').toBe(REMOVABLE_LISTS.includes(list));
      return;
    case 'list.ready.browsing': {
      expect(seen.dialog).toBeNull();
      if (opts.requests) expectNoRequest(system, ...listActors);
      if (!seen.toolbar) return;
      const { selectAll, selectNone, invert, moves, remove } = seen.toolbar;
      expect({ selectAll, selectNone, invert }).toEqual({ selectAll: true, selectNone: true, invert: true });
      const canAct = selected.length > 0 && job === null;
      for (const [label, enabled] of Object.entries(moves)) expect(enabled, `${label} with ${selected.length} selected`).toBe(canAct);
      if (remove !== null) expect(remove, `Remove Members with ${selected.length} selected`).toBe(canAct && unavailable === null);
      return;
    }
    case 'list.ready.dragging':
      expectEverythingClosed(seen);
      expect(seen.dialog).toBeNull();
      return;
    case 'list.ready.moving': {
      expectEverythingClosed(seen);
      if (!opts.requests) return;
      const [request] = waiting('moveMembers');
      const label = { whitelist: 'Add to Whitelist', unwhitelist: 'Remove from Whitelist', remove: 'Move to Removed', restore: 'Move to Inactive' }[
        request.move as string
      ];
      expect(SPEC_MOVES[list][planOf(system)], `${label} on ${list}`).toContain(label);
      expect(request.ids).toEqual(selected);
      expect(selected.length).toBeGreaterThan(0);
      return;
    }
    case 'list.ready.confirmingMove':
      // 'Move to Removed' asks first, and nothing reaches the server until it is confirmed.
      expectEverythingClosed(seen);
      expect(seen.dialog).toBe('Move to Removed');
      expect(system.isPaid).toBe(true);
      expect(selected.length).toBeGreaterThan(0);
      if (opts.requests) expectNoRequest(system, ...listActors);
      return;
    case 'outcome.none':
      expect(seen.toast).toBeNull();
      if (opts.requests) expectNoRequest(system, 'undoMove');
      return;
    case 'outcome.shown': {
      const outcome = system.actor.getSnapshot().context.outcome!;
      const expected =
        outcome.kind === 'moved'
          ? { message: SPEC_MOVED_TOASTS[outcome.move]!, undo: true }
          : outcome.kind === 'undone'
            ? { message: '1 member is back where it was.', undo: false }
            : { message: 'The extension removed 2 members from the group. A removal from the group cannot be undone.', undo: false };
      expect(seen.toast).toEqual(expected);
      return;
    }
    case 'outcome.undoing':
      expect(seen.toast?.undo).toBe(true);
      if (opts.requests) expect(waiting('undoMove').map((input) => input.moveId)).toEqual([MEMBER_LIST_ANSWERS.moveMembers.moved.moveId]);
      return;
    case 'list.ready.previewingRemoval': {
      expectEverythingClosed(seen);
      expect(REMOVABLE_LISTS).toContain(list);
      if (!opts.requests) return;
      const [request] = waiting('previewRemoval');
      expect(request.ids).toEqual(selected);
      // A selection over the limits opens a modal instead of the preview (part 1 §5).
      expect(selected.length).toBeGreaterThan(0);
      expect(selected.length).toBeLessThanOrEqual(REMOVALS_LEFT);
      return;
    }
    case 'list.ready.confirmingRemoval':
      expectEverythingClosed(seen);
      expect(seen.dialog).toBe('Remove members');
      if (opts.requests) expectNoRequest(system, ...listActors);
      return;
    case 'list.ready.removing':
      // The robot was asked to remove the previewed members, and the page waits for its answer.
      expectEverythingClosed(seen);
      expect(seen.dialog).toBeNull();
      expect(job).toBe('remove_group_members');
      if (opts.requests) expect(removalsAsked(system)).toEqual([{ command: 'remove_group_members', args: REMOVAL_ARGS }]);
      return;
    case 'list.ready.upgradeRequired':
      expectEverythingClosed(seen);
      expect(seen.dialog).toBe('Free Trial Account Removals Limit');
      expect(system.isPaid).toBe(false);
      expect(selected.length).toBeGreaterThan(REMOVALS_LEFT);
      return;
    case 'list.ready.removalsLimitReached':
      expectEverythingClosed(seen);
      expect(seen.dialog).toBe('Removals limit reached');
      expect(system.isPaid).toBe(true);
      expect(selected.length).toBeGreaterThan(REMOVALS_LEFT);
      return;
    case 'export.idle':
      expect({ exporting: seen.exporting, canExport: seen.canExport }).toEqual({ exporting: false, canExport: true });
      if (opts.requests) expectNoRequest(system, 'exportMembers');
      return;
    case 'export.exporting':
      expect({ exporting: seen.exporting, canExport: seen.canExport }).toEqual({ exporting: true, canExport: false });
      if (opts.requests) expect(waiting('exportMembers').map((input) => (input.query as { list: string }).list)).toEqual([list]);
      return;
    default:
      return;
  }
}

/** The selection an event leaves, as the spec's selection controls describe it; null for events that leave it alone. */
export function selectionAfter(eventType: string, before: number[], payload: { id?: number }, anchor: number | null = null): number[] | null {
  switch (eventType) {
    case 'members.select.all':
      return ROW_IDS;
    case 'members.select.none':
      return [];
    case 'members.select.invert':
      return ROW_IDS.filter((id) => !before.includes(id));
    case 'members.select.toggled':
      return ROW_IDS.filter((id) => (id === payload.id ? !before.includes(id) : before.includes(id)));
    case 'members.select.range': {
      // Shift-click: every row from the row clicked last to this one joins the selection.
      const ends = [ROW_IDS.indexOf(anchor ?? payload.id!), ROW_IDS.indexOf(payload.id!)];
      return ROW_IDS.filter((id, index) => before.includes(id) || (index >= Math.min(...ends) && index <= Math.max(...ends)));
    }
    default:
      return null;
  }
}
