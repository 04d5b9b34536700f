import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdentifier, createMemberIdentifier, IDENTIFY_DEBOUNCE_MS } from '../../../src/robot/identify';
import { fakeApi, route } from './fakes';

interface Person {
  id: number;
  name: string;
}

const KNOWN = new Map([1, 2, 3, 4, 5].map((id) => [id, { id, name: `Person ${id}` }]));

function identifierOverFakeLookup() {
  const lookup = vi.fn(async (ids: number[]) => ids.flatMap((id) => (KNOWN.has(id) ? [KNOWN.get(id)!] : [])));
  return { lookup, identifier: createIdentifier<Person>({ lookup, idOf: (person) => person.id }) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('batched identification', () => {
  it('sends every id asked within 500 ms as one lookup, once each', async () => {
    const { lookup, identifier } = identifierOverFakeLookup();
    const first = identifier.identify(1);
    await vi.advanceTimersByTimeAsync(IDENTIFY_DEBOUNCE_MS - 100);
    const second = identifier.identify(2);
    const again = identifier.identify(1);
    expect(lookup).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(lookup).toHaveBeenCalledExactlyOnceWith([1, 2]);
    await expect(Promise.all([first, second, again])).resolves.toEqual([KNOWN.get(1), KNOWN.get(2), KNOWN.get(1)]);
  });

  it('asks only for ids not known yet, and remembers the unknown ones too', async () => {
    const { lookup, identifier } = identifierOverFakeLookup();
    const asked = Promise.all([identifier.identify(1), identifier.identify(99)]);
    await vi.advanceTimersByTimeAsync(IDENTIFY_DEBOUNCE_MS);
    await expect(asked).resolves.toEqual([KNOWN.get(1), null]);

    const later = Promise.all([identifier.identify(1), identifier.identify(99), identifier.identify(3)]);
    await vi.advanceTimersByTimeAsync(IDENTIFY_DEBOUNCE_MS);
    await expect(later).resolves.toEqual([KNOWN.get(1), null, KNOWN.get(3)]);
    expect(lookup.mock.calls).toEqual([[[1, 99]], [[3]]]);
    expect(identifier.cached(3)).toEqual(KNOWN.get(3));
    expect(identifier.cached(4)).toBeUndefined();
  });

  it('answers a known id at once, without waiting for the debounce', async () => {
    const { lookup, identifier } = identifierOverFakeLookup();
    const first = identifier.identify(5);
    await vi.advanceTimersByTimeAsync(IDENTIFY_DEBOUNCE_MS);
    await first;
    await expect(identifier.identify(5)).resolves.toEqual(KNOWN.get(5));
    expect(lookup).toHaveBeenCalledTimes(1);
  });

  it('splits a batch into lookups of at most 100 ids', async () => {
    const { lookup, identifier } = identifierOverFakeLookup();
    const all = Promise.all(Array.from({ length: 250 }, (_, index) => identifier.identify(index + 1)));
    await vi.advanceTimersByTimeAsync(IDENTIFY_DEBOUNCE_MS);
    await all;
    expect(lookup.mock.calls.map(([ids]) => ids.length)).toEqual([100, 100, 50]);
  });

  it('rejects the asks of a failed lookup and asks again next time', async () => {
    const { lookup, identifier } = identifierOverFakeLookup();
    lookup.mockRejectedValueOnce(new Error('The server did not answer.'));
    const failed = identifier.identify(2);
    const outcome = failed.catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(IDENTIFY_DEBOUNCE_MS);
    expect(await outcome).toBe('The server did not answer.');

    const retried = identifier.identify(2);
    await vi.advanceTimersByTimeAsync(IDENTIFY_DEBOUNCE_MS);
    await expect(retried).resolves.toEqual(KNOWN.get(2));
    expect(lookup).toHaveBeenCalledTimes(2);
  });
});

describe('member identification', () => {
  it('looks members of the group up with GET /members/lookup and pipe-delimited ids', async () => {
    const server = fakeApi(
      route('GET', '/members/lookup', () => ({
        body: { members: [{ id: 12, name: 'Grace Hopper', avatar_url: null, fb_user_id: '100012' }] },
      })),
    );
    const members = createMemberIdentifier(server.api, 1);
    const both = Promise.all([members.identify(12), members.identify(13)]);
    await vi.advanceTimersByTimeAsync(IDENTIFY_DEBOUNCE_MS);
    await expect(both).resolves.toEqual([{ id: 12, name: 'Grace Hopper', avatar_url: null, fb_user_id: '100012' }, null]);
    expect(server.calls.map(({ query }) => query.toString())).toEqual(['group_id=1&ids=12%7C13']);
  });
});
