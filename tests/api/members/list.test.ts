import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { bearer, signInAs } from '../support/sandbox-session';
import { createSeededServer } from '../support/seeded-server';
import type { TestServer } from '../support/test-server';

const contract = createResponseValidator();

interface MemberItem {
  id: number;
  name: string;
  fb_username: string | null;
  posts_count: number;
  is_whitelisted: boolean;
  is_removed: boolean;
  last_activity_at: string | null;
}

describe.each(databaseKinds())('the member lists on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let groupId: number;
  beforeAll(async () => {
    server = await createSeededServer(kind);
    token = (await signInAs(server.app, 'ada')).token;
    const groups = (await server.app.inject({ method: 'GET', url: '/api/v1/groups', headers: bearer(token) })).json().groups;
    groupId = groups.find((group: { name: string }) => group.name === 'Trail Runners Worldwide').id;
  });
  afterAll(async () => server?.close());

  const list = async (query: string) => {
    const response = await server.app.inject({ method: 'GET', url: `/api/v1/groups/${groupId}/members?${query}`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/groups/{id}/members', 'GET', 200, response.json())).toBeUndefined();
    return response.json() as { members: MemberItem[]; count: number; count_all: Record<string, number>; count_filtered: Record<string, number> };
  };

  it('counts every list and pages through one without gaps or repeats', async () => {
    const first = await list('list=all_members&per_page=100');
    const { count_all: all } = first;
    expect(all.all_members).toBe(all.active + all.inactive + all.whitelisted + all.removed);
    expect(all.active).toBeGreaterThan(0);
    expect(first.count).toBe(all.all_members);
    expect(first.count_filtered).toEqual(all);
    const seen = new Set<number>();
    for (let page = 1; (page - 1) * 100 < all.all_members; page += 1) {
      for (const member of (await list(`list=all_members&per_page=100&page=${page}`)).members) seen.add(member.id);
    }
    expect(seen.size).toBe(all.all_members);
  });

  it('defaults to the active list by name, 25 a page', async () => {
    const page = await list('');
    expect(page.members).toHaveLength(Math.min(25, page.count_all.active));
    expect(page.count).toBe(page.count_all.active);
    expect(page.members.every((member) => !member.is_removed && !member.is_whitelisted && member.posts_count >= 0)).toBe(true);
  });

  it('keeps each list to its members', async () => {
    const whitelisted = await list('list=whitelisted&per_page=100');
    expect(whitelisted.members.every((member) => member.is_whitelisted && !member.is_removed)).toBe(true);
    const removed = await list('list=removed&per_page=100');
    expect(removed.members.every((member) => member.is_removed)).toBe(true);
  });

  it('sorts by a column in either direction, ties by id', async () => {
    const desc = (await list('list=all_members&sort_by=posts_count&sort_direction=desc&per_page=100')).members;
    for (let i = 1; i < desc.length; i += 1) expect(desc[i - 1].posts_count).toBeGreaterThanOrEqual(desc[i].posts_count);
    const asc = (await list('list=all_members&sort_by=posts_count&sort_direction=asc&per_page=100')).members;
    for (let i = 1; i < asc.length; i += 1) expect(asc[i - 1].posts_count).toBeLessThanOrEqual(asc[i].posts_count);
    for (const sortBy of ['name', 'reactions_count', 'comments_count', 'last_activity_at', 'created_at', 'paid', 'subscription_status']) {
      const first = await list(`list=all_members&sort_by=${sortBy}&per_page=30`);
      const second = await list(`list=all_members&sort_by=${sortBy}&per_page=30&page=2`);
      const ids = [...first.members, ...second.members].map((member) => member.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('searches names case-insensitively, with % and _ as text', async () => {
    const someone = (await list('list=all_members&per_page=1')).members[0];
    const fragment = someone.name.slice(1, 4);
    const found = await list(`list=all_members&per_page=100&search=${encodeURIComponent(fragment.toUpperCase())}`);
    expect(found.members.map((member) => member.id)).toContain(someone.id);
    expect(
      found.members.every(
        (member) => member.name.toLowerCase().includes(fragment.toLowerCase()) || member.fb_username?.toLowerCase().includes(fragment.toLowerCase()),
      ),
    ).toBe(true);
    expect(found.count).toBe(found.count_filtered.all_members);
    expect(found.count_all.all_members).toBeGreaterThanOrEqual(found.count);
    const wildcard = await list('list=all_members&search=%25');
    expect(wildcard.count).toBe(0);
    expect((await list('list=all_members&search=_')).count).toBe(0);
  });

  it('answers 404 for a group that is not the caller\'s', async () => {
    const otto = (await signInAs(server.app, 'otto')).token;
    const response = await server.app.inject({ method: 'GET', url: `/api/v1/groups/${groupId}/members`, headers: bearer(otto) });
    expect(response.statusCode).toBe(404);
  });
});
