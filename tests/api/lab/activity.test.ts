import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engagements, memberships, posts } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { apiAs } from '../support/robot-client';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { dataDigests } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';
import { labAudits, labCaller, labGroup, NOW } from './lab-world';

const WEEK_MS = 7 * 86_400_000;

describe.each(databaseKinds())('the lab on posts and engagements on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let lab: ReturnType<typeof labCaller>;
  beforeAll(async () => {
    server = await createTestServer(kind, {}, { now: () => NOW });
    world = await createRoleWorld(server.db);
    lab = labCaller(server.app, world.tokens.supervisor!);
  });
  afterAll(async () => server?.close());

  const postsOf = (groupId: number) => server.db.select().from(posts).where(eq(posts.group_id, groupId));
  const engagementsOf = (groupId: number, kind: 'reaction' | 'comment') =>
    server.db.select().from(engagements).where(and(eq(engagements.group_id, groupId), eq(engagements.kind, kind)));
  const membershipsOf = (groupId: number) => server.db.select().from(memberships).where(eq(memberships.group_id, groupId));

  it("fakes 10 posts by default, of the last week, by the group's members, which the posts list and the members' counts show", async () => {
    const { groupId, admin, subscriberIds } = await labGroup(server.db, { subscribers: 5 });
    const faked = await lab('fake_posts', { group_id: groupId });
    expect(faked.body.result).toEqual({ created: 10 });
    const rows = await postsOf(groupId);
    expect(rows).toHaveLength(10);
    const people = new Set([admin.memberId, ...subscriberIds]);
    for (const post of rows) {
      expect(people.has(post.member_id!)).toBe(true);
      expect(post.posted_at.getTime()).toBeGreaterThan(NOW.getTime() - WEEK_MS);
      expect(post.posted_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(post.text!.length).toBeGreaterThan(10);
    }
    const listed = await apiAs(server.app, admin.token)('GET', '/groups/{id}/posts', { url: `/groups/${groupId}/posts` });
    expect(listed.body.count).toBe(10);
    const authored = (await membershipsOf(groupId)).reduce((sum, row) => sum + row.posts_count, 0);
    expect(authored).toBe(10);
    expect((await labAudits(server.db)).at(-1)).toMatchObject({ user_id: world.userIds.supervisor, group_id: groupId, data: { action: 'fake_posts', diff: { posts: [0, 10] } } });
  });

  it('refuses reactions and comments for a group without posts, and writes nothing', async () => {
    const { groupId } = await labGroup(server.db, { subscribers: 2 });
    const before = await dataDigests(server.db);
    for (const name of ['fake_reactions', 'fake_comments']) {
      const refused = await lab(name, { group_id: groupId });
      expect(refused.status).toBe(409);
      expect(refused.body.error.details).toEqual({ reason: 'no_posts' });
    }
    expect(await dataDigests(server.db)).toEqual(before);
  });

  it("fakes 100 reactions by default, one per member and post, counted on the posts and the members' activity", async () => {
    const { groupId } = await labGroup(server.db, { subscribers: 40 });
    await lab('fake_posts', { group_id: groupId, count: 5 });
    const faked = await lab('fake_reactions', { group_id: groupId });
    expect(faked.body.result).toEqual({ created: 100 });
    const reactions = await engagementsOf(groupId, 'reaction');
    expect(reactions).toHaveLength(100);
    expect(new Set(reactions.map((reaction) => `${reaction.post_id}:${reaction.member_id}`)).size).toBe(100);
    const rows = await postsOf(groupId);
    const postedAt = new Map(rows.map((post) => [post.id, post.posted_at.getTime()]));
    // As the scans store them: a reaction counts as made when its post was published.
    for (const reaction of reactions) expect(reaction.created_at.getTime()).toBe(postedAt.get(reaction.post_id));
    expect(rows.reduce((sum, post) => sum + post.reactions_count, 0)).toBe(100);
    const counted = await membershipsOf(groupId);
    expect(counted.reduce((sum, row) => sum + row.reactions_count, 0)).toBe(100);
    for (const row of counted.filter((membership) => membership.reactions_count > 0)) expect(row.list).toBe('active');
    expect((await labAudits(server.db)).at(-1)).toMatchObject({ group_id: groupId, data: { action: 'fake_reactions', diff: { reactions: [0, 100] } } });
  });

  it('brings new people to react when the members run out', async () => {
    const { groupId } = await labGroup(server.db, { subscribers: 2 });
    await lab('fake_posts', { group_id: groupId, count: 3 });
    const before = (await membershipsOf(groupId)).length;
    const faked = await lab('fake_reactions', { group_id: groupId, count: 30 });
    expect(faked.body.result).toEqual({ created: 30 });
    const reactions = await engagementsOf(groupId, 'reaction');
    expect(new Set(reactions.map((reaction) => `${reaction.post_id}:${reaction.member_id}`)).size).toBe(30);
    // 3 members can give 9 reactions to 3 posts: 21 more need 7 new people.
    expect((await membershipsOf(groupId)).length).toBe(before + 7);
  });

  it("fakes 100 comments by default, each after its post and not after now, counted on the posts and the members' activity", async () => {
    const { groupId } = await labGroup(server.db, { subscribers: 10 });
    await lab('fake_posts', { group_id: groupId, count: 4 });
    const faked = await lab('fake_comments', { group_id: groupId });
    expect(faked.body.result).toEqual({ created: 100 });
    const comments = await engagementsOf(groupId, 'comment');
    expect(comments).toHaveLength(100);
    const rows = await postsOf(groupId);
    const postedAt = new Map(rows.map((post) => [post.id, post.posted_at.getTime()]));
    for (const comment of comments) {
      expect(comment.created_at.getTime()).toBeGreaterThan(postedAt.get(comment.post_id)!);
      expect(comment.created_at.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    expect(rows.reduce((sum, post) => sum + post.comments_count, 0)).toBe(100);
    expect((await membershipsOf(groupId)).reduce((sum, row) => sum + row.comments_count, 0)).toBe(100);
  });

  it('removes the engagements, then the posts, and counts the members idle again', async () => {
    const { groupId } = await labGroup(server.db, { subscribers: 10 });
    await lab('fake_posts', { group_id: groupId, count: 4 });
    await lab('fake_reactions', { group_id: groupId, count: 20 });
    await lab('fake_comments', { group_id: groupId, count: 20 });

    const engagementsGone = await lab('remove_engagements', { group_id: groupId });
    expect(engagementsGone.body.result).toEqual({ removed: 40 });
    expect(await engagementsOf(groupId, 'reaction')).toEqual([]);
    expect((await postsOf(groupId)).map((post) => [post.reactions_count, post.comments_count])).toEqual(Array(4).fill([0, 0]));
    expect((await membershipsOf(groupId)).reduce((sum, row) => sum + row.reactions_count + row.comments_count, 0)).toBe(0);
    expect((await membershipsOf(groupId)).reduce((sum, row) => sum + row.posts_count, 0)).toBe(4);

    const postsGone = await lab('remove_posts', { group_id: groupId });
    expect(postsGone.body.result).toEqual({ removed: 4 });
    expect(await postsOf(groupId)).toEqual([]);
    for (const row of await membershipsOf(groupId)) expect([row.posts_count, row.list, row.last_activity_at]).toEqual([0, 'inactive', null]);
    expect((await labAudits(server.db)).at(-1)).toMatchObject({ group_id: groupId, data: { action: 'remove_posts', diff: { posts: [4, 0] } } });
  });

  it('makes new people to post and comment in a group with no members', async () => {
    const { groupId } = await labGroup(server.db);
    await server.db.delete(memberships).where(eq(memberships.group_id, groupId));
    const faked = await lab('fake_posts', { group_id: groupId, count: 3 });
    expect(faked.body.result).toEqual({ created: 3 });
    const authors = await membershipsOf(groupId);
    expect(authors.length).toBeGreaterThan(0);
    expect(authors.every((row) => row.role === 'subscriber')).toBe(true);
  });

  it('answers 404 for a group that does not exist, and writes nothing', async () => {
    const before = await dataDigests(server.db);
    for (const name of ['fake_posts', 'fake_reactions', 'fake_comments', 'remove_posts', 'remove_engagements']) {
      expect((await lab(name, { group_id: 2147483647 })).status, name).toBe(404);
    }
    expect(await dataDigests(server.db)).toEqual(before);
  });
});
