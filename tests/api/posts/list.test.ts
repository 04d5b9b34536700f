import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { bearer, groupIdsByName, signInAs } from '../support/sandbox-session';
import { createSeededServer } from '../support/seeded-server';
import type { TestServer } from '../support/test-server';

const contract = createResponseValidator();

interface PostItem {
  id: number;
  posted_at: string;
  text: string | null;
  member_name: string | null;
}

describe.each(databaseKinds())('a group\'s posts on %s', (kind) => {
  let server: TestServer;
  let token: string;
  let groupId: number;
  beforeAll(async () => {
    server = await createSeededServer(kind);
    token = (await signInAs(server.app, 'ada')).token;
    groupId = (await groupIdsByName(server.app, token))['Trail Runners Worldwide']!;
  });
  afterAll(async () => server?.close());

  const list = async (query: string) => {
    const response = await server.app.inject({ method: 'GET', url: `/api/v1/groups/${groupId}/posts?${query}`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/groups/{id}/posts', 'GET', 200, response.json())).toBeUndefined();
    return response.json() as { posts: PostItem[]; count: number; count_all: number };
  };

  it('pages through the posts newest first, 25 a page by default', async () => {
    const first = await list('');
    expect(first.count_all).toBeGreaterThan(0);
    expect(first.count).toBe(first.count_all);
    expect(first.posts).toHaveLength(Math.min(25, first.count_all));
    const all: PostItem[] = [];
    for (let page = 1; (page - 1) * 100 < first.count_all; page += 1) all.push(...(await list(`per_page=100&page=${page}`)).posts);
    expect(new Set(all.map((post) => post.id)).size).toBe(first.count_all);
    for (let i = 1; i < all.length; i += 1) expect(Date.parse(all[i - 1]!.posted_at)).toBeGreaterThanOrEqual(Date.parse(all[i]!.posted_at));
  });

  it('searches text and author case-insensitively, with % as text', async () => {
    const someone = (await list('per_page=100')).posts.find((post) => post.member_name)!;
    const fragment = someone.member_name!.slice(0, 4).toUpperCase();
    const found = await list(`per_page=100&search=${encodeURIComponent(fragment)}`);
    expect(found.posts.map((post) => post.id)).toContain(someone.id);
    const lower = fragment.toLowerCase();
    expect(found.posts.every((post) => post.text?.toLowerCase().includes(lower) || post.member_name?.toLowerCase().includes(lower))).toBe(true);
    expect(found.count_all).toBeGreaterThanOrEqual(found.count);
    expect((await list('search=%25%25%25')).count).toBe(0);
  });
});
