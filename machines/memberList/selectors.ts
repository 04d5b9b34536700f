import type { SnapshotFrom } from 'xstate';
import type { RobotJobName } from '../../src/robot/protocol';
import type { GroupMembersList, Member, MembersQuery, RemovalPreview } from './actors';
import { groupJobStatus, ROBOT_JOB_TITLES, robotUnavailability, type RobotSnapshot, type RobotUnavailability } from '../robot/selectors';
import type { ListOutcome, memberListMachine } from './machine';
import { formatDisplayDate, formatUtcTooltip } from '../../src/ui/displayDate';
import { countOf, pluralWord } from '../../src/ui/plural';
import {
  canRemoveFrom,
  freeLimitText,
  MOVE_LABELS,
  movesFrom,
  takesSelection,
  RECOMMENDED_REMOVALS,
  type MemberListName,
  type MemberMove,
  type RemovalLimits,
} from './moves';

export type MemberListSnapshot = SnapshotFrom<typeof memberListMachine>;

/** What the page needs to know of the robot: the job it runs for this group, and why it cannot take a command. */
export interface MembersRobotStatus {
  job: RobotJobName | null;
  /** Null while the robot can take a command. */
  unavailable: RobotUnavailability | null;
}

/** The robot as the members page of a group sees it. */
export function membersRobotStatusOf(robot: RobotSnapshot, groupId: number): MembersRobotStatus {
  return { job: groupJobStatus(robot, groupId)?.name ?? null, unavailable: robotUnavailability(robot) };
}

export const sameMembersRobotStatus = (a: MembersRobotStatus, b: MembersRobotStatus) => a.job === b.job && a.unavailable === b.unavailable;

/** Part 1 §4, §9: the removal protection's recommendation, shown beside the limits and in each removal dialog. */
export const REMOVAL_RECOMMENDATION = `We recommend removing no more than ${RECOMMENDED_REMOVALS.daily} members per day and ${RECOMMENDED_REMOVALS.weekly} per week.`;

const UNAVAILABLE_ROBOT: Record<RobotUnavailability, string> = {
  detecting: 'Looking for the extension...',
  notInstalled: 'Extension is not installed',
  outdated: 'The extension is outdated: update it to remove members',
  disconnected: 'The extension is not connected',
  busy: 'The extension is busy with another job',
};

/** A date as the table shows it, with the UTC time for its tooltip. */
export interface ShownDate {
  iso: string;
  text: string;
  utc: string;
}

/** A member as the table shows it: its dates formatted once, when its row is made. */
export type MemberRow = Member & { lastActivity: ShownDate | null; firstSync: ShownDate | null };

export interface MembersToolbar {
  selected: number;
  selectAll: boolean;
  selectNone: boolean;
  invert: boolean;
  /**
   * The moves-table buttons the list shows on this plan, each enabled when the machine would take it;
   * `help` says what the button does, `reason` why it is closed.
   */
  moves: Array<{ move: MemberMove; label: string; enabled: boolean; busy: boolean; help: string; reason: string | null }>;
  /** 'Remove Members' (the robot removes them from the group), on the lists it is offered on; the reason tells why it is closed. */
  remove: { enabled: boolean; busy: boolean; help: string; reason: string | null } | null;
  /** Why the robot cannot remove members now (not installed, outdated, busy elsewhere...), shown beside the buttons. */
  robotProblem: string | null;
}

export type MembersLimits =
  | { plan: 'paid'; currentLeft: number; dailyLeft: number; weeklyLeft: number }
  | { plan: 'free'; left: number; limit: number };

export type MembersDialog =
  | { kind: 'confirmRemoval'; preview: RemovalPreview; text: string; confirmLabel: string }
  | { kind: 'confirmMove'; text: string; confirmLabel: string }
  | { kind: 'upgradeRequired'; limitText: string; selectedText: string; highlighted: boolean }
  | { kind: 'removalsLimitReached'; selectedText: string; limits: RemovalLimits };

/** The success toast of the last move or removal; a move's offers Undo while its window is open. */
export interface MembersToast {
  /** Changes with each outcome: the page brings focus back to the table then. */
  seq: number;
  title: string;
  message: string;
  undo: 'offered' | 'undoing' | null;
}

export interface MembersPageView {
  list: MemberListName;
  search: string;
  sortBy: MembersQuery['sort_by'];
  sortDirection: MembersQuery['sort_direction'];
  page: number;
  perPage: number;
  /** The list's size, once a page came. */
  total: number | null;
  /** Each list's tab badge: its size, or 'Found X of Y' / 'Not found' while a search filters it. */
  badges: Partial<Record<MemberListName, string>>;
  /** The page's rows: the same member objects always give the same row objects, whatever else changes. */
  rows: MemberRow[];
  /** The ids of the selected rows; only the checkboxes follow it, the rows stay as they are. */
  selected: ReadonlySet<number>;
  loading: boolean;
  /** Why the list could not be loaded; the page offers to try again. */
  loadFailure: string | null;
  /** Why the last move or removal did not go through. */
  notice: string | null;
  /** The selection and its actions; null on a list that takes no selection (all_members). */
  toolbar: MembersToolbar | null;
  dragging: boolean;
  /** The plan whose removal limits the list shows (on the lists members can be removed from), known before a page comes. */
  limitsPlan: MembersLimits['plan'] | null;
  /** The removal limits, once a page of such a list came; the page keeps their place until then. */
  limits: MembersLimits | null;
  recommendation: string;
  dialog: MembersDialog | null;
  toast: MembersToast | null;
  exporting: boolean;
  canExport: boolean;
}

const shownDate = (iso: string | null): ShownDate | null => (iso ? { iso, text: formatDisplayDate(iso), utc: formatUtcTooltip(iso) } : null);

const rowOfMember = new WeakMap<Member, MemberRow>();
const rowsOfMembers = new WeakMap<Member[], MemberRow[]>();
const selectedOfSelection = new WeakMap<number[], ReadonlySet<number>>();
const NO_ROWS: MemberRow[] = [];

function rowOf(member: Member): MemberRow {
  let row = rowOfMember.get(member);
  if (!row) {
    row = { ...member, lastActivity: shownDate(member.last_activity_at), firstSync: shownDate(member.created_at) };
    rowOfMember.set(member, row);
  }
  return row;
}

function rowsOf(page: GroupMembersList | null): MemberRow[] {
  if (!page) return NO_ROWS;
  let rows = rowsOfMembers.get(page.members);
  if (!rows) {
    rows = page.members.map(rowOf);
    rowsOfMembers.set(page.members, rows);
  }
  return rows;
}

function selectedOf(selection: number[]): ReadonlySet<number> {
  let selected = selectedOfSelection.get(selection);
  if (!selected) {
    selected = new Set(selection);
    selectedOfSelection.set(selection, selected);
  }
  return selected;
}

function badgesOf(page: GroupMembersList | null, search: string): MembersPageView['badges'] {
  if (!page) return {};
  return Object.fromEntries(
    (Object.keys(page.count_all) as MemberListName[]).map((list) => {
      const all = page.count_all[list];
      if (!search) return [list, String(all)];
      const found = page.count_filtered[list];
      return [list, found > 0 ? `Found ${found} of ${all}` : 'Not found'];
    }),
  );
}

/** What each button does, as its tooltip says: a move only changes the page's lists; 'Remove Members' removes them from the group. */
export const MOVE_HELP: Record<MemberMove, string> = {
  whitelist: 'Protects the selected members: whitelisted members are never removed.',
  unwhitelist: 'Takes the selected members off the whitelist, back to Inactive.',
  remove: 'Only files the selected members under Removed (for members who already left): nobody is removed from the group. You can undo it for 10 seconds.',
  restore: 'Takes the selected members out of the Removed archive, back to Inactive.',
};
export const REMOVE_HELP = 'The extension removes the selected members from the group itself. This cannot be undone.';
export const NOTHING_SELECTED = 'Select members first.';

function toolbarOf(snapshot: MemberListSnapshot, robot: MembersRobotStatus): MembersToolbar | null {
  const { query, group, selection } = snapshot.context;
  if (!takesSelection(query.list, group.isPaid)) return null;
  const moving = snapshot.matches({ list: { ready: 'moving' } });
  const waitReason = robot.job ? `${ROBOT_JOB_TITLES[robot.job]} Wait until it is done.` : null;
  const commonReason = selection.length === 0 ? NOTHING_SELECTED : waitReason;
  const removeEnabled = snapshot.can({ type: 'members.remove' });
  return {
    selected: selection.length,
    selectAll: snapshot.can({ type: 'members.select.all' }),
    selectNone: snapshot.can({ type: 'members.select.none' }),
    invert: snapshot.can({ type: 'members.select.invert' }),
    moves: movesFrom(query.list, group.isPaid).map((move) => {
      const enabled = snapshot.can({ type: 'members.move', move });
      return { move, label: MOVE_LABELS[move], enabled, busy: moving, help: MOVE_HELP[move], reason: enabled ? null : commonReason };
    }),
    remove: canRemoveFrom(query.list)
      ? {
          enabled: removeEnabled,
          busy: snapshot.matches({ list: { ready: 'previewingRemoval' } }) || snapshot.matches({ list: { ready: 'removing' } }),
          help: REMOVE_HELP,
          reason: removeEnabled ? null : (robot.unavailable && !robot.job ? UNAVAILABLE_ROBOT[robot.unavailable] : commonReason),
        }
      : null,
    robotProblem: canRemoveFrom(query.list) && robot.unavailable && !robot.job ? UNAVAILABLE_ROBOT[robot.unavailable] : null,
  };
}

/** The success toast's texts of each outcome. */
const MOVED_TEXTS: Record<MemberMove, (members: string) => string> = {
  whitelist: (members) => `${members} added to the whitelist.`,
  unwhitelist: (members) => `${members} removed from the whitelist.`,
  remove: (members) => `${members} moved to Removed.`,
  restore: (members) => `${members} moved to Inactive.`,
};

function toastOf(snapshot: MemberListSnapshot): MembersToast | null {
  const outcome: ListOutcome | null = snapshot.context.outcome;
  if (!outcome || snapshot.matches({ outcome: 'none' })) return null;
  const undoing = snapshot.matches({ outcome: 'undoing' });
  const members = countOf(outcome.count, 'member');
  switch (outcome.kind) {
    case 'moved':
      return { seq: outcome.seq, title: 'Moved', message: MOVED_TEXTS[outcome.move](members), undo: undoing ? 'undoing' : 'offered' };
    case 'undone': {
      const skipped = outcome.skipped > 0 ? ` ${countOf(outcome.skipped, 'member')} changed since ${pluralWord(outcome.skipped, 'stays', 'stay')} as ${pluralWord(outcome.skipped, 'it is', 'they are')}.` : '';
      return { seq: outcome.seq, title: 'Undone', message: `${members} ${pluralWord(outcome.count, 'is', 'are')} back where ${pluralWord(outcome.count, 'it was', 'they were')}.${skipped}`, undo: null };
    }
    case 'removed':
      return {
        seq: outcome.seq,
        title: 'Removed from the group',
        message: `The extension removed ${members} from the group. A removal from the group cannot be undone.`,
        undo: null,
      };
  }
}

function limitsOf(snapshot: MemberListSnapshot): MembersLimits | null {
  const { page, query, group } = snapshot.context;
  if (!page || !canRemoveFrom(query.list)) return null;
  const limits = page.removal_limits;
  return group.isPaid
    ? { plan: 'paid', currentLeft: limits.current.left, dailyLeft: limits.daily.left, weeklyLeft: limits.weekly.left }
    : { plan: 'free', left: limits.free.left, limit: limits.free.limit };
}

function dialogOf(snapshot: MemberListSnapshot): MembersDialog | null {
  const { preview, page, selection } = snapshot.context;
  if (snapshot.matches({ list: { ready: 'confirmingRemoval' } }) && preview) {
    const members = countOf(preview.members.length, 'member');
    return { kind: 'confirmRemoval', preview, text: `The extension will remove ${members} from the group.`, confirmLabel: `Remove ${members}` };
  }
  if (snapshot.matches({ list: { ready: 'confirmingMove' } })) {
    const members = countOf(selection.length, 'member');
    return {
      kind: 'confirmMove',
      text: `${members} will be filed under Removed, for members who already left the group. Nobody is removed from the group: use Remove Members for that. You can undo the move for 10 seconds.`,
      confirmLabel: `Move ${members} to Removed`,
    };
  }
  if (!page) return null;
  const selectedText = `You selected ${countOf(selection.length, 'member')}`;
  if (snapshot.matches({ list: { ready: 'upgradeRequired' } })) {
    return {
      kind: 'upgradeRequired',
      limitText: freeLimitText(page.removal_limits.free),
      selectedText,
      highlighted: snapshot.matches({ list: { ready: { upgradeRequired: 'highlighted' } } }),
    };
  }
  if (snapshot.matches({ list: { ready: 'removalsLimitReached' } })) {
    return { kind: 'removalsLimitReached', selectedText, limits: page.removal_limits };
  }
  return null;
}

/** Everything the members page shows, from one snapshot of its statechart and the robot's status. */
export function membersPageView(snapshot: MemberListSnapshot, robotSnapshot: RobotSnapshot): MembersPageView {
  return membersPageViewOf(snapshot, membersRobotStatusOf(robotSnapshot, snapshot.context.group.id));
}

/** The same, from the robot's status as the page sees it. */
export function membersPageViewOf(snapshot: MemberListSnapshot, robot: MembersRobotStatus): MembersPageView {
  const { query, page, selection, failure } = snapshot.context;
  const failed = snapshot.matches({ list: 'failed' });
  return {
    list: query.list,
    search: query.search,
    sortBy: query.sort_by,
    sortDirection: query.sort_direction,
    page: query.page,
    perPage: query.per_page,
    total: page?.count ?? null,
    badges: badgesOf(page, query.search),
    rows: rowsOf(page),
    selected: selectedOf(selection),
    loading: snapshot.matches({ list: 'loading' }) || snapshot.matches({ list: { ready: 'removing' } }),
    loadFailure: failed ? failure : null,
    notice: failed ? null : failure,
    toolbar: toolbarOf(snapshot, robot),
    dragging: snapshot.matches({ list: { ready: 'dragging' } }),
    limitsPlan: canRemoveFrom(query.list) ? (snapshot.context.group.isPaid ? 'paid' : 'free') : null,
    limits: limitsOf(snapshot),
    recommendation: REMOVAL_RECOMMENDATION,
    dialog: dialogOf(snapshot),
    toast: toastOf(snapshot),
    exporting: snapshot.matches({ export: 'exporting' }),
    canExport: snapshot.can({ type: 'members.export' }),
  };
}

/** Plain data compared by value: the same objects, or objects, arrays and sets holding the same values. */
function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Set || b instanceof Set) return a instanceof Set && b instanceof Set && a.size === b.size && [...a].every((value) => b.has(value));
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => sameData(a[key as keyof typeof a], b[key as keyof typeof b]));
}

/** Two views show the same page: what a page subscribes with, so a change it does not show renders nothing. */
export const sameMembersPageView = (a: MembersPageView, b: MembersPageView): boolean => sameData(a, b);
