import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, posts } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { createTestServer, type TestServer } from '../support/test-server';
import { callAs } from './supervisor-calls';

interface PostBody {
  id: number;
  group_id: number;
  member_id: number | null;
  member_name: string | null;
  text: string | null;
  posted_at: string;
  comments_count: number;
  reactions_count: number;
}

describe.each(databaseKinds())('the supervisor posted messages on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let bob: number;

  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    const [alice, writer] = await server.db
      .insert(members)
      .values([
        { fb_user_id: '9500001', name: 'Alice Poster' },
        { fb_user_id: '9500002', name: 'Bob Writer' },
      ])
      .returning({ id: members.id });
    bob = writer!.id;
    await server.db.insert(posts).values([
      // The Group: 20 morning posts by Alice, an hour apart from March 1st.
      ...Array.from({ length: 20 }, (_, i) => ({
        group_id: world.group.id,
        member_id: alice!.id,
        member_name: 'Alice Poster',
        fb_post_id: String(100 + i),
        text: `Morning news ${i}`,
        posted_at: new Date(Date.parse('2026-03-01T00:00:00Z') + i * 3_600_000),
        comments_count: i,
        reactions_count: 20 - i,
      })),
      // Another Group: 15 posts by Bob, a day apart from February 10th, the last without text.
      ...Array.from({ length: 15 }, (_, i) => ({
        group_id: world.otherGroup.id,
        member_id: bob,
        member_name: 'Bob Writer',
        fb_post_id: String(200 + i),
        text: i === 14 ? null : `Evening story ${i}`,
        posted_at: new Date(Date.parse('2026-02-10T12:00:00Z') + i * 86_400_000),
      })),
    ]);
  });
  afterAll(async () => server?.close());

  const list = async (query = '') =>
    (await callAs(server, world.tokens.supervisor!, { path: '/supervisor/posts', query })) as { posts: PostBody[]; count: number };

  it('answers 30 a page of every group’s posts, newest first (part 2 §9)', async () => {
    const first = await list();
    expect(first.count).toBe(35);
    expect(first.posts).toHaveLength(30);
    const times = first.posts.map((post) => Date.parse(post.posted_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(first.posts[0]).toMatchObject({ group_id: world.group.id, text: 'Morning news 19', member_name: 'Alice Poster', comments_count: 19, reactions_count: 1 });
    expect((await list('page=2')).posts).toHaveLength(5);
  });

  it('filters by author, text or author name, and posting days (both included)', async () => {
    const byBob = await list(`member_id=${bob}`);
    expect(byBob.count).toBe(15);
    expect(byBob.posts.every((post) => post.member_id === bob)).toBe(true);
    expect((await list('search=MORNING')).count).toBe(20);
    expect((await list('search=bob%20writ')).count).toBe(15);
    expect((await list('posted_at_from=2026-03-01')).count).toBe(20);
    expect((await list('posted_at_to=2026-02-14')).count).toBe(5);
    expect((await list('posted_at_from=2026-02-24&posted_at_to=2026-02-24')).posts.map((post) => post.text)).toEqual([null]);
    const refused = await callAs(server, world.tokens.supervisor!, { path: '/supervisor/posts', query: 'posted_at_from=2026-03-02&posted_at_to=2026-03-01' }, 400);
    expect(refused.error.details.field).toBe('posted_at_from');
  });

  it('sorts by the column and direction asked', async () => {
    expect((await list('sort_by=comments_count&per_page=1')).posts[0]!.text).toBe('Morning news 19');
    expect((await list('sort_by=reactions_count&per_page=1')).posts[0]!.text).toBe('Morning news 0');
    expect((await list('sort_by=member_name&sort_direction=asc&per_page=100')).posts.map((post) => post.member_name).slice(19, 21)).toEqual(['Alice Poster', 'Bob Writer']);
    const oldest = await list('sort_direction=asc&per_page=1');
    expect(oldest.posts[0]!.text).toBe('Evening story 0');
  });
});
