import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, groups, members, memberships, removal_counters } from '../../../server/db/schema';
import { removalPeriods } from '../../../server/domain/removal-limits';
import { databaseKinds } from '../../support/database';
import { apiAs, type ApiCall } from '../support/robot-client';
import { finishJob } from '../support/sandbox-robot';
import { signInAs } from '../support/sandbox-session';
import { createSeededServer } from '../support/seeded-server';
import type { TestServer } from '../support/test-server';

interface Target {
  id: number;
  fb_user_id: string;
  name: string;
}

describe.each(databaseKinds())('a robot removal job on %s', (kind) => {
  let server: TestServer;
  let ada: ApiCall;
  let group: { id: number; fb_group_id: string };
  let moved: Target[];
  let notMoved: Target;
  let jobId: number;

  beforeAll(async () => {
    server = await createSeededServer(kind);
    ada = apiAs(server.app, (await signInAs(server.app, 'ada')).token);
    [group] = await server.db.select({ id: groups.id, fb_group_id: groups.fb_group_id }).from(groups).where(eq(groups.name, 'Vintage Film Camera Swap'));
    const inactive = await server.db
      .select({ id: members.id, fb_user_id: members.fb_user_id, name: memberships.member_name })
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.member_id))
      .where(and(eq(memberships.group_id, group.id), eq(memberships.list, 'inactive'), eq(memberships.role, 'subscriber')))
      .orderBy(members.id)
      .limit(4);
    [notMoved] = inactive.slice(3);
    moved = inactive.slice(0, 3);
    // The members page moves members to removed; the robot then removes them on the network.
    await server.db
      .update(memberships)
      .set({ is_removed: true })
      .where(and(eq(memberships.group_id, group.id), inArray(memberships.member_id, moved.map((member) => member.id))));
  });
  afterAll(async () => server?.close());

  const removedToday = async () => {
    const [row] = await server.db
      .select({ count: removal_counters.count })
      .from(removal_counters)
      .where(and(eq(removal_counters.group_id, group.id), eq(removal_counters.day, removalPeriods(new Date()).today)));
    return row?.count ?? 0;
  };
  const start = (targets: Target[]) =>
    ada('POST', '/robot/groups/{id}/jobs', { url: `/robot/groups/${group.id}/jobs`, payload: { name: 'remove_group_members', args: { id: group.id, members: targets } } });
  const report = (batchNo: number, fbUserIds: string[]) =>
    ada('POST', '/robot/jobs/{job_id}/removals', { url: `/robot/jobs/${jobId}/removals`, payload: { batch_no: batchNo, fb_user_ids: fbUserIds } });

  it('takes only members moved to removed', async () => {
    const refused = await start([...moved, notMoved]);
    expect(refused.status).toBe(409);
    expect(refused.body.error.details).toEqual({ reason: 'not_removed', member_ids: [notMoved.id] });
    const noMembers = await ada('POST', '/robot/groups/{id}/jobs', { url: `/robot/groups/${group.id}/jobs`, payload: { name: 'remove_group_members', args: { id: group.id } } });
    expect(noMembers.status).toBe(400);
    expect(noMembers.body.error.details).toMatchObject({ field: 'args.members' });
  });

  it('starts with the members as the group knows them', async () => {
    const started = await start(moved.map((member) => ({ ...member, name: 'Whatever The Robot Says' })));
    expect(started.status).toBe(201);
    jobId = started.body.job.id;
    expect(started.body.job).toMatchObject({ name: 'remove_group_members', status: 'running', args: { id: group.id, members: moved } });
  });

  it("marks the reported members removed and counts each once against today's removals", async () => {
    const before = await removedToday();
    await ada('POST', '/sandbox/network/groups/{fb_group_id}/removals', {
      url: `/sandbox/network/groups/${group.fb_group_id}/removals`,
      payload: { fb_user_ids: moved.map((member) => member.fb_user_id) },
    });
    expect((await report(0, [moved[0]!.fb_user_id, moved[1]!.fb_user_id, notMoved.fb_user_id])).body).toEqual({ batch_no: 0, accepted: 2, duplicate: false });
    expect((await report(0, [moved[2]!.fb_user_id])).body).toEqual({ batch_no: 0, accepted: 0, duplicate: true });
    expect((await report(1, [moved[1]!.fb_user_id, moved[2]!.fb_user_id])).body).toEqual({ batch_no: 1, accepted: 1, duplicate: false });
    expect((await removedToday()) - before).toBe(3);
    const rows = await server.db
      .select({ memberId: memberships.member_id, isRemoved: memberships.is_removed, removedAt: memberships.removed_at })
      .from(memberships)
      .where(and(eq(memberships.group_id, group.id), inArray(memberships.member_id, [...moved, notMoved].map((member) => member.id))));
    const byMember = new Map(rows.map((row) => [row.memberId, row]));
    for (const member of moved) expect(byMember.get(member.id)).toMatchObject({ isRemoved: true, removedAt: expect.any(Date) });
    expect(byMember.get(notMoved.id)).toMatchObject({ isRemoved: false, removedAt: null });
  });

  it('audits the finished removal and writes the removed list into today\'s metrics', async () => {
    await finishJob(ada, jobId);
    const audits = await server.db.select().from(audit_logs).where(and(eq(audit_logs.group_id, group.id), eq(audit_logs.kind, 'members_removal_done')));
    expect(audits).toHaveLength(1);
    const { rows } = await server.db.execute<{ removed: number; metric: number }>(sql`
      SELECT (SELECT count(*)::int FROM memberships WHERE group_id = ${group.id} AND list = 'removed') AS removed,
             (SELECT removed FROM daily_metrics WHERE group_id = ${group.id} AND day = ${removalPeriods(new Date()).today}::date) AS metric`);
    expect(rows[0]!.metric).toBe(rows[0]!.removed);
  });
});
