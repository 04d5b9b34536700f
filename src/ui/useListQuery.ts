import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { listQueryMachine } from '../../machines/listQuery/machine';
import { fromSearchParams, type ListQuery, type ListQueryResets } from '../../machines/listQuery/query';
import { addressWrites } from './addressWrites';

export interface ListQueryOptions {
  /** Every filter the page keeps in the address, with its default; `page` must be one of them. */
  defaults: ListQuery;
  /** The filter the search box types into (debounced 1000 ms). */
  textFilter?: string;
  /** The 'to' date filter (debounced 200 ms). */
  toDateFilter?: string;
  /** Filters put back to their default when the filter they are listed under changes. */
  resets?: ListQueryResets;
}

export interface ListQueryHandle {
  /** The listQuery statechart, for a list machine that follows its filters (it emits `query.changed`). */
  actor: ActorRefFrom<typeof listQueryMachine>;
  /** The filters as the address will hold them, each a string; defaults filled in. */
  query: ListQuery;
  /** What the search box shows while typing has not paused yet. */
  typedText: string;
  /** What the to-date picker shows while it settles. */
  pickedToDate: string;
  setFilter(name: string, value: string): void;
  typeText(value: string): void;
  pickToDate(value: string): void;
  /** The paginator's answer: a new page size is a filter change (back to page 1), a new page only pages. */
  changePage(page: number, perPage: number): void;
  reset(): void;
}

const sameQuery = (a: ListQuery, b: ListQuery) => Object.keys(a).every((name) => a[name] === b[name]);

/**
 * Runs the listQuery statechart against the address: the machine writes the search parameters it owns
 * (replacing the history entry, other parameters kept), and an address it did not write (back, forward,
 * a link) is fed back to it. Its own writes arriving late, and the addresses they replaced, are not news.
 * The route's loader reads the same address, so the data follows.
 */
export function useListQuery({ defaults, textFilter, toDateFilter, resets }: ListQueryOptions): ListQueryHandle {
  const location = useLocation();
  const navigate = useNavigate();
  const searchRef = useRef(location.search);
  searchRef.current = location.search;
  const writesRef = useRef(addressWrites());

  const actor = useActorRef(
    listQueryMachine.provide({
      actions: {
        writeAddress: (_, { search }) => {
          const base = writesRef.current.base(searchRef.current);
          const next = new URLSearchParams(base);
          for (const name of Object.keys(defaults)) next.delete(name);
          for (const [name, value] of search) next.set(name, value);
          const text = next.toString();
          const written = text ? `?${text}` : '';
          if (written === base) return;
          writesRef.current.wrote(base, written);
          void navigate({ search: written }, { replace: true });
        },
      },
    }),
    { input: { defaults, search: new URLSearchParams(location.search), textFilter, toDateFilter, resets } },
  );

  useEffect(() => {
    if (writesRef.current.shown(location.search) !== 'news') return;
    const search = new URLSearchParams(location.search);
    if (!sameQuery(fromSearchParams(search, defaults), actor.getSnapshot().context.query)) {
      actor.send({ type: 'query.address.changed', search });
    }
  }, [location.search, actor, defaults]);

  const query = useSelector(actor, (snapshot) => snapshot.context.query, sameQuery);
  const typedText = useSelector(actor, (snapshot) => snapshot.context.typedText);
  const pickedToDate = useSelector(actor, (snapshot) => snapshot.context.pickedToDate);

  return {
    actor,
    query,
    typedText,
    pickedToDate,
    setFilter: (name, value) => actor.send({ type: 'query.filter.changed', name, value }),
    typeText: (value) => actor.send({ type: 'query.text.typed', value }),
    pickToDate: (value) => actor.send({ type: 'query.toDate.picked', value }),
    changePage: (page, perPage) => {
      if (String(perPage) !== actor.getSnapshot().context.query.per_page) actor.send({ type: 'query.filter.changed', name: 'per_page', value: String(perPage) });
      else actor.send({ type: 'query.page.changed', page });
    },
    reset: () => actor.send({ type: 'query.reset' }),
  };
}
