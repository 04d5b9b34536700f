import type { ListQuery } from '../../../machines/listQuery/query';
import type { MemberListName } from '../../../rules/memberLists';
import { listAddress } from './membersQuery';

/** The members page's saved views, once payments are known: who pays without taking part, who takes part without paying. */
export const SAVED_VIEWS = [
  { id: 'paying-inactive', label: 'Paying but inactive', list: 'inactive', paying: 'true' },
  { id: 'active-not-paying', label: 'Active but not paying', list: 'active', paying: 'false' },
] as const satisfies ReadonlyArray<{ id: string; label: string; list: MemberListName; paying: string }>;

export type SavedViewId = (typeof SAVED_VIEWS)[number]['id'];

/** The saved view the list and its filters are, if any. */
export function savedViewOf(list: MemberListName, filters: ListQuery): SavedViewId | null {
  return SAVED_VIEWS.find((view) => view.list === list && view.paying === filters.paying)?.id ?? null;
}

/** The address of a saved view, or of the list without one (everyone, paying or not), keeping the other filters. */
export function savedViewAddress(fbGroupId: string, id: SavedViewId | null, list: MemberListName, filters: ListQuery) {
  const view = SAVED_VIEWS.find((saved) => saved.id === id);
  return listAddress(fbGroupId, view?.list ?? list, { ...filters, paying: view?.paying ?? '' });
}
