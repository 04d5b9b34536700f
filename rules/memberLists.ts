import { everyValueOf, type QueryOf, type Schemas } from './contract';

/** A list a member is kept in: the `list` of a stored membership. */
export type StoredMemberList = Exclude<keyof Schemas['MemberListCounts'], 'all_members'>;

/** A list the members page and GET /groups/{id}/members can show: a stored list, or all of them (all_members). */
export type MemberListName = QueryOf<'listGroupMembers'>['list'];

export type MemberSortField = QueryOf<'listGroupMembers'>['sort_by'];
export type SortDirection = QueryOf<'listGroupMembers'>['sort_direction'];

/** The four lists of part 1 §4, in the order the page shows them. */
export const STORED_MEMBER_LISTS = everyValueOf<StoredMemberList>()(['active', 'inactive', 'whitelisted', 'removed']);

/** The members page's tabs: each stored list, then all_members. */
export const MEMBER_LIST_TABS = everyValueOf<MemberListName>()([...STORED_MEMBER_LISTS, 'all_members']);

/** The columns a members list sorts by. */
export const MEMBER_SORT_FIELDS = everyValueOf<MemberSortField>()([
  'name',
  'posts_count',
  'reactions_count',
  'comments_count',
  'last_activity_at',
  'created_at',
  'paid',
  'subscription_status',
]);

/** Part 2 §9: the page sizes the members list offers. */
export const MEMBER_PER_PAGE_OPTIONS = [25, 50, 100] as const;

/** What a members list shows when the address or the request leaves a filter out (part 2 §9: 25 a page, name ascending). */
export const MEMBER_LIST_DEFAULTS = {
  list: 'active',
  page: 1,
  per_page: 25,
  sort_by: 'name',
  sort_direction: 'asc',
} as const satisfies Omit<QueryOf<'listGroupMembers'>, 'search' | 'paying' | 'cursor'>;

export function isMemberListName(value: string | undefined): value is MemberListName {
  return (MEMBER_LIST_TABS as readonly (string | undefined)[]).includes(value);
}

export function isMemberSortField(value: string | undefined): value is MemberSortField {
  return (MEMBER_SORT_FIELDS as readonly (string | undefined)[]).includes(value);
}
