import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { loadPosts } from '../../../src/features/posts/loadPosts';

function fakeServer(status: number, body: unknown) {
  const requests: string[] = [];
  const api = createApiClient({
    baseUrl: 'http://app.test/api/v1',
    fetch: async (request) => {
      requests.push(request.url);
      return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    },
  });
  return { api, requests };
}

describe('loadPosts', () => {
  it('asks for the page of posts the filters select', async () => {
    const { api, requests } = fakeServer(200, { posts: [], count: 4, count_all: 9 });
    const result = await loadPosts(api, 7, { search: 'run', page: 2, perPage: 60 }, new AbortController().signal);
    expect(result).toEqual({ kind: 'loaded', posts: [], count: 4, countAll: 9 });
    expect(requests).toEqual(['http://app.test/api/v1/groups/7/posts?page=2&per_page=60&search=run']);
  });

  it('leaves an empty search out', async () => {
    const { api, requests } = fakeServer(200, { posts: [], count: 0, count_all: 0 });
    await loadPosts(api, 7, { search: '', page: 1, perPage: 30 }, new AbortController().signal);
    expect(requests).toEqual(['http://app.test/api/v1/groups/7/posts?page=1&per_page=30']);
  });

  it("turns the server's refusal into a reason", async () => {
    const { api } = fakeServer(501, { error: { message: 'Not implemented yet' } });
    expect(await loadPosts(api, 7, { search: '', page: 1, perPage: 30 }, new AbortController().signal)).toEqual({
      kind: 'failed',
      reason: 'Not implemented yet',
    });
  });
});
