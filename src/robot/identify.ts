import type { ApiClient } from '../api/client';
import { failureReason } from '../api/failureReason';
import type { components } from '../api/schema';

/** Batched identification waits this long for more asks before it sends them as one lookup (spec part 1 §7, §9). */
export const IDENTIFY_DEBOUNCE_MS = 500;
/** The lookups take at most this many ids at once (the contract's maxItems). */
export const IDENTIFY_BATCH_LIMIT = 100;

export interface IdentifierOptions<Item> {
  /** Finds the items of these ids; ids it does not know are left out of the answer. */
  lookup(ids: number[]): Promise<Item[]>;
  idOf(item: Item): number;
  debounceMs?: number;
}

export interface Identifier<Item> {
  /** The item of this id, or null when nobody knows it; asked together with every other id asked within the debounce. */
  identify(id: number): Promise<Item | null>;
  /** What is known already, without asking. */
  cached(id: number): Item | null | undefined;
}

/**
 * Identification of members, users or groups by id, batched: asks made within the debounce go
 * out as one lookup, only for ids not already known, and every answer (including "unknown") is
 * kept. A failed lookup is not kept, so the next ask tries again.
 */
export function createIdentifier<Item>({ lookup, idOf, debounceMs = IDENTIFY_DEBOUNCE_MS }: IdentifierOptions<Item>): Identifier<Item> {
  const known = new Map<number, Item | null>();
  const inFlight = new Map<number, Promise<Item | null>>();
  let queued = new Map<number, { resolve(item: Item | null): void; reject(error: unknown): void }>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const lookUpBatch = async (batch: typeof queued) => {
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += IDENTIFY_BATCH_LIMIT) {
      const slice = ids.slice(start, start + IDENTIFY_BATCH_LIMIT);
      try {
        const found = new Map((await lookup(slice)).map((item) => [idOf(item), item]));
        for (const id of slice) {
          known.set(id, found.get(id) ?? null);
          batch.get(id)!.resolve(found.get(id) ?? null);
        }
      } catch (error) {
        for (const id of slice) batch.get(id)!.reject(error);
      } finally {
        for (const id of slice) inFlight.delete(id);
      }
    }
  };

  const flush = () => {
    const batch = queued;
    queued = new Map();
    timer = undefined;
    void lookUpBatch(batch);
  };

  return {
    identify(id) {
      if (known.has(id)) return Promise.resolve(known.get(id)!);
      const asked = inFlight.get(id);
      if (asked) return asked;
      const answer = new Promise<Item | null>((resolve, reject) => queued.set(id, { resolve, reject }));
      inFlight.set(id, answer);
      timer ??= setTimeout(flush, debounceMs);
      return answer;
    },
    cached: (id) => known.get(id),
  };
}

type MemberSummary = components['schemas']['MemberSummary'];
type AutocompleteMatch = components['schemas']['AutocompleteMatch'];

function found<Data>({ data, error, response }: { data?: Data; error?: unknown; response: Response }, what: string): Data {
  if (data === undefined) throw new Error(`${what} could not be identified. ${failureReason(error, response)}`);
  return data;
}

/** Members of one group by member id (GET /members/lookup); the summary carries each one's fb_user_id. */
export function createMemberIdentifier(api: ApiClient, groupId: number, debounceMs?: number): Identifier<MemberSummary> {
  return createIdentifier({
    lookup: async (ids) => found(await api.GET('/members/lookup', { params: { query: { group_id: groupId, ids } } }), 'Members').members,
    idOf: (member) => member.id,
    debounceMs,
  });
}

/** Groups by id (GET /autocomplete/groups?ids=…). */
export function createGroupIdentifier(api: ApiClient, debounceMs?: number): Identifier<AutocompleteMatch> {
  return createIdentifier({
    lookup: async (ids) => found(await api.GET('/autocomplete/groups', { params: { query: { ids } } }), 'Groups').matches,
    idOf: (group) => group.id,
    debounceMs,
  });
}

/** Users by id (GET /autocomplete/users?ids=…, supervisors only). */
export function createUserIdentifier(api: ApiClient, debounceMs?: number): Identifier<AutocompleteMatch> {
  return createIdentifier({
    lookup: async (ids) => found(await api.GET('/autocomplete/users', { params: { query: { ids } } }), 'Users').matches,
    idOf: (user) => user.id,
    debounceMs,
  });
}
