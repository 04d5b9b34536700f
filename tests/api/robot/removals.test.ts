import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { audit_logs, groups, members, memberships, removal_counters, robot_jobs } from '../../../server/db/schema';
import { removalPeriods } from '../../../server/domain/removal-limits';
import { databaseKinds } from '../../support/database';
import { SPEC_FREE_REMOVALS, SPEC_JOB_ABANDONED_AFTER_MS } from '../../support/spec-numbers';
import { apiAs, type ApiCall } from '../support/robot-client';
import { finishJob } from '../support/sandbox-robot';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { createTestServer, type TestServer } from '../support/test-server';

interface Target {
  id: number;
  fb_user_id: string;
  name: string;
}

type List = 'active' | 'inactive' | 'whitelisted' | 'removed';

describe.each(databaseKinds())('robot removal jobs on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  let admin: ApiCall;
  let made = 0;

  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    admin = apiAs(server.app, world.tokens.groupAdmin!);
  });
  afterAll(async () => server?.close());
  beforeEach(async () => {
    await server.db.update(groups).set({ subscribed_plan: 'annual', is_locked: false }).where(eq(groups.id, world.group.id));
    await server.db.delete(robot_jobs).where(eq(robot_jobs.group_id, world.group.id));
    await server.db.delete(removal_counters);
  });

  /** New members of the group in the given list, as the robot is given them. */
  const membersIn = async (list: List, count: number): Promise<Target[]> => {
    const targets: Target[] = [];
    for (let i = 0; i < count; i += 1) {
      made += 1;
      const [member] = await server.db
        .insert(members)
        .values({ fb_user_id: `99${made}`, name: `Leaver ${made}` })
        .returning({ id: members.id, fb_user_id: members.fb_user_id, name: members.name });
      await server.db.insert(memberships).values({
        group_id: world.group.id,
        member_id: member!.id,
        member_name: member!.name,
        posts_count: list === 'active' ? 1 : 0,
        is_whitelisted: list === 'whitelisted',
        is_removed: list === 'removed',
      });
      targets.push(member!);
    }
    return targets;
  };

  const start = (targets: Target[]) =>
    admin('POST', '/robot/groups/{id}/jobs', {
      url: `/robot/groups/${world.group.id}/jobs`,
      payload: { name: 'remove_group_members', args: { id: world.group.id, members: targets } },
    });
  const report = (jobId: number, batchNo: number, fbUserIds: string[]) =>
    admin('POST', '/robot/jobs/{job_id}/removals', { url: `/robot/jobs/${jobId}/removals`, payload: { batch_no: batchNo, fb_user_ids: fbUserIds } });
  const listedLimits = async () => {
    const listed = await admin('GET', '/groups/{id}/members', { url: `/groups/${world.group.id}/members` });
    expect(listed.status).toBe(200);
    return listed.body.removal_limits;
  };
  const removalJobCount = async () =>
    (await server.db.select({ id: robot_jobs.id }).from(robot_jobs).where(and(eq(robot_jobs.group_id, world.group.id), eq(robot_jobs.name, 'remove_group_members'))))
      .length;
  const removedToday = async () => {
    const [row] = await server.db
      .select({ count: removal_counters.count })
      .from(removal_counters)
      .where(and(eq(removal_counters.group_id, world.group.id), eq(removal_counters.day, removalPeriods(new Date()).today)));
    return row?.count ?? 0;
  };
  const listsOf = async (targets: Target[]) => {
    const rows = await server.db
      .select({ id: memberships.member_id, list: memberships.list })
      .from(memberships)
      .where(and(eq(memberships.group_id, world.group.id), inArray(memberships.member_id, targets.map((target) => target.id))));
    return targets.map((target) => rows.find((row) => row.id === target.id)?.list);
  };

  it('takes active and inactive members straight from their lists, stored as the group knows them', async () => {
    const targets = [...(await membersIn('active', 1)), ...(await membersIn('inactive', 2))];
    const started = await start(targets.map((target) => ({ ...target, name: 'Whatever The Robot Says' })));
    expect(started.status).toBe(201);
    expect(started.body.job).toMatchObject({ name: 'remove_group_members', status: 'running', args: { id: world.group.id, members: targets } });
    expect(await listsOf(targets)).toEqual(['active', 'inactive', 'inactive']);
  });

  it('refuses whitelisted, removed and unknown members as not removable and writes no job', async () => {
    const [inactive] = await membersIn('inactive', 1);
    const [whitelisted] = await membersIn('whitelisted', 1);
    const [removed] = await membersIn('removed', 1);
    const stranger = { id: 2_000_000, fb_user_id: '123', name: 'Nobody' };
    const refused = await start([inactive!, whitelisted!, removed!, stranger]);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ reason: 'not_removable', member_ids: [whitelisted!.id, removed!.id, stranger.id] });
    expect(await removalJobCount()).toBe(0);
    const noMembers = await admin('POST', '/robot/groups/{id}/jobs', {
      url: `/robot/groups/${world.group.id}/jobs`,
      payload: { name: 'remove_group_members', args: { id: world.group.id } },
    });
    expect(noMembers.status).toBe(400);
    expect(noMembers.body.error.details).toMatchObject({ field: 'args.members' });
  });

  it("refuses a removal naming a holder of the group, the caller's own member or a co-holder, and writes no job", async () => {
    const holders = await server.db
      .select({ id: members.id, fb_user_id: members.fb_user_id, name: members.name })
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.member_id))
      .where(and(eq(memberships.group_id, world.group.id), eq(memberships.is_admin_holder, true)))
      .orderBy(members.id);
    expect(holders.map((holder) => holder.id)).toContain(world.memberId);
    const [inactive] = await membersIn('inactive', 1);
    const refused = await start([inactive!, ...holders]);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ reason: 'holder', member_ids: holders.map((holder) => holder.id) });
    expect(await removalJobCount()).toBe(0);
    expect(await listsOf(holders)).toEqual(['inactive', 'inactive']);
  });

  it('refuses a locked group', async () => {
    await server.db.update(groups).set({ is_locked: true }).where(eq(groups.id, world.group.id));
    const refused = await start(await membersIn('inactive', 1));
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ reason: 'locked' });
    expect(await removalJobCount()).toBe(0);
  });

  it('lets a free group remove within its free allowance, and no further', async () => {
    await server.db.update(groups).set({ subscribed_plan: 'free' }).where(eq(groups.id, world.group.id));
    const targets = await membersIn('inactive', SPEC_FREE_REMOVALS + 1);
    const refused = await start(targets);
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('limit_exceeded');
    expect(refused.body.error.details.removal_limits.current).toEqual({ limit: SPEC_FREE_REMOVALS, left: SPEC_FREE_REMOVALS, spent: 0 });
    expect(await removalJobCount()).toBe(0);
    const started = await start(targets.slice(0, SPEC_FREE_REMOVALS));
    expect(started.status).toBe(201);
    const limits = await listedLimits();
    expect(limits.free).toEqual({ limit: SPEC_FREE_REMOVALS, left: 0, spent: SPEC_FREE_REMOVALS });
    expect(limits.current.left).toBe(0);
  });

  it('counts the members of a running removal as spent until they are reported, so a second selection cannot pass', async () => {
    await server.db.insert(removal_counters).values({ group_id: world.group.id, day: removalPeriods(new Date()).today, count: 90 });
    const first = await membersIn('inactive', 8);
    const started = await start(first);
    expect(started.status).toBe(201);
    const limits = await listedLimits();
    expect(limits.daily).toEqual({ limit: 100, left: 2, spent: 98 });
    expect(limits.weekly.spent).toBe(98);
    const preview = await admin('POST', '/groups/{id}/members/removal_preview', { url: `/groups/${world.group.id}/members/removal_preview`, payload: { ids: [first[0]!.id] } });
    expect(preview.body.removal_limits.current.left).toBe(2);

    await report(started.body.job.id, 0, [first[0]!.fb_user_id, first[1]!.fb_user_id]);
    expect((await listedLimits()).daily).toEqual({ limit: 100, left: 2, spent: 98 });
    await finishJob(admin, started.body.job.id);
    expect((await listedLimits()).daily).toEqual({ limit: 100, left: 8, spent: 92 });

    const second = await membersIn('inactive', 9);
    const refused = await start(second);
    expect(refused.status).toBe(422);
    expect(refused.body.error.details.removal_limits.current).toEqual({ limit: 100, left: 8, spent: 92 });
    expect((await start(second.slice(0, 8))).status).toBe(201);
  });

  it("marks reported members removed, counting and auditing each once with the report's address", async () => {
    const targets = await membersIn('inactive', 3);
    const [outsider] = await membersIn('inactive', 1);
    const started = await start(targets);
    const jobId = started.body.job.id as number;
    expect((await report(jobId, 0, [targets[0]!.fb_user_id, targets[1]!.fb_user_id, outsider!.fb_user_id])).body).toEqual({ batch_no: 0, accepted: 2, duplicate: false });
    expect((await report(jobId, 0, [targets[2]!.fb_user_id])).body).toEqual({ batch_no: 0, accepted: 0, duplicate: true });
    expect((await report(jobId, 1, [targets[1]!.fb_user_id, targets[2]!.fb_user_id])).body).toEqual({ batch_no: 1, accepted: 1, duplicate: false });
    expect(await removedToday()).toBe(3);
    expect(await listsOf([...targets, outsider!])).toEqual(['removed', 'removed', 'removed', 'inactive']);

    const audits = await server.db
      .select({ memberId: audit_logs.member_id, userId: audit_logs.user_id, data: audit_logs.data })
      .from(audit_logs)
      .where(and(eq(audit_logs.kind, 'members_removed'), inArray(audit_logs.member_id, [...targets, outsider!].map((target) => target.id))));
    expect(audits.map((audit) => audit.memberId).sort()).toEqual(targets.map((target) => target.id).sort());
    expect(audits.every((audit) => audit.userId === world.userIds.groupAdmin && audit.data.ip === '127.0.0.1')).toBe(true);
    const logged = await admin('GET', '/groups/{id}/audit_logs', {
      url: `/groups/${world.group.id}/audit_logs`,
      query: { member_id: String(targets[0]!.id), kind: 'members_removed' },
    });
    expect(logged.body.audit_logs).toHaveLength(1);
    expect(logged.body.audit_logs[0]).toMatchObject({ kind: 'members_removed', member_id: targets[0]!.id });

    const removalsDone = async () =>
      (await server.db.select().from(audit_logs).where(and(eq(audit_logs.group_id, world.group.id), eq(audit_logs.kind, 'members_removal_done')))).length;
    const doneBefore = await removalsDone();
    await finishJob(admin, jobId);
    expect((await removalsDone()) - doneBefore).toBe(1);
    const { rows } = await server.db.execute<{ removed: number; metric: number }>(sql`
      SELECT (SELECT count(*)::int FROM memberships WHERE group_id = ${world.group.id} AND list = 'removed') AS removed,
             (SELECT removed FROM daily_metrics WHERE group_id = ${world.group.id} AND day = ${removalPeriods(new Date()).today}::date) AS metric`);
    expect(rows[0]!.metric).toBe(rows[0]!.removed);
  });

  it('refuses a second removal while the first runs, and takes it once the first is abandoned', async () => {
    const first = await membersIn('inactive', 2);
    const started = await start(first);
    const firstId = started.body.job.id as number;
    const second = await membersIn('inactive', 1);
    const refused = await start(second);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ reason: 'already_running', job_id: firstId });

    // A batch or a progress report keeps the job alive however long ago it started.
    const longAgo = new Date(Date.now() - SPEC_JOB_ABANDONED_AFTER_MS - 60_000);
    const goQuiet = () => server.db.update(robot_jobs).set({ started_at: longAgo, last_activity_at: longAgo }).where(eq(robot_jobs.id, firstId));
    await goQuiet();
    await report(firstId, 0, [first[0]!.fb_user_id]);
    expect((await start(second)).status).toBe(409);
    await goQuiet();
    const progress = await admin('POST', '/robot/jobs/{job_id}/progress', { url: `/robot/jobs/${firstId}/progress`, payload: { progress: 1, total: 2 } });
    expect(progress.status).toBe(200);
    expect((await start(second)).status).toBe(409);

    await goQuiet();
    expect((await listedLimits()).daily.spent).toBe(1);
    const accepted = await start(second);
    expect(accepted.status).toBe(201);
    const [abandoned] = await server.db.select().from(robot_jobs).where(eq(robot_jobs.id, firstId));
    expect(abandoned).toMatchObject({ status: 'failed', finished_at: expect.any(Date) });
    expect((await listedLimits()).daily.spent).toBe(2);
    expect((await report(firstId, 1, [first[1]!.fb_user_id])).status).toBe(409);
  });
});
