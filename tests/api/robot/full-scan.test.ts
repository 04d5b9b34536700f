import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, daily_metrics, engagements, memberships, posts, removal_counters } from '../../../server/db/schema';
import { removalPeriods } from '../../../server/domain/removal-limits';
import { databaseKinds } from '../../support/database';
import { apiAs, type ApiCall } from '../support/robot-client';
import { reportOwners, reportUserGroups, scanMembers, scanPosts, type ReportedGroup } from '../support/sandbox-robot';
import { signInAs } from '../support/sandbox-session';
import { createSeededServer } from '../support/seeded-server';
import type { TestServer } from '../support/test-server';

const SKETCHERS = 'Urban Sketchers Meetup';
const POSTS_SCAN = { postsBack: 12, pageSize: 5, reactionsPerPost: 100, commentsPerPost: 50 };

describe.each(databaseKinds())('a full robot scan of a network group on %s', (kind) => {
  let server: TestServer;
  let ada: ApiCall;
  let group: ReportedGroup;
  let networkMembers: Array<{ fb_user_id: string; role: string }>;
  let scannedPosts: any[];

  beforeAll(async () => {
    server = await createSeededServer(kind);
    ada = apiAs(server.app, (await signInAs(server.app, 'ada')).token);
  });
  afterAll(async () => server?.close());

  async function readNetworkMembers(fbGroupId: string) {
    const page = await ada('GET', '/sandbox/network/groups/{fb_group_id}/members', {
      url: `/sandbox/network/groups/${fbGroupId}/members`,
      query: { limit: '500' },
    });
    expect(page.body.next_cursor).toBeNull();
    return page.body.members as Array<{ fb_user_id: string; role: string }>;
  }

  async function activeMemberships() {
    const rows = await server.db
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.group_id, group.id), eq(memberships.is_removed, false)));
    return rows[0]!.n;
  }

  it('reports the groups and their admins, and acquires the group', async () => {
    const groups = await reportUserGroups(ada);
    group = groups.find((candidate) => candidate.name === SKETCHERS)!;
    expect(group).toMatchObject({ role: 'admin', is_acquired: false });
    const owners = await reportOwners(ada, group);
    expect(owners.body.permissions).toEqual({ role: 'admin', admins: [], is_acquired: false });
    const acquired = await ada('POST', '/groups/acquire', { payload: { id: group.id } });
    expect(acquired.status).toBe(200);
    expect(acquired.body.group).toMatchObject({ id: group.id, name: SKETCHERS, subscribed_plan: 'free' });
  });

  it('stores every member the network lists, minus those removed there, in batches', async () => {
    const everyone = await readNetworkMembers(group.fb_group_id);
    const leaving = everyone.filter((member) => member.role === 'subscriber').slice(0, 2).map((member) => member.fb_user_id);
    const removal = await ada('POST', '/sandbox/network/groups/{fb_group_id}/removals', {
      url: `/sandbox/network/groups/${group.fb_group_id}/removals`,
      payload: { fb_user_ids: leaving },
    });
    expect(removal.body).toEqual({ removed: leaving, not_found: [] });
    networkMembers = await readNetworkMembers(group.fb_group_id);
    expect(networkMembers).toHaveLength(everyone.length - 2);

    const scan = await scanMembers(ada, group, 5);
    expect(scan.seen).toBe(networkMembers.length);
    expect(scan.job).toMatchObject({ status: 'completed', progress: networkMembers.length, total: networkMembers.length });
    expect(await activeMemberships()).toBe(networkMembers.length);
    const roles = await server.db.execute<{ fb_user_id: string; role: string; list: string }>(sql`
      SELECT mb.fb_user_id, m.role, m.list FROM memberships m JOIN members mb ON mb.id = m.member_id WHERE m.group_id = ${group.id}`);
    expect(new Map(roles.rows.map((row) => [row.fb_user_id, row.role]))).toEqual(new Map(networkMembers.map((member) => [member.fb_user_id, member.role])));
    expect(roles.rows.every((row) => row.list === 'inactive')).toBe(true);
  });

  it('stores posts with their reactions and comments and counts every member activity from them', async () => {
    ({ posts: scannedPosts } = await scanPosts(ada, group, POSTS_SCAN));
    expect(scannedPosts).toHaveLength(POSTS_SCAN.postsBack);
    const [stored] = await server.db.select({ n: count() }).from(posts).where(eq(posts.group_id, group.id));
    expect(stored!.n).toBe(POSTS_SCAN.postsBack);
    const reactions = scannedPosts.reduce((sum, post) => sum + post.reactions.length, 0);
    const comments = scannedPosts.reduce((sum, post) => sum + post.comments.length, 0);
    const storedEngagements = await server.db
      .select({ kind: engagements.kind, n: count() })
      .from(engagements)
      .where(eq(engagements.group_id, group.id))
      .groupBy(engagements.kind);
    expect(Object.fromEntries(storedEngagements.map((row) => [row.kind, row.n]))).toEqual({
      ...(reactions > 0 ? { reaction: reactions } : {}),
      ...(comments > 0 ? { comment: comments } : {}),
    });
    expect(await activityMismatches(group.id)).toBe(0);
    const [engaged] = await server.db
      .select({ n: count() })
      .from(memberships)
      .where(and(eq(memberships.group_id, group.id), eq(memberships.list, 'active')));
    expect(engaged!.n).toBeGreaterThan(0);
  });

  async function activityMismatches(groupId: number) {
    const { rows } = await server.db.execute<{ mismatches: number }>(sql`
      SELECT count(*)::int AS mismatches
      FROM memberships m
      LEFT JOIN (SELECT member_id, count(*) AS n, max(posted_at) AS last FROM posts WHERE group_id = ${groupId} GROUP BY 1) p
        ON p.member_id = m.member_id
      LEFT JOIN (SELECT member_id,
                        count(*) FILTER (WHERE kind = 'reaction') AS reactions,
                        count(*) FILTER (WHERE kind = 'comment') AS comments,
                        max(created_at) FILTER (WHERE kind IN ('reaction', 'comment')) AS last
                 FROM engagements WHERE group_id = ${groupId} GROUP BY 1) e
        ON e.member_id = m.member_id
      WHERE m.group_id = ${groupId}
        AND (m.posts_count <> coalesce(p.n, 0)
          OR m.reactions_count <> coalesce(e.reactions, 0)
          OR m.comments_count <> coalesce(e.comments, 0)
          OR m.last_activity_at IS DISTINCT FROM GREATEST(p.last, e.last))`);
    return rows[0]!.mismatches;
  }

  it("writes today's metrics from the lists as the scans left them", async () => {
    const lists = await server.db
      .select({ list: memberships.list, n: count() })
      .from(memberships)
      .where(eq(memberships.group_id, group.id))
      .groupBy(memberships.list);
    const [metric] = await server.db
      .select()
      .from(daily_metrics)
      .where(and(eq(daily_metrics.group_id, group.id), eq(daily_metrics.day, removalPeriods(new Date()).today)));
    const sizes = Object.fromEntries(lists.map((row) => [row.list, row.n]));
    expect(metric).toMatchObject({
      active: sizes.active ?? 0,
      inactive: sizes.inactive ?? 0,
      whitelisted: sizes.whitelisted ?? 0,
      removed: sizes.removed ?? 0,
    });
  });

  it('audits the acquisition and both scans', async () => {
    const kinds = await server.db
      .select({ kind: audit_logs.kind })
      .from(audit_logs)
      .where(eq(audit_logs.group_id, group.id))
      .orderBy(audit_logs.id);
    expect(kinds.map((row) => row.kind)).toEqual(['group_acquired', 'members_scan', 'engagements_scan']);
  });

  // People who left keep their old reactions on the network, so the posts scan brings them back as
  // members and the next members scan moves them to removed again; from then on scans are stable.
  it('changes nothing when the same network is scanned again', async () => {
    await scanMembers(ada, group, 5);
    const before = await snapshot();
    await scanMembers(ada, group, 7);
    await scanPosts(ada, group, POSTS_SCAN);
    expect(await snapshot()).toEqual(before);
  });

  async function snapshot() {
    const { rows } = await server.db.execute(sql`
      SELECT (SELECT count(*)::int FROM posts WHERE group_id = ${group.id}) AS posts,
             (SELECT count(*)::int FROM engagements WHERE group_id = ${group.id}) AS engagements,
             (SELECT json_agg(json_build_array(member_id, list, role, posts_count, reactions_count, comments_count) ORDER BY member_id)
                FROM memberships WHERE group_id = ${group.id}) AS memberships`);
    return rows[0];
  }

  it('moves the members who left the network group to removed on the next members scan, without counting a removal', async () => {
    const leaving = networkMembers.filter((member) => member.role === 'subscriber').slice(0, 1).map((member) => member.fb_user_id);
    await ada('POST', '/sandbox/network/groups/{fb_group_id}/removals', { url: `/sandbox/network/groups/${group.fb_group_id}/removals`, payload: { fb_user_ids: leaving } });
    await scanMembers(ada, group, 5);
    expect(await activeMemberships()).toBe(networkMembers.length - 1);
    const { rows } = await server.db.execute<{ is_removed: boolean }>(sql`
      SELECT m.is_removed FROM memberships m JOIN members mb ON mb.id = m.member_id WHERE m.group_id = ${group.id} AND mb.fb_user_id = ${leaving[0]}`);
    expect(rows).toEqual([{ is_removed: true }]);
    expect(await server.db.select().from(removal_counters).where(eq(removal_counters.group_id, group.id))).toEqual([]);
  });

  it('rescans a seeded group without storing a reaction or a comment twice', async () => {
    const beekeepers = (await reportUserGroups(ada)).find((candidate) => candidate.name === 'Backyard Beekeepers Circle')!;
    expect(beekeepers).toMatchObject({ role: 'admin', is_acquired: true });
    await scanPosts(ada, beekeepers, { postsBack: 20, pageSize: 10, reactionsPerPost: 100, commentsPerPost: 50 });
    const { rows } = await server.db.execute<{ duplicates: number }>(sql`
      SELECT count(*)::int AS duplicates FROM (
        SELECT post_id, member_id FROM engagements WHERE group_id = ${beekeepers.id} AND kind = 'reaction'
        GROUP BY 1, 2 HAVING count(*) > 1) d`);
    expect(rows[0]!.duplicates).toBe(0);
    expect(await activityMismatches(beekeepers.id)).toBe(0);
  });
});
