import { fromSearchParams, type ListQuery } from '../../../../machines/listQuery/query';
import { isIsoDate } from '../../../ui/calendarDate';
import type { operations } from '../../../api/schema';

/** The query an operation takes, with the filters every request of the list sends (its page, size and sort) always there. */
export type ListRequest<Op extends keyof operations, Always extends string> = Omit<NonNullable<operations[Op]['parameters']['query']>, Always> &
  Required<Pick<NonNullable<operations[Op]['parameters']['query']>, Always & keyof NonNullable<operations[Op]['parameters']['query']>>>;

export type SortDirection = 'asc' | 'desc';
const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/**
 * A list's filters as the address holds them (listQuery): the defaults rules/ gives, as strings, and
 * the filters that are off unless chosen, as ''.
 */
export function addressDefaults(defaults: Readonly<Record<string, string | number>>, offUnlessChosen: readonly string[]): ListQuery {
  return {
    ...Object.fromEntries(offUnlessChosen.map((name) => [name, ''])),
    ...Object.fromEntries(Object.entries(defaults).map(([name, value]) => [name, String(value)])),
  };
}

/** Reads an address's values, each checked; a value the server would refuse is taken as its default. */
export function addressReader(params: URLSearchParams, defaults: ListQuery) {
  const query = fromSearchParams(params, defaults);
  const positiveInt = (name: string): number | undefined => {
    const value = Number(query[name]);
    return query[name] !== '' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647 ? value : undefined;
  };
  const oneOf = <Value extends string>(name: string, options: readonly Value[]): Value => {
    const value = query[name] as Value;
    return options.includes(value) ? value : (defaults[name] as Value);
  };
  return {
    /** A search text, trimmed; undefined when empty. */
    text: (name: string): string | undefined => query[name].trim().slice(0, 200) || undefined,
    positiveInt,
    page: () => Math.min(positiveInt('page') ?? 1, 100_000),
    perPage: (options: readonly number[]) => {
      const value = positiveInt('per_page');
      return value !== undefined && options.includes(value) ? value : Number(defaults.per_page);
    },
    oneOf,
    direction: (name = 'sort_direction'): SortDirection => oneOf(name, SORT_DIRECTIONS),
    /** 'true' or 'false'; undefined (no filter) otherwise. */
    boolean: (name: string): boolean | undefined => (query[name] === 'true' ? true : query[name] === 'false' ? false : undefined),
    /** A pipe-delimited list of known values, each once, in the order given; undefined when empty. */
    pipeList: <Value extends string>(name: string, options: readonly Value[]): Value[] | undefined => {
      const values = [...new Set(query[name].split('|'))].filter((value): value is Value => (options as readonly string[]).includes(value));
      return values.length > 0 ? values : undefined;
    },
    /** A day, YYYY-MM-DD; undefined when it is no day. */
    date: (name: string): string | undefined => (isIsoDate(query[name]) ? query[name] : undefined),
  };
}

/** A list as the address carries it: pipe-delimited (part 2 §2). */
export function pipeParam(values: readonly string[]): string {
  return values.join('|');
}

/** A yes/no filter's value in the address: '' when off. */
export function booleanParam(value: boolean | undefined): string {
  return value === undefined ? '' : String(value);
}
