import type { GroupMembersList, Member, MemberListGroup, MembersAnswer, MembersQuery, MoveAnswer, PreviewAnswer, RemovalPreview, UndoAnswer } from '../../../machines/memberList/actors';
import type { RemovalLimits } from '../../../machines/memberList/moves';
import type { DecisionAnswer, HeldAnswer, HeldDepartures } from '../../../machines/heldDepartures/actors';
import type { RobotEvent } from '../../../machines/robot/machine';
import type { RobotJobReport } from '../../../machines/robot/actors';

/** The members page's data for the stories and the model tests: the Sourdough Bakers group and three of its members. */

export const MEMBERS_QUERY: MembersQuery = { list: 'active', page: 1, per_page: 25, search: '', sort_by: 'name', sort_direction: 'asc' };

export const groupOnPlan = (isPaid: boolean): MemberListGroup => ({
  id: 7,
  name: 'Sourdough Bakers',
  fb_group_id: '100200300',
  fb_slug: 'sourdough',
  isPaid,
});

export function memberRow(id: number, name: string, overrides: Partial<Member> = {}): Member {
  return {
    id,
    fb_user_id: String(9000 + id),
    fb_username: null,
    name,
    avatar_url: null,
    bio: null,
    created_at: '2026-09-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    last_activity_at: '2026-11-12T08:30:00Z',
    posts_count: id,
    comments_count: id * 2,
    reactions_count: id * 3,
    paid: 0,
    role: 'subscriber',
    is_removed: false,
    is_whitelisted: false,
    is_banned: false,
    subscription: null,
    subscription_status: null,
    ...overrides,
  };
}

/** Two removals left: selecting all three rows is more than the limits allow. */
export const TWO_REMOVALS_LEFT: RemovalLimits = {
  current: { limit: 10, left: 2, spent: 8 },
  daily: { limit: 100, left: 92, spent: 8 },
  weekly: { limit: 500, left: 492, spent: 8 },
  free: { limit: 10, left: 2, spent: 8 },
  reset_at: '2026-11-22T00:00:00Z',
  seconds_till_reset: 3600,
};

export const THREE_MEMBERS: GroupMembersList = {
  members: [
    memberRow(1, 'Ada Baker', { paid: 4500, subscription: 'Monthly', subscription_status: 'active' }),
    memberRow(2, 'Ben Crumb', { paid: 29700, subscription: 'Annual', subscription_status: 'failed' }),
    memberRow(3, 'Cleo Dough', { subscription: 'Trial', subscription_status: 'other' }),
  ],
  count: 120,
  count_all: { active: 120, inactive: 40, whitelisted: 2, removed: 5, all_members: 167 },
  count_filtered: { active: 3, inactive: 0, whitelisted: 1, removed: 0, all_members: 4 },
  removal_limits: TWO_REMOVALS_LEFT,
};

export const PREVIEW_OF_TWO: RemovalPreview = {
  members: [
    { id: 1, name: 'Ada Baker', avatar_url: null, fb_user_id: '9001' },
    { id: 2, name: 'Ben Crumb', avatar_url: null, fb_user_id: '9002' },
  ],
  removable_now: 2,
  days_needed: 0,
  completes_at: '2026-11-21T08:00:00Z',
  removal_limits: TWO_REMOVALS_LEFT,
};

/** Ten of 120 selected members go today; the daily limit lets the rest through over the next days. */
export const PREVIEW_OVER_DAYS: RemovalPreview = {
  ...PREVIEW_OF_TWO,
  removable_now: 1,
  days_needed: 2,
  completes_at: '2026-11-23T00:00:00Z',
};

/** A members scan that saw 100 of the group's 19,889 members, held for the admin. */
export const HELD_DEPARTURES: HeldDepartures = {
  job_id: 41,
  count: 19_789,
  held_at: '2026-11-20T03:12:00Z',
  members: ['Abigail Baker', 'Adam Crust', 'Agnes Dough', 'Alan Levain'].map((name, i) => ({
    id: 300 + i,
    name,
    avatar_url: null,
    fb_user_id: String(9300 + i),
  })),
};

const DECISION_REFUSED = { kind: 'failed', message: 'These departures are no longer held: a later scan replaced them, or they were decided' } as const;

/** How the held-departures actors answer, by name: the stories and the model tests use these. */
export const HELD_DEPARTURES_ANSWERS = {
  fetchHeldDepartures: {
    held: { kind: 'held', departures: HELD_DEPARTURES },
    none: { kind: 'none' },
    failed: { kind: 'failed', message: 'The server did not answer.' },
  } satisfies Record<string, HeldAnswer>,
  decideDepartures: {
    decided: { kind: 'decided', count: HELD_DEPARTURES.count },
    failed: DECISION_REFUSED,
  } satisfies Record<string, DecisionAnswer>,
};

/** The robot's extension as the members page meets it: found and up to date, or not installed. */
export const ROBOT_DETECTED: Extract<RobotEvent, { type: 'robot.detected' }> = { type: 'robot.detected', version: '2.4.0', outdated: false };
export const ROBOT_NOT_INSTALLED: Extract<RobotEvent, { type: 'robot.lost' }> = { type: 'robot.lost', reason: 'notInstalled' };

/** The robot starts a command of the page's group: a members scan, an engagements scan, or a command of another group. */
export function robotCommandOf(command: 'fetch_group_members' | 'fetch_group_posts', groupId = groupOnPlan(false).id): Extract<RobotEvent, { type: 'robot.command.start' }> {
  const { id, name, fb_group_id, fb_slug } = { ...groupOnPlan(false), id: groupId };
  const group = { id, name, fb_group_id, fb_slug };
  return command === 'fetch_group_members'
    ? { type: 'robot.command.start', request: { command, args: group } }
    : {
        type: 'robot.command.start',
        request: { command, args: { ...group, settings: ENGAGEMENT_SYNC_SETTINGS } },
      };
}

const ENGAGEMENT_SYNC_SETTINGS = {
  engagement_sync_lookbehind_by: 'posts',
  engagement_sync_days_back: 30,
  engagement_sync_posts_back: 10,
  engagement_sync_reactions_per_post: 100,
  engagement_sync_comments_per_post: 100,
} as const;

/** The robot finished a members scan of the group: who is in which list may have changed. */
export const MEMBERS_SCAN_FINISHED: Extract<RobotJobReport, { type: 'robot.job.finished' }> = {
  type: 'robot.job.finished',
  groupId: groupOnPlan(false).id,
  name: 'fetch_group_members',
};

/** How the member-list actors answer, by name: the stories and the model tests use these. */
export const MEMBER_LIST_ANSWERS = {
  fetchMembers: {
    loaded: { kind: 'loaded', list: THREE_MEMBERS },
    empty: { kind: 'loaded', list: { ...THREE_MEMBERS, members: [], count: 0 } },
    failed: { kind: 'failed', message: 'Server error' },
  } satisfies Record<string, MembersAnswer>,
  moveMembers: {
    moved: { kind: 'moved', count: 1, moveId: '7c9e6679-7425-40de-944b-e07fc1f90ae7' },
    failed: { kind: 'failed', message: 'A member is not in the source list' },
  } satisfies Record<string, MoveAnswer>,
  undoMove: {
    undone: { kind: 'undone', count: 1, skipped: 0 },
    failed: { kind: 'failed', message: 'The move can no longer be undone' },
  } satisfies Record<string, UndoAnswer>,
  previewRemoval: {
    previewed: { kind: 'previewed', preview: PREVIEW_OF_TWO },
    overDays: { kind: 'previewed', preview: PREVIEW_OVER_DAYS },
  } satisfies Record<string, PreviewAnswer>,
};
