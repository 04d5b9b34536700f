import { describe, expect, it } from 'vitest';
import { listGroupMembers, listGroupPosts, listNetworkGroups } from '../../../server/sandbox/network';
import type { SandboxWorld } from '../../../server/sandbox/world';
import { testWorld } from './world-fixture';

function snapshotOf(world: SandboxWorld) {
  return listNetworkGroups(world).map((group) => ({
    group,
    members: listGroupMembers(world, group.fb_group_id, { limit: 40 }).items,
    posts: listGroupPosts(world, group.fb_group_id, { limit: 5, reactionsPerPost: 10, commentsPerPost: 10 }).items,
  }));
}

describe('sandbox network determinism', () => {
  it('gives the same people, groups, members and posts for the same seed', () => {
    expect(snapshotOf(testWorld({ seed: 42 }))).toEqual(snapshotOf(testWorld({ seed: 42 })));
  });

  it('gives a different world for a different seed', () => {
    const first = snapshotOf(testWorld({ seed: 42 }));
    const second = snapshotOf(testWorld({ seed: 43 }));
    expect(second.map(({ group }) => group.fb_group_id)).not.toEqual(first.map(({ group }) => group.fb_group_id));
    const names = (snapshot: typeof first) => snapshot.flatMap(({ members }) => members.map((member) => member.name));
    expect(names(second)).not.toEqual(names(first));
    const texts = (snapshot: typeof first) => snapshot.flatMap(({ posts }) => posts.map((post) => post.text));
    expect(texts(second)).not.toEqual(texts(first));
  });

  it('uses digit-only ids of the social network', () => {
    for (const { group, members, posts } of snapshotOf(testWorld())) {
      expect(group.fb_group_id).toMatch(/^\d+$/);
      for (const member of members) expect(member.fb_user_id).toMatch(/^\d{15}$/);
      for (const post of posts) {
        expect(post.fb_post_id).toMatch(/^\d+$/);
        for (const engagement of [...post.reactions, ...post.comments, ...post.shares]) {
          expect(engagement.fb_engagement_id).toMatch(/^\d+$/);
        }
      }
    }
  });

  it('keeps old posts unchanged as time passes, and adds new ones', () => {
    const earlier = testWorld();
    const later = { ...earlier, now: new Date(earlier.now.getTime() + 30 * 86_400_000) };
    const group = listNetworkGroups(earlier).find((candidate) => candidate.key === 'ada_annual')!;
    const options = { limit: 100, reactionsPerPost: 5, commentsPerPost: 5 };
    const before = listGroupPosts(earlier, group.fb_group_id, options).items;
    const after = listGroupPosts(later, group.fb_group_id, { ...options, limit: 1_000 }).items;
    const old = before.filter((post) => post.posted_at.getTime() < earlier.now.getTime() - 11 * 86_400_000);
    expect(old.length).toBeGreaterThan(0);
    for (const post of old) expect(after.find((candidate) => candidate.fb_post_id === post.fb_post_id)).toEqual(post);
    expect(after[0]!.posted_at.getTime()).toBeGreaterThan(before[0]!.posted_at.getTime());
  });
});
