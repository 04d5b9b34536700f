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
  all_members: 'All members',
};

/** The page's tabs: one per list, then the all_members view (which has no bulk moves). */
export const PAGE_TABS: readonly MemberListName[] = ['active', 'inactive', 'whitelisted', 'removed', 'all_members'];

/** What an empty tab says when no search narrows it. */
export const EMPTY_LIST_TEXTS: Record<MemberListName, string> = {
  active: 'No active members yet: members show here once a scan finds their posts, comments or reactions.',
  inactive: 'No inactive members: every scanned member has some activity.',
  whitelisted: 'No whitelisted members yet: add inactive members to the whitelist to protect them from removal.',
  removed: 'No removed members yet.',
  all_members: 'No members yet: sync the members of the group with the extension.',
};

export { PER_PAGE_OPTIONS } from '../../../machines/memberList/query';

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
