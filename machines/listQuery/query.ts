/** A list's filters as the address holds them: every value a string, defaults left out. */
export type ListQuery = Record<string, string>;

/** The address's search string for a query: filters equal to their default are omitted, so a fresh list has a clean URL. */
export function toSearchParams(query: ListQuery, defaults: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== '' && value !== defaults[name]) params.set(name, value);
  }
  return params;
}

/** The query an address describes: its known filters over the defaults; unknown parameters are ignored. */
export function fromSearchParams(params: URLSearchParams, defaults: ListQuery): ListQuery {
  const query: ListQuery = { ...defaults };
  for (const name of Object.keys(defaults)) {
    const value = params.get(name);
    if (value !== null) query[name] = value;
  }
  return query;
}

/** The filters that go back to their default when another one changes (the users list: a new member filter resets the role). */
export type ListQueryResets = Readonly<Record<string, readonly string[]>>;

/**
 * Any filter change sends the list back to its first page, and the filters `resets` names for it
 * back to their defaults; the page itself is only changed by paging.
 */
export function withFilter(query: ListQuery, name: string, value: string, resets: ListQueryResets = {}, defaults: ListQuery = {}): ListQuery {
  const next: ListQuery = { ...query, [name]: value, page: '1' };
  for (const dependent of resets[name] ?? []) next[dependent] = defaults[dependent] ?? '';
  return next;
}
