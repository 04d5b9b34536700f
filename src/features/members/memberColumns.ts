import type { MembersQuery } from '../../../machines/memberList/actors';
import type { MemberListName } from '../../../machines/memberList/moves';

export const MEMBER_LIST_DESCRIPTIONS = {
  active: 'Members engaged in the group.',
  inactive: 'Members without any activity detected by scanning.',
  whitelisted: 'Add members here to prevent removal.',
  removed: 'Archive of removed members.',
} as const;

export const TAB_TITLES: Record<MemberListName, string> = {
  active: 'Active',
  inactive: 'Inactive',
  whitelisted: 'Whitelisted',
  removed: 'Removed',
  all_members: 'All',
};

export const PER_PAGE_OPTIONS = [25, 50, 100];
/** Part 1 §9: the sticky pagination shows up to 15 page links. */
export const PAGE_LINKS = 15;

export const SORTABLE_COLUMNS: Array<{ field: MembersQuery['sort_by']; header: string }> = [
  { field: 'name', header: 'Name' },
  { field: 'posts_count', header: 'Posts' },
  { field: 'reactions_count', header: 'Reactions' },
  { field: 'comments_count', header: 'Comments' },
  { field: 'last_activity_at', header: 'Last activity' },
  { field: 'created_at', header: 'First sync' },
];

/** Cents as US dollars (part 1 §9). */
export const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** Part 2 §4: active is success, failed is danger, anything else is warning. */
export const subscriptionSeverity = (status: string | null) =>
  status === 'active' ? 'success' : status === 'failed' ? 'danger' : 'warning';
