import type { ApiClient } from '../../../api/client';
import { failureReason } from '../../../api/failureReason';
import type { components } from '../../../api/schema';

export type MemberSummary = components['schemas']['MemberSummary'];

/** Part 2 §7: the ids asked for within this quiet time go out in one request. */
export const LOOKUP_DEBOUNCE_MS = 500;
/** The most ids GET /members/lookup takes at once (the contract's maxItems); a full batch goes at once. */
export const LOOKUP_MAX_IDS = 100;

/** One request for a group's members by id; unknown ids are left out of the answer. */
export type FetchMembers = (groupId: number, ids: number[]) => Promise<MemberSummary[]>;

export interface MemberLookup {
  /** The member once its batch has answered; null when the group has no such member or the request failed. */
  find(groupId: number, memberId: number): Promise<MemberSummary | null>;
  /** What an earlier answer said about the member, without asking: undefined when nothing is known yet. */
  known(groupId: number, memberId: number): MemberSummary | null | undefined;
}

interface Batch {
  waiting: Map<number, (member: MemberSummary | null) => void>;
  timer: ReturnType<typeof setTimeout> | undefined;
}

const keyOf = (groupId: number, memberId: number) => `${groupId}:${memberId}`;

/**
 * Identifies members by id (part 2 §7): the ids asked for in one group are gathered until no new one
 * has come for 500 ms, then asked for in one request, and every answer is kept, so each member is
 * asked for once. A failed request is not kept: the next ask tries again.
 */
export function createMemberLookup(fetchMembers: FetchMembers): MemberLookup {
  const asked = new Map<string, Promise<MemberSummary | null>>();
  const answered = new Map<string, MemberSummary | null>();
  const batches = new Map<number, Batch>();

  async function send(groupId: number, batch: Batch) {
    batches.delete(groupId);
    clearTimeout(batch.timer);
    const ids = [...batch.waiting.keys()];
    let found: MemberSummary[] | null;
    try {
      found = await fetchMembers(groupId, ids);
    } catch {
      found = null;
    }
    for (const [memberId, resolve] of batch.waiting) {
      const member = found?.find((candidate) => candidate.id === memberId) ?? null;
      if (found) answered.set(keyOf(groupId, memberId), member);
      else asked.delete(keyOf(groupId, memberId));
      resolve(member);
    }
  }

  function find(groupId: number, memberId: number): Promise<MemberSummary | null> {
    const key = keyOf(groupId, memberId);
    const earlier = asked.get(key);
    if (earlier) return earlier;
    const batch = batches.get(groupId) ?? { waiting: new Map(), timer: undefined };
    batches.set(groupId, batch);
    const answer = new Promise<MemberSummary | null>((resolve) => void batch.waiting.set(memberId, resolve));
    asked.set(key, answer);
    clearTimeout(batch.timer);
    if (batch.waiting.size >= LOOKUP_MAX_IDS) void send(groupId, batch);
    else batch.timer = setTimeout(() => void send(groupId, batch), LOOKUP_DEBOUNCE_MS);
    return answer;
  }

  return { find, known: (groupId, memberId) => answered.get(keyOf(groupId, memberId)) };
}

/** GET /members/lookup?group_id=…&ids=a|b|c. */
export function lookupMembersThrough(api: ApiClient): FetchMembers {
  return async (groupId, ids) => {
    const { data, error, response } = await api.GET('/members/lookup', { params: { query: { group_id: groupId, ids } } });
    if (!data) throw new Error(failureReason(error, response));
    return data.members;
  };
}
