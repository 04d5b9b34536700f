import type { Group } from './types';

type Searchable = Pick<Group, 'id' | 'name' | 'fb_group_id' | 'fb_slug'>;

/**
 * The group chooser's search (part 1 §5): a case-insensitive match of the typed text anywhere in
 * the name, fb_group_id or fb_slug. The highlighted (current) group always stays, so the user can
 * still see where they are.
 */
export function filterGroups<T extends Searchable>(groups: T[], query: string, currentGroupId?: number): T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return groups;
  return groups.filter(
    (group) =>
      group.id === currentGroupId ||
      [group.name, group.fb_group_id, group.fb_slug ?? ''].some((field) => field.toLocaleLowerCase().includes(needle)),
  );
}
