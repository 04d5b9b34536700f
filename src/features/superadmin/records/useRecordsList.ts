import { useLocation, useNavigation, useRevalidator } from 'react-router-dom';
import type { SortDirection } from '../../../ui/LightTable';
import { useListQuery, type ListQueryOptions } from '../../../ui/useListQuery';

/**
 * A supervisor list's query (the listQuery statechart over the address, whose changes the route's
 * loader follows), what the page shows while a new page of rows loads, the reset-query action and
 * the table's sort.
 */
export function useRecordsList(options: ListQueryOptions) {
  const list = useListQuery(options);
  const navigation = useNavigation();
  const location = useLocation();
  const revalidator = useRevalidator();
  const reloading = (navigation.state === 'loading' && navigation.location?.pathname === location.pathname) || revalidator.state === 'loading';
  return {
    ...list,
    reloading,
    /** Part 2 §4: the reset-query action clears all filters and reloads, also when none was set. */
    reset: () => {
      const textFilter = options.textFilter ?? 'search';
      const cleared = Object.keys(options.defaults).every((name) => list.query[name] === options.defaults[name]) && list.typedText === (options.defaults[textFilter] ?? '');
      list.reset();
      if (cleared) void revalidator.revalidate();
    },
    sort: (field: string, direction: SortDirection) => {
      list.setFilter('sort_by', field);
      list.setFilter('sort_direction', direction);
    },
  };
}
