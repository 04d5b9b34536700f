import type { MemberListName, MemberSortField } from '../../../rules/memberLists';

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

/** What an empty tab says when no search narrows it. */
export const EMPTY_LIST_TEXTS: Record<MemberListName, string> = {
  active: 'No active members yet: members show here once a scan finds their posts, comments or reactions.',
  inactive: 'No inactive members: every scanned member has some activity.',
  whitelisted: 'No whitelisted members yet: add inactive members to the whitelist to protect them from removal.',
  removed: 'No removed members yet.',
  all_members: 'No members yet: sync the members of the group with the extension.',
};

export const SORTABLE_COLUMNS: Array<{ field: MemberSortField; header: string }> = [
  { field: 'name', header: 'Name' },
  { field: 'posts_count', header: 'Posts' },
  { field: 'reactions_count', header: 'Reactions' },
  { field: 'comments_count', header: 'Comments' },
  { field: 'last_activity_at', header: 'Last activity' },
  { field: 'created_at', header: 'First sync' },
];
