import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createApiClient } from '../../../src/api/client';
import { fetchMembers, type GroupMembersList, type MembersQuery } from '../../../machines/memberList/actors';
import { groupOnPlan, THREE_MEMBERS } from '../../../src/features/members/fixtures';
import { BASE_URL, createFakeServer } from '../app/support/fakeServer';

const GROUP = groupOnPlan(true);
const PAGE_3: MembersQuery = { list: 'inactive', page: 3, per_page: 50, search: 'ada', sort_by: 'posts_count', sort_direction: 'desc' };
const WITH_CURSORS: GroupMembersList = { ...THREE_MEMBERS, next_cursor: 'to-page-4', previous_cursor: 'to-page-2' };

/** A fake server answering every page with cursors, the api client on it, and the cursor (if any) each request sent. */
function serverWithCursors() {
  const server = createFakeServer([]);
  const cursors: Array<string | null> = [];
  server.override((request) => {
    cursors.push(new URL(request.url).searchParams.get('cursor'));
    return new Response(JSON.stringify(WITH_CURSORS), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return { api: createApiClient({ baseUrl: BASE_URL, fetch: server.fetch }), cursors };
}

describe("fetchMembers' cursors", () => {
  it("asks for the page next to the one shown by that page's cursor, and for any other page by its number", async () => {
    const { api, cursors } = serverWithCursors();
    const load = async (query: MembersQuery, previous: GroupMembersList | null) => {
      const answer = await toPromise(createActor(fetchMembers, { input: { api, group: GROUP, query, previous } }).start());
      if (answer.kind !== 'loaded') throw new Error(answer.message);
      return answer.list;
    };
    const shown = await load(PAGE_3, null);
    await load({ ...PAGE_3, page: 4 }, shown);
    await load({ ...PAGE_3, page: 2 }, shown);
    await load({ ...PAGE_3, page: 5 }, shown);
    await load({ ...PAGE_3, page: 3 }, shown);
    await load({ ...PAGE_3, page: 4, sort_direction: 'asc' }, shown);
    await load({ ...PAGE_3, page: 4, search: 'ad' }, shown);
    await load({ ...PAGE_3, page: 4, per_page: 25 }, shown);
    await load({ ...PAGE_3, page: 4, paying: true }, shown);
    // A page this loader did not ask for itself: nothing says which query it answered.
    await load({ ...PAGE_3, page: 4 }, { ...WITH_CURSORS });
    expect(cursors).toEqual([null, 'to-page-4', 'to-page-2', null, null, null, null, null, null, null]);
  });

  it('asks by number when the page shown has no cursor that way (its last page)', async () => {
    const { api, cursors } = serverWithCursors();
    const first = await toPromise(createActor(fetchMembers, { input: { api, group: GROUP, query: PAGE_3, previous: null } }).start());
    if (first.kind !== 'loaded') throw new Error(first.message);
    first.list.next_cursor = null;
    await toPromise(createActor(fetchMembers, { input: { api, group: GROUP, query: { ...PAGE_3, page: 4 }, previous: first.list } }).start());
    expect(cursors).toEqual([null, null]);
  });
});
