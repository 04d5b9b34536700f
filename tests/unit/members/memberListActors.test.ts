import { describe, expect, it } from 'vitest';
import { createActor, setup, toPromise, type ActorRef, type Snapshot } from 'xstate';
import { createApiClient } from '../../../src/api/client';
import {
  exportMembers,
  fetchMembers,
  listenToListQuery,
  moveMembers,
  previewRemoval,
  removalRequest,
  undoMove,
  type MembersQuery,
} from '../../../machines/memberList/actors';
import type { ListQueryEmitted } from '../../../machines/listQuery/machine';
import { groupOnPlan, PREVIEW_OF_TWO, THREE_MEMBERS, TWO_REMOVALS_LEFT } from '../../../src/features/members/fixtures';
import { BASE_URL, createFakeServer } from '../app/support/fakeServer';

/** The Sourdough Bakers group (id 7), on a paid plan. */
const GROUP = groupOnPlan(true);

const QUERY: MembersQuery = { list: 'inactive', page: 3, per_page: 50, search: '', sort_by: 'posts_count', sort_direction: 'desc' };

const CSV = 'id,fb_user_id,fb_username,name\n1,9001,,Ada Baker\n';

/**
 * A contract-checked fake server that answers every call with `answer` (a Response, or a thrown error
 * for a network failure), and the api client the app would build on it. `calls` holds each request's
 * method, full address (path and query, decoded) and JSON body.
 */
function serverAnswering(answer: () => Response) {
  const server = createFakeServer([]);
  const urls: string[] = [];
  server.override((request) => {
    const url = new URL(request.url);
    urls.push(decodeURIComponent(`${url.pathname}${url.search}`));
    return answer();
  });
  const api = createApiClient({ baseUrl: BASE_URL, fetch: server.fetch });
  const calls = () => server.requests.map((request, index) => ({ method: request.method, url: urls[index], body: request.body }));
  return { api, calls, server };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function failure(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

const networkDown = (): Response => {
  throw new TypeError('fetch failed');
};

describe('fetchMembers', () => {
  it('asks for the page of the list with its sort, leaving an empty search out, and answers the list', async () => {
    const { api, calls } = serverAnswering(() => json(THREE_MEMBERS));
    const answer = await toPromise(createActor(fetchMembers, { input: { api, group: GROUP, query: QUERY } }).start());
    expect(answer).toEqual({ kind: 'loaded', list: THREE_MEMBERS });
    expect(calls()).toEqual([
      { method: 'GET', url: '/api/v1/groups/7/members?list=inactive&page=3&per_page=50&sort_by=posts_count&sort_direction=desc', body: undefined },
    ]);
  });

  it('sends the search when there is one', async () => {
    const { api, calls } = serverAnswering(() => json(THREE_MEMBERS));
    const query: MembersQuery = { ...QUERY, list: 'active', page: 1, per_page: 25, search: 'ada' };
    await toPromise(createActor(fetchMembers, { input: { api, group: GROUP, query } }).start());
    expect(calls().map((call) => call.url)).toEqual([
      '/api/v1/groups/7/members?list=active&page=1&per_page=25&search=ada&sort_by=posts_count&sort_direction=desc',
    ]);
  });

  it("fails with the server's message when the server refuses", async () => {
    const { api } = serverAnswering(() => failure(404, 'not_found', 'Group not found!'));
    const answer = await toPromise(createActor(fetchMembers, { input: { api, group: GROUP, query: QUERY } }).start());
    expect(answer).toEqual({ kind: 'failed', message: 'Group not found!' });
  });

  it('fails saying the server did not answer when the network is down', async () => {
    const { api } = serverAnswering(networkDown);
    const answer = await toPromise(createActor(fetchMembers, { input: { api, group: GROUP, query: QUERY } }).start());
    expect(answer).toEqual({ kind: 'failed', message: 'The server did not answer.' });
  });
});

describe('exportMembers', () => {
  const csvAnswer = (headers: Record<string, string> = {}) => () =>
    new Response(CSV, { status: 200, headers: { 'Content-Type': 'text/csv', ...headers } });

  it("asks for the list's members with the search and sort, without paging, and answers the CSV under the server's name", async () => {
    const { api, calls } = serverAnswering(csvAnswer({ 'Content-Disposition': 'attachment; filename="members-100200300-inactive.csv"' }));
    const query: MembersQuery = { ...QUERY, search: 'ada' };
    const csv = await toPromise(createActor(exportMembers, { input: { api, group: GROUP, query } }).start());
    expect(calls()).toEqual([
      { method: 'GET', url: '/api/v1/groups/7/members/export?list=inactive&search=ada&sort_by=posts_count&sort_direction=desc', body: undefined },
    ]);
    expect(csv.fileName).toBe('members-100200300-inactive.csv');
    expect(csv.blob).toBeInstanceOf(Blob);
    expect(await csv.blob.text()).toBe(CSV);
  });

  it('leaves an empty search out', async () => {
    const { api, calls } = serverAnswering(csvAnswer());
    await toPromise(createActor(exportMembers, { input: { api, group: GROUP, query: { ...QUERY, list: 'removed' } } }).start());
    expect(calls().map((call) => call.url)).toEqual(['/api/v1/groups/7/members/export?list=removed&sort_by=posts_count&sort_direction=desc']);
  });

  it('names the file after the list when the server gives no name', async () => {
    const { api } = serverAnswering(csvAnswer());
    const csv = await toPromise(createActor(exportMembers, { input: { api, group: GROUP, query: QUERY } }).start());
    expect(csv.fileName).toBe('members-inactive.csv');
    expect(await csv.blob.text()).toBe(CSV);
  });

  it("fails with the server's message when the server refuses", async () => {
    const { api } = serverAnswering(() => failure(429, 'too_many_requests', 'Too many exports, try again in a minute.'));
    const run = toPromise(createActor(exportMembers, { input: { api, group: GROUP, query: QUERY } }).start());
    await expect(run).rejects.toThrow(new Error('The members could not be exported. Too many exports, try again in a minute.'));
  });

  it('fails saying the server did not answer when the network is down', async () => {
    const { api } = serverAnswering(networkDown);
    const run = toPromise(createActor(exportMembers, { input: { api, group: GROUP, query: QUERY } }).start());
    await expect(run).rejects.toThrow(new Error('The members could not be exported. The server did not answer.'));
  });
});

describe('moveMembers', () => {
  const MOVE_ID = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';
  const moved = () => json({ count: 2, move_id: MOVE_ID, removal_limits: TWO_REMOVALS_LEFT });

  it('adds to the whitelist with one POST to the whitelisted list', async () => {
    const { api, calls } = serverAnswering(moved);
    const answer = await toPromise(createActor(moveMembers, { input: { api, group: GROUP, move: 'whitelist', ids: [4, 5] } }).start());
    expect(answer).toEqual({ kind: 'moved', count: 2, moveId: MOVE_ID });
    expect(calls()).toEqual([{ method: 'POST', url: '/api/v1/groups/7/members/whitelisted', body: { is_whitelisted: true, ids: [4, 5] } }]);
  });

  it('removes from the whitelist with one POST to the whitelisted list', async () => {
    const { api, calls } = serverAnswering(moved);
    const answer = await toPromise(createActor(moveMembers, { input: { api, group: GROUP, move: 'unwhitelist', ids: [6] } }).start());
    expect(answer).toEqual({ kind: 'moved', count: 2, moveId: MOVE_ID });
    expect(calls()).toEqual([{ method: 'POST', url: '/api/v1/groups/7/members/whitelisted', body: { is_whitelisted: false, ids: [6] } }]);
  });

  it('moves to removed with one POST to the removed list', async () => {
    const { api, calls } = serverAnswering(moved);
    const answer = await toPromise(createActor(moveMembers, { input: { api, group: GROUP, move: 'remove', ids: [1, 2] } }).start());
    expect(answer).toEqual({ kind: 'moved', count: 2, moveId: MOVE_ID });
    expect(calls()).toEqual([{ method: 'POST', url: '/api/v1/groups/7/members/removed', body: { is_removed: true, ids: [1, 2] } }]);
  });

  it('moves back to inactive with one POST to the removed list', async () => {
    const { api, calls } = serverAnswering(moved);
    const answer = await toPromise(createActor(moveMembers, { input: { api, group: GROUP, move: 'restore', ids: [3] } }).start());
    expect(answer).toEqual({ kind: 'moved', count: 2, moveId: MOVE_ID });
    expect(calls()).toEqual([{ method: 'POST', url: '/api/v1/groups/7/members/removed', body: { is_removed: false, ids: [3] } }]);
  });

  it("fails with the server's message when the server refuses the move", async () => {
    const { api } = serverAnswering(() => failure(409, 'conflict', 'Not available on Free plan'));
    const answer = await toPromise(createActor(moveMembers, { input: { api, group: GROUP, move: 'remove', ids: [1] } }).start());
    expect(answer).toEqual({ kind: 'failed', message: 'Not available on Free plan' });
  });

  it('fails saying the server did not answer when the network is down', async () => {
    const { api } = serverAnswering(networkDown);
    const answer = await toPromise(createActor(moveMembers, { input: { api, group: GROUP, move: 'whitelist', ids: [1] } }).start());
    expect(answer).toEqual({ kind: 'failed', message: 'The server did not answer.' });
  });
});

describe('undoMove', () => {
  const MOVE_ID = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';

  it('asks the server to undo the move by its id, and answers how many went back', async () => {
    const { api, calls } = serverAnswering(() => json({ count: 2, skipped: 1, removal_limits: TWO_REMOVALS_LEFT }));
    const answer = await toPromise(createActor(undoMove, { input: { api, group: GROUP, moveId: MOVE_ID } }).start());
    expect(answer).toEqual({ kind: 'undone', count: 2, skipped: 1 });
    expect(calls()).toEqual([{ method: 'POST', url: `/api/v1/groups/7/members/moves/${MOVE_ID}/undo`, body: undefined }]);
  });

  it("fails with the server's message when the window has closed", async () => {
    const { api } = serverAnswering(() => failure(409, 'conflict', 'The move can no longer be undone'));
    const answer = await toPromise(createActor(undoMove, { input: { api, group: GROUP, moveId: MOVE_ID } }).start());
    expect(answer).toEqual({ kind: 'failed', message: 'The move can no longer be undone' });
  });
});

describe('previewRemoval', () => {
  it('asks the server who of the selection would go, and answers its preview', async () => {
    const { api, calls } = serverAnswering(() => json(PREVIEW_OF_TWO));
    const answer = await toPromise(createActor(previewRemoval, { input: { api, group: GROUP, ids: [1, 2, 3] } }).start());
    expect(answer).toEqual({ kind: 'previewed', preview: PREVIEW_OF_TWO });
    expect(calls()).toEqual([{ method: 'POST', url: '/api/v1/groups/7/members/removal_preview', body: { ids: [1, 2, 3] } }]);
  });

  it("fails with the server's message when the server refuses", async () => {
    const { api } = serverAnswering(() => failure(409, 'conflict', 'Account is locked'));
    const answer = await toPromise(createActor(previewRemoval, { input: { api, group: GROUP, ids: [1] } }).start());
    expect(answer).toEqual({ kind: 'failed', message: 'Account is locked' });
  });

  it('fails saying the server did not answer when the network is down', async () => {
    const { api } = serverAnswering(networkDown);
    const answer = await toPromise(createActor(previewRemoval, { input: { api, group: GROUP, ids: [1] } }).start());
    expect(answer).toEqual({ kind: 'failed', message: 'The server did not answer.' });
  });
});

describe('removalRequest', () => {
  it("names the group and the previewed members for the robot's remove_group_members", () => {
    expect(removalRequest(GROUP, PREVIEW_OF_TWO)).toEqual({
      id: 7,
      name: 'Sourdough Bakers',
      fb_group_id: '100200300',
      fb_slug: 'sourdough',
      members: [
        { id: 1, fb_user_id: '9001', name: 'Ada Baker' },
        { id: 2, fb_user_id: '9002', name: 'Ben Crumb' },
      ],
    });
  });

  it('gives an empty social network id to a member the server knows none of', () => {
    const preview = { ...PREVIEW_OF_TWO, members: [{ id: 3, name: 'Cleo Dough', avatar_url: null, fb_user_id: null }] };
    expect(removalRequest(GROUP, preview).members).toEqual([{ id: 3, fb_user_id: '', name: 'Cleo Dough' }]);
  });

  it('names nobody before there is a preview', () => {
    expect(removalRequest(GROUP, null)).toEqual({ id: 7, name: 'Sourdough Bakers', fb_group_id: '100200300', fb_slug: 'sourdough', members: [] });
  });
});

describe('listenToListQuery', () => {
  /** A list query that tells its followers of a change when `change` is called, and knows who still follows it. */
  function listQueryRef() {
    const followers = new Set<(event: ListQueryEmitted) => void>();
    const ref = {
      on: (type: string, handler: (event: ListQueryEmitted) => void) => {
        if (type === 'query.changed') followers.add(handler);
        return { unsubscribe: () => void followers.delete(handler) };
      },
    } as unknown as ActorRef<Snapshot<unknown>, never, ListQueryEmitted>;
    const change = (query: ListQueryEmitted['query']) => followers.forEach((follow) => follow({ type: 'query.changed', query }));
    return { ref, change, followers };
  }

  /** A list that follows the query while it is open, and remembers every query it heard. */
  function listFollowing(ref: ActorRef<Snapshot<unknown>, never, ListQueryEmitted>) {
    const machine = setup({
      types: { context: {} as { heard: ListQueryEmitted['query'][] }, events: {} as ListQueryEmitted | { type: 'close' } },
      actors: { listenToListQuery },
    }).createMachine({
      context: { heard: [] },
      initial: 'open',
      states: {
        open: {
          invoke: { src: 'listenToListQuery', input: { listQueryRef: ref } },
          on: {
            'query.changed': { actions: ({ context, event }) => void context.heard.push(event.query) },
            close: 'closed',
          },
        },
        closed: {},
      },
    });
    return createActor(machine).start();
  }

  it('tells the list each change of the query while it listens', () => {
    const query = listQueryRef();
    const list = listFollowing(query.ref);
    query.change({ search: 'ada', page: '2' });
    expect(list.getSnapshot().context.heard).toEqual([{ search: 'ada', page: '2' }]);
  });

  it('stops following the query once the list stops listening', () => {
    const query = listQueryRef();
    const list = listFollowing(query.ref);
    expect(query.followers.size).toBe(1);
    list.send({ type: 'close' });
    expect(query.followers.size).toBe(0);
    query.change({ search: 'ben' });
    expect(list.getSnapshot().context.heard).toEqual([]);
  });
});
