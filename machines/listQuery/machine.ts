import { assign, emit, setup } from 'xstate';
import { fromSearchParams, toSearchParams, withFilter, type ListQuery, type ListQueryResets } from './query';

export const TEXT_DEBOUNCE_MS = 1_000;
export const TO_DATE_DEBOUNCE_MS = 200;

export interface ListQueryInput {
  /** Every filter the list knows with its default; `page` must be one of them. */
  defaults: ListQuery;
  /** The address's search parameters when the list opens. */
  search: URLSearchParams;
  /** The filter typed into the search box; its changes wait for typing to pause. */
  textFilter?: string;
  /** The 'to' date filter; its changes wait briefly so a date picker's steps settle. */
  toDateFilter?: string;
  /** Filters put back to their default when the filter they are listed under changes. */
  resets?: ListQueryResets;
}

export interface ListQueryContext {
  defaults: ListQuery;
  query: ListQuery;
  textFilter: string;
  toDateFilter: string;
  resets: ListQueryResets;
  /** What the search box shows before the debounce lets it into the query. */
  typedText: string;
  pickedToDate: string;
}

export type ListQueryEvent =
  | { type: 'query.filter.changed'; name: string; value: string }
  | { type: 'query.page.changed'; page: number }
  | { type: 'query.text.typed'; value: string }
  | { type: 'query.toDate.picked'; value: string }
  | { type: 'query.reset' }
  | { type: 'query.address.changed'; search: URLSearchParams };

/** Told to whoever follows the list's filters (the list that loads its rows) each time the query changes. */
export type ListQueryEmitted = { type: 'query.changed'; query: ListQuery };

export const listQueryMachine = setup({
  types: {
    context: {} as ListQueryContext,
    events: {} as ListQueryEvent,
    input: {} as ListQueryInput,
    emitted: {} as ListQueryEmitted,
  },
  delays: {
    textDebounce: TEXT_DEBOUNCE_MS,
    toDateDebounce: TO_DATE_DEBOUNCE_MS,
  },
  actions: {
    announceQuery: emit(({ context }) => ({ type: 'query.changed' as const, query: context.query })),
    /** Supplied where the machine runs: navigate(`?${params}`, { replace: true }). */
    writeAddress: (_, _params: { search: URLSearchParams }) => {},
    applyFilter: assign(({ context }, params: { name: string; value: string }) => ({
      query: withFilter(context.query, params.name, params.value, context.resets, context.defaults),
    })),
    applyPage: assign(({ context }, params: { page: number }) => ({ query: { ...context.query, page: String(params.page) } })),
    applyTypedText: assign(({ context }) => ({ query: withFilter(context.query, context.textFilter, context.typedText, context.resets, context.defaults) })),
    applyPickedToDate: assign(({ context }) => ({ query: withFilter(context.query, context.toDateFilter, context.pickedToDate, context.resets, context.defaults) })),
    rememberTypedText: assign((_, params: { value: string }) => ({ typedText: params.value })),
    rememberPickedToDate: assign((_, params: { value: string }) => ({ pickedToDate: params.value })),
    resetQuery: assign(({ context }) => ({
      query: { ...context.defaults },
      typedText: context.defaults[context.textFilter] ?? '',
      pickedToDate: context.defaults[context.toDateFilter] ?? '',
    })),
    readAddress: assign(({ context }, params: { search: URLSearchParams }) => {
      const query = fromSearchParams(params.search, context.defaults);
      return { query, typedText: query[context.textFilter] ?? '', pickedToDate: query[context.toDateFilter] ?? '' };
    }),
  },
}).createMachine({
  id: 'listQuery',
  context: ({ input }) => {
    const query = fromSearchParams(input.search, input.defaults);
    const textFilter = input.textFilter ?? 'search';
    const toDateFilter = input.toDateFilter ?? 'to';
    return {
      defaults: input.defaults,
      query,
      textFilter,
      toDateFilter,
      resets: input.resets ?? {},
      typedText: query[textFilter] ?? '',
      pickedToDate: query[toDateFilter] ?? '',
    };
  },
  type: 'parallel',
  on: {
    'query.filter.changed': {
      actions: [
        { type: 'applyFilter', params: ({ event }) => event },
        { type: 'writeAddress', params: ({ context }) => ({ search: toSearchParams(context.query, context.defaults) }) },
        'announceQuery',
      ],
    },
    'query.page.changed': {
      actions: [
        { type: 'applyPage', params: ({ event }) => event },
        { type: 'writeAddress', params: ({ context }) => ({ search: toSearchParams(context.query, context.defaults) }) },
        'announceQuery',
      ],
    },
    'query.reset': {
      target: ['.text.settled', '.toDate.settled'],
      actions: ['resetQuery', { type: 'writeAddress', params: ({ context }) => ({ search: toSearchParams(context.query, context.defaults) }) },
        'announceQuery'],
    },
    'query.address.changed': {
      target: ['.text.settled', '.toDate.settled'],
      actions: [{ type: 'readAddress', params: ({ event }) => event }, 'announceQuery'],
    },
  },
  states: {
    text: {
      initial: 'settled',
      on: {
        'query.text.typed': { target: '.awaitingTypingPause', reenter: true, actions: { type: 'rememberTypedText', params: ({ event }) => event } },
      },
      states: {
        settled: {},
        awaitingTypingPause: {
          after: {
            textDebounce: {
              target: 'settled',
              actions: ['applyTypedText', { type: 'writeAddress', params: ({ context }) => ({ search: toSearchParams(context.query, context.defaults) }) },
        'announceQuery'],
            },
          },
        },
      },
    },
    toDate: {
      initial: 'settled',
      on: {
        'query.toDate.picked': { target: '.awaitingPickerPause', reenter: true, actions: { type: 'rememberPickedToDate', params: ({ event }) => event } },
      },
      states: {
        settled: {},
        awaitingPickerPause: {
          after: {
            toDateDebounce: {
              target: 'settled',
              actions: ['applyPickedToDate', { type: 'writeAddress', params: ({ context }) => ({ search: toSearchParams(context.query, context.defaults) }) },
        'announceQuery'],
            },
          },
        },
      },
    },
  },
});
