import { describe, expect, it } from 'vitest';
import {
  listGroupMembers,
  listGroupPosts,
  listNetworkGroups,
  listUserGroups,
  networkGroupByKey,
  type NetworkMember,
  type SandboxWorld,
} from '../../../server/sandbox/network';
import { findPerson } from '../../../server/sandbox/people';
import { createSandboxWorld } from '../../../server/sandbox/world';
import { TEST_NOW, testWorld } from './world-fixture';

function allMembers(world: SandboxWorld, fbGroupId: string, limit: number, removed?: ReadonlySet<string>) {
  const members: NetworkMember[] = [];
  let cursor: string | null = null;
  do {
    const page = listGroupMembers(world, fbGroupId, { cursor, limit, removed });
    expect(page.items.length).toBeLessThanOrEqual(limit);
    members.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return members;
}

describe('sandbox network paging', () => {
  const world = testWorld();

  it('lists every member of every group exactly once', () => {
    for (const group of listNetworkGroups(world)) {
      const members = allMembers(world, group.fb_group_id, 37);
      expect(members).toHaveLength(group.size);
      expect(new Set(members.map((member) => member.fb_user_id)).size).toBe(group.size);
    }
  });

  it('skips removed members and still covers the rest once', () => {
    const group = networkGroupByKey(world, 'ada_monthly');
    const everyone = allMembers(world, group.fb_group_id, 100);
    const removed = new Set(everyone.filter((_, i) => i % 7 === 3).map((member) => member.fb_user_id));
    const remaining = allMembers(world, group.fb_group_id, 13, removed);
    expect(remaining).toHaveLength(group.size - removed.size);
    expect(remaining.some((member) => removed.has(member.fb_user_id))).toBe(false);
    expect(new Set(remaining.map((member) => member.fb_user_id)).size).toBe(remaining.length);
  });

  it('agrees with each person: their groups and roles match the member lists', () => {
    const group = networkGroupByKey(world, 'ada_annual');
    for (const member of allMembers(world, group.fb_group_id, 500).filter((_, i) => i % 11 === 0)) {
      expect(findPerson(world, member.fb_user_id)?.name).toBe(member.name);
      const membership = listUserGroups(world, member.fb_user_id).find((entry) => entry.group.fb_group_id === group.fb_group_id);
      expect(membership?.role).toBe(member.role);
    }
  });

  it('pages posts newest first without gaps, within the engagement limits', () => {
    const group = networkGroupByKey(world, 'ada_annual');
    const options = { limit: 9, reactionsPerPost: 3, commentsPerPost: 2 };
    const first = listGroupPosts(world, group.fb_group_id, options);
    const second = listGroupPosts(world, group.fb_group_id, { ...options, cursor: first.next_cursor });
    const posts = [...first.items, ...second.items];
    expect(posts).toHaveLength(18);
    expect(new Set(posts.map((post) => post.fb_post_id)).size).toBe(18);
    for (let i = 1; i < posts.length; i += 1) expect(posts[i]!.posted_at < posts[i - 1]!.posted_at).toBe(true);
    for (const post of posts) {
      expect(post.posted_at <= TEST_NOW).toBe(true);
      expect(post.reactions.length).toBeLessThanOrEqual(3);
      expect(post.comments.length).toBeLessThanOrEqual(2);
      expect(post.reactions.length).toBe(Math.min(3, post.reactions_count));
      expect(post.text.length).toBeGreaterThan(10);
    }
  });

  it('stops at posts older than the look-behind', () => {
    const group = networkGroupByKey(world, 'ada_annual');
    const postedAfter = new Date(TEST_NOW.getTime() - 3 * 86_400_000);
    const page = listGroupPosts(world, group.fb_group_id, { limit: 10_000, reactionsPerPost: 0, commentsPerPost: 0, postedAfter });
    expect(page.next_cursor).toBeNull();
    expect(page.items.length).toBeGreaterThan(0);
    for (const post of page.items) expect(post.posted_at >= postedAfter).toBe(true);
  });

  it('gives one reaction per person per post, by members of the group', () => {
    const group = networkGroupByKey(world, 'ada_monthly');
    const memberIds = new Set(allMembers(world, group.fb_group_id, 1000).map((member) => member.fb_user_id));
    const { items } = listGroupPosts(world, group.fb_group_id, { limit: 40, reactionsPerPost: 1000, commentsPerPost: 1000 });
    for (const post of items) {
      expect(new Set(post.reactions.map((reaction) => reaction.fb_user_id)).size).toBe(post.reactions.length);
      expect(memberIds.has(post.author_fb_user_id)).toBe(true);
      for (const engagement of [...post.reactions, ...post.comments, ...post.shares]) {
        expect(memberIds.has(engagement.fb_user_id)).toBe(true);
        expect(engagement.created_at >= post.posted_at && engagement.created_at <= TEST_NOW).toBe(true);
      }
    }
  });

  it('has a group of at least 20,000 members at scale 1, cheap to page through', () => {
    const fullWorld = createSandboxWorld({ seed: 7, now: TEST_NOW });
    const annual = networkGroupByKey(fullWorld, 'ada_annual');
    expect(annual.size).toBeGreaterThanOrEqual(20_000);
    const members = allMembers(fullWorld, annual.fb_group_id, 1000);
    expect(new Set(members.map((member) => member.fb_user_id)).size).toBe(annual.size);
  });
});
