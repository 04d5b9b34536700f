import type { GroupMembersList, Member, MemberListGroup, MembersQuery, RemovalPreview } from '../../machines/memberList/actors';
import type { RemovalLimits } from '../../machines/memberList/moves';

export const MEMBER_LIST_QUERY: MembersQuery = {
  list: 'active',
  page: 1,
  per_page: 25,
  search: '',
  sort_by: 'name',
  sort_direction: 'asc',
};

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

export const THREE_ROWS: GroupMembersList = {
  members: [memberRow(1, 'Ada Baker'), memberRow(2, 'Ben Crumb'), memberRow(3, 'Cleo Dough')],
  count: 3,
  count_all: { active: 3, inactive: 40, whitelisted: 2, removed: 5, all_members: 50 },
  count_filtered: { active: 3, inactive: 0, whitelisted: 0, removed: 0, all_members: 3 },
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
