import type { components } from '../../../src/api/schema';
import { route, statusRoute, type FakeRoute } from './fakes';

type Schemas = components['schemas'];

export const GROUP = { id: 1, name: 'Backyard Beekeepers Circle', fb_group_id: '1402385749123001', fb_slug: 'backyard-beekeepers' };

export function networkMember(index: number): Schemas['NetworkMember'] {
  return { fb_user_id: String(100000 + index), name: `Member ${index}`, role: 'subscriber' };
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const NOW = new Date('2024-06-01T12:00:00.000Z');

/** Post `index` (0 newest), one a day back from NOW. */
export function networkPost(index: number): Schemas['NetworkPost'] {
  return {
    fb_post_id: String(900000 + index),
    posted_at: new Date(NOW.getTime() - (index + 0.5) * DAY_MS).toISOString(),
    author: { fb_user_id: '100001', name: 'Member 1' },
    reactions: [],
    comments: [],
  };
}

function job(id: number, name: string) {
  return { id, group_id: GROUP.id, name, status: 'running', args: { id: GROUP.id }, progress: 0, total: null, error: null, created_at: NOW.toISOString(), finished_at: null };
}

const permissions = { group_id: GROUP.id, fb_group_id: GROUP.fb_group_id, role: 'admin', admins: [], is_acquired: false };

/**
 * The sandbox network and the robot-ingestion calls over `memberCount` members and `postCount`
 * posts, cursor paged as the server pages them; `connection.connected` is the lab's switch.
 */
export function sandboxWorld({ memberCount = 1200, postCount = 40 } = {}) {
  const connection = { connected: true };
  const routes: FakeRoute[] = [
    (call) => statusRoute(connection)(call),
    route('GET', '/sandbox/network/groups', () => ({
      body: { groups: [{ fb_group_id: GROUP.fb_group_id, name: GROUP.name, role: 'admin', members_count: memberCount }] },
    })),
    route('POST', '/robot/user_groups', () => ({
      body: { groups: [{ ...GROUP, avatar_url: null, role: 'admin', is_acquired: false }] },
    })),
    route('GET', `/sandbox/network/groups/${GROUP.fb_group_id}/admins`, () => ({ body: { admins: [{ fb_user_id: '100200300400', name: 'Ada Admin' }] } })),
    route('POST', `/robot/groups/${GROUP.id}/owners`, () => ({ body: { permissions } })),
    route('GET', `/sandbox/network/groups/${GROUP.fb_group_id}/members`, ({ query }) => {
      const start = Number(query.get('cursor') ?? 0);
      const end = Math.min(memberCount, start + Number(query.get('limit')));
      return {
        body: {
          members: Array.from({ length: end - start }, (_, offset) => networkMember(start + offset)),
          next_cursor: end < memberCount ? String(end) : null,
          total: memberCount,
        },
      };
    }),
    route('GET', `/sandbox/network/groups/${GROUP.fb_group_id}/posts`, ({ query }) => {
      const start = Number(query.get('cursor') ?? 0);
      const end = Math.min(postCount, start + Number(query.get('limit')));
      return {
        body: {
          posts: Array.from({ length: end - start }, (_, offset) => networkPost(start + offset)),
          next_cursor: end < postCount ? String(end) : null,
        },
      };
    }),
    route('POST', `/sandbox/network/groups/${GROUP.fb_group_id}/removals`, ({ body }) => {
      const ids = (body as { fb_user_ids: string[] }).fb_user_ids;
      return { body: { removed: ids.filter((id) => id !== '100007'), not_found: ids.filter((id) => id === '100007') } };
    }),
    route('POST', `/robot/groups/${GROUP.id}/jobs`, ({ body }) => ({ status: 201, body: { job: job(77, (body as { name: string }).name) } })),
    route('POST', /^\/robot\/jobs\/77\/(members|posts|removals)$/, ({ body }) => ({
      body: { batch_no: (body as { batch_no: number }).batch_no, accepted: 1, duplicate: false },
    })),
    route('POST', /^\/robot\/jobs\/77\/(progress|finish)$/, () => ({ body: { job: job(77, 'fetch_group_members') } })),
  ];
  return { connection, routes };
}
