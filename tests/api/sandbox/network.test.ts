import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSandboxWorld } from '../../../server/sandbox/live-world';
import { listGroupMembers, listNetworkGroups } from '../../../server/sandbox/network';
import { httpOnlyDatabase } from '../../support/database';
import { apiAs, type ApiCall } from '../support/robot-client';
import { bearer, signInAs } from '../support/sandbox-session';
import { createSeededServer } from '../support/seeded-server';
import { createTestServer, type TestServer } from '../support/test-server';

const MEMBERS = '/sandbox/network/groups/{fb_group_id}/members';
const POSTS = '/sandbox/network/groups/{fb_group_id}/posts';
const ADMINS = '/sandbox/network/groups/{fb_group_id}/admins';
const REMOVALS = '/sandbox/network/groups/{fb_group_id}/removals';

describe.each(httpOnlyDatabase())('the sandbox social network on %s', (kind) => {
  let server: TestServer;
  let ada: ApiCall;
  let nora: ApiCall;
  let groupsByName: Map<string, { fb_group_id: string; role: string; members_count: number }>;

  beforeAll(async () => {
    server = await createSeededServer(kind);
    ada = apiAs(server.app, (await signInAs(server.app, 'ada')).token);
    nora = apiAs(server.app, (await signInAs(server.app, 'nora')).token);
    const listed = await ada('GET', '/sandbox/network/groups');
    groupsByName = new Map(listed.body.groups.map((group: { name: string }) => [group.name, group]));
  });
  afterAll(async () => server?.close());

  const fbIdOf = (name: string) => groupsByName.get(name)!.fb_group_id;
  const url = (path: string, fbGroupId: string) => path.replace('{fb_group_id}', fbGroupId);

  async function allMembers(call: ApiCall, fbGroupId: string, limit: number) {
    const members: Array<{ fb_user_id: string; role: string; avatar_url?: string }> = [];
    let cursor: string | null = null;
    let total = 0;
    do {
      const page = await call('GET', MEMBERS, { url: url(MEMBERS, fbGroupId), query: { limit: String(limit), ...(cursor ? { cursor } : {}) } });
      expect(page.status).toBe(200);
      members.push(...page.body.members);
      ({ next_cursor: cursor, total } = page.body);
    } while (cursor);
    return { members, total };
  }

  it("lists the signed-in person's groups with their role and how many members each has, minus removals", async () => {
    expect([...groupsByName.entries()].map(([name, group]) => [name, group.role])).toEqual([
      ['Backyard Beekeepers Circle', 'admin'],
      ['Vintage Film Camera Swap', 'admin'],
      ['Trail Runners Worldwide', 'admin'],
      ['Sourdough Bakers Support', 'admin'],
      ['Urban Sketchers Meetup', 'admin'],
      ['Houseplant Rescue Swap', 'admin'],
      ['Amateur Astronomers Network', 'subscriber'],
    ]);
    const world = liveSandboxWorld(server.config, () => new Date())();
    const beekeepers = listNetworkGroups(world).find((group) => group.name === 'Backyard Beekeepers Circle')!;
    // The seed removed three of the free group's members; they are gone from the network too.
    expect(groupsByName.get('Backyard Beekeepers Circle')!.members_count).toBe(beekeepers.size - 3);
    const { groups } = (await nora('GET', '/sandbox/network/groups')).body;
    expect(groups.map((group: { name: string; role: string }) => [group.name, group.role])).toEqual([
      ['Home Espresso Enthusiasts', 'admin'],
      ['Maple Street Book Club', 'admin'],
      ['Indie Game Devs Hangout', 'admin'],
      ['Amateur Astronomers Network', 'subscriber'],
    ]);
  });

  it('pages through every member once, founders first, skipping the removed', async () => {
    const fbGroupId = fbIdOf('Backyard Beekeepers Circle');
    const { members, total } = await allMembers(ada, fbGroupId, 7);
    expect(members).toHaveLength(total);
    expect(new Set(members.map((member) => member.fb_user_id)).size).toBe(total);
    expect(total).toBe(groupsByName.get('Backyard Beekeepers Circle')!.members_count);
    const world = liveSandboxWorld(server.config, () => new Date())();
    const everyone = listGroupMembers(world, fbGroupId, { limit: 10_000 }).items;
    expect(everyone.length - members.length).toBe(3);
    expect(members[0]).toMatchObject({ name: 'Ada Admin', role: 'admin', is_banned: false });
    expect(members[0].avatar_url).toMatch(/^http:\/\/localhost(:\d+)?\/sandbox\/images\/avatar\/\d+\.svg$/);
  });

  it('lists the admins of a group, to anyone in it', async () => {
    const admins = await nora('GET', ADMINS, { url: url(ADMINS, fbIdOf('Amateur Astronomers Network')) });
    expect(admins.status).toBe(200);
    expect(admins.body.admins).toHaveLength(2);
    expect(admins.body.admins.every((admin: { role: string }) => admin.role === 'admin')).toBe(true);
  });

  it('pages through posts newest first, with at most the asked reactions and comments per post', async () => {
    const fbGroupId = fbIdOf('Trail Runners Worldwide');
    const query = { limit: '4', reactions_per_post: '2', comments_per_post: '1' };
    const first = await ada('GET', POSTS, { url: url(POSTS, fbGroupId), query });
    const second = await ada('GET', POSTS, { url: url(POSTS, fbGroupId), query: { ...query, cursor: first.body.next_cursor } });
    const posts = [...first.body.posts, ...second.body.posts];
    expect(posts).toHaveLength(8);
    const times = posts.map((post) => Date.parse(post.posted_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(posts.map((post) => post.fb_post_id)).size).toBe(8);
    for (const post of posts) {
      expect(post.reactions.length).toBeLessThanOrEqual(2);
      expect(post.comments.length).toBeLessThanOrEqual(1);
      expect(post.author).toMatchObject({ fb_user_id: expect.stringMatching(/^\d+$/), name: expect.any(String) });
    }
    expect(posts.some((post) => post.reactions.length > 0)).toBe(true);
  });

  it('refuses a cursor it did not give out, naming it', async () => {
    const response = await ada('GET', MEMBERS, { url: url(MEMBERS, fbIdOf('Urban Sketchers Meetup')), query: { cursor: 'abc' } });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toMatchObject({ field: 'cursor', location: 'query' });
  });

  it('refuses a cursor past the end of the list it pages, naming it', async () => {
    for (const path of [MEMBERS, POSTS]) {
      const response = await ada('GET', path, { url: url(path, fbIdOf('Trail Runners Worldwide')), query: { cursor: '1000000000' } });
      expect(response.status, path).toBe(400);
      expect(response.body.error.details).toMatchObject({ field: 'cursor', location: 'query' });
    }
  });

  it('answers 404 for a group that does not exist or that the person is not in', async () => {
    for (const fbGroupId of ['123', fbIdOf('Urban Sketchers Meetup')]) {
      for (const path of [MEMBERS, POSTS, ADMINS]) expect((await nora('GET', path, { url: url(path, fbGroupId) })).status).toBe(404);
      expect((await nora('POST', REMOVALS, { url: url(REMOVALS, fbGroupId), payload: { fb_user_ids: ['1'] } })).status).toBe(404);
    }
  });

  it('lets only an admin of the group remove members, and forgets who was removed', async () => {
    const astronomy = fbIdOf('Amateur Astronomers Network');
    const refused = await nora('POST', REMOVALS, { url: url(REMOVALS, astronomy), payload: { fb_user_ids: ['1'] } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ reason: 'not_admin' });

    const fbGroupId = fbIdOf('Houseplant Rescue Swap');
    const before = await allMembers(ada, fbGroupId, 500);
    const [first, second] = before.members.filter((member) => member.role === 'subscriber').map((member) => member.fb_user_id);
    const removal = await ada('POST', REMOVALS, { url: url(REMOVALS, fbGroupId), payload: { fb_user_ids: [first, second, first, '999'] } });
    expect(removal.body).toEqual({ removed: [first, second], not_found: ['999'] });
    const again = await ada('POST', REMOVALS, { url: url(REMOVALS, fbGroupId), payload: { fb_user_ids: [first] } });
    expect(again.body).toEqual({ removed: [], not_found: [first] });
    const after = await allMembers(ada, fbGroupId, 500);
    expect(after.total).toBe(before.total - 2);
    expect(after.members.map((member) => member.fb_user_id)).toEqual(
      before.members.map((member) => member.fb_user_id).filter((id) => id !== first && id !== second),
    );
  });

  it('hides a group from someone removed from it', async () => {
    const otto = apiAs(server.app, (await signInAs(server.app, 'otto')).token);
    const espresso = (await otto('GET', '/sandbox/network/groups')).body.groups[0];
    expect(espresso).toMatchObject({ name: 'Home Espresso Enthusiasts', role: 'admin' });
    const noraFbId = String((await signInAs(server.app, 'nora')).user.fb_user_id);
    const removal = await otto('POST', REMOVALS, { url: url(REMOVALS, espresso.fb_group_id), payload: { fb_user_ids: [noraFbId] } });
    expect(removal.body).toEqual({ removed: [noraFbId], not_found: [] });
    const noraGroups = (await nora('GET', '/sandbox/network/groups')).body.groups.map((group: { name: string }) => group.name);
    expect(noraGroups).not.toContain('Home Espresso Enthusiasts');
    expect((await nora('GET', MEMBERS, { url: url(MEMBERS, espresso.fb_group_id) })).status).toBe(404);
  });
});

describe('the sandbox social network in live mode', () => {
  it('does not exist', async () => {
    const live = await createTestServer('pglite', { mode: 'live' });
    try {
      for (const request of [
        { method: 'GET' as const, url: '/api/v1/sandbox/network/groups' },
        { method: 'GET' as const, url: '/api/v1/sandbox/network/groups/1/members' },
        { method: 'POST' as const, url: '/api/v1/sandbox/network/groups/1/removals', payload: { fb_user_ids: ['1'] } },
      ]) {
        expect((await live.app.inject({ ...request, headers: bearer('any') })).statusCode).toBe(404);
      }
    } finally {
      await live.close();
    }
  });
});
