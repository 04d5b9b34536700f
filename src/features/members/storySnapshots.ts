import type { StateValue } from 'xstate';
import type { ApiClient } from '../../api/client';
import type { Robot } from '../../robot/protocol';
import type { GroupMembersList, Member, MembersQuery, RemovalPreview } from '../../../machines/memberList/actors';
import { memberListMachine, type MemberListContext } from '../../../machines/memberList/machine';
import type { RemovalLimits } from '../../../machines/memberList/moves';

/** Stories render snapshots only: nothing calls the server or the robot. */
const nothingRuns = { api: {} as ApiClient, robot: {} as Robot };

export const storyQuery: MembersQuery = { list: 'active', page: 1, per_page: 25, search: '', sort_by: 'name', sort_direction: 'asc' };

export const storyLimits: RemovalLimits = {
  current: { limit: 10, left: 2, spent: 8 },
  daily: { limit: 100, left: 92, spent: 8 },
  weekly: { limit: 500, left: 492, spent: 8 },
  free: { limit: 10, left: 2, spent: 8 },
  reset_at: '2026-11-22T00:00:00Z',
  seconds_till_reset: 3600,
};

function member(id: number, name: string, overrides: Partial<Member> = {}): Member {
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

export const storyPage: GroupMembersList = {
  members: [
    member(1, 'Ada Baker', { paid: 4500, subscription: 'Monthly', subscription_status: 'active' }),
    member(2, 'Ben Crumb', { paid: 29700, subscription: 'Annual', subscription_status: 'failed' }),
    member(3, 'Cleo Dough', { subscription: 'Trial', subscription_status: 'other' }),
  ],
  count: 120,
  count_all: { active: 120, inactive: 40, whitelisted: 2, removed: 5, all_members: 167 },
  count_filtered: { active: 3, inactive: 0, whitelisted: 1, removed: 0, all_members: 4 },
  removal_limits: storyLimits,
};

export const storyPreview: RemovalPreview = {
  members: [
    { id: 1, name: 'Ada Baker', avatar_url: null, fb_user_id: '9001' },
    { id: 2, name: 'Ben Crumb', avatar_url: null, fb_user_id: '9002' },
  ],
  removable_now: 2,
  days_needed: 0,
  completes_at: '2026-11-21T08:00:00Z',
  removal_limits: storyLimits,
};

export type MemberListStoryContext = Partial<Omit<MemberListContext, 'api' | 'robot' | 'group'>> & { isPaid?: boolean };

/** The member-list statechart's snapshot in a given state, for the Sourdough Bakers group. */
export function memberListSnapshotAt(value: StateValue, { isPaid = false, ...context }: MemberListStoryContext = {}) {
  return memberListMachine.resolveState({
    value,
    context: {
      ...nothingRuns,
      group: { id: 7, name: 'Sourdough Bakers', fb_group_id: '100200300', fb_slug: 'sourdough', isPaid },
      query: storyQuery,
      page: storyPage,
      selection: [],
      dragBase: [],
      dragFrom: null,
      preview: null,
      failure: null,
      runningJob: null,
      ...context,
    },
  });
}
