import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, memberships, removal_counters, robot_jobs } from '../../../server/db/schema';
import { removalLimits, removalPeriods } from '../../../server/domain/removal-limits';
import { readRemovalUsage } from '../../../server/domain/removal-usage';
import { databaseKinds } from '../../support/database';
import { SPEC_DAILY_REMOVALS, SPEC_FREE_REMOVALS, SPEC_JOB_ABANDONED_AFTER_MS, SPEC_WEEKLY_REMOVALS } from '../../support/spec-numbers';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { createTestServer, type TestServer } from '../support/test-server';

/** A Wednesday afternoon: the UTC day ends in 9 h 30 min, the week (from Monday) in 4 days 9 h 30 min. */
const NOW = new Date('2026-03-18T14:30:00Z');
const END_OF_DAY = new Date('2026-03-19T00:00:00Z');
const END_OF_WEEK = new Date('2026-03-23T00:00:00Z');

describe('removal limits', () => {
  it('recommend 100 a day and 500 a week, and give a free group ten removals in all', () => {
    const untouched = { today: 0, thisWeek: 0, total: 0 };
    const paid = removalLimits('annual', untouched, NOW);
    expect([paid.daily.limit, paid.weekly.limit]).toEqual([SPEC_DAILY_REMOVALS, SPEC_WEEKLY_REMOVALS]);
    expect(removalLimits('free', untouched, NOW).free.limit).toBe(SPEC_FREE_REMOVALS);
  });

  it('count days and weeks in UTC, weeks from Monday', () => {
    expect(removalPeriods(NOW)).toEqual({ today: '2026-03-18', weekStart: '2026-03-16', dayEnds: END_OF_DAY, weekEnds: END_OF_WEEK });
    expect(removalPeriods(new Date('2026-03-16T00:00:00Z')).weekStart).toBe('2026-03-16');
    expect(removalPeriods(new Date('2026-03-22T23:59:59Z')).weekStart).toBe('2026-03-16');
  });

  it('hold a paid group to what is left today when that is tightest, until midnight', () => {
    const limits = removalLimits('annual', { today: 70, thisWeek: 120, total: 4_000 }, NOW);
    expect(limits.daily).toEqual({ limit: 100, left: 30, spent: 70 });
    expect(limits.weekly).toEqual({ limit: 500, left: 380, spent: 120 });
    expect(limits.current).toEqual(limits.daily);
    expect(limits.reset_at).toEqual(END_OF_DAY);
    expect(limits.seconds_till_reset).toBe(9.5 * 3600);
  });

  it('hold a paid group to the week once the week is tighter, until Monday', () => {
    const limits = removalLimits('monthly', { today: 10, thisWeek: 480, total: 480 }, NOW);
    expect(limits.current).toEqual({ limit: 500, left: 20, spent: 480 });
    expect(limits.reset_at).toEqual(END_OF_WEEK);
  });

  it('wait for the later reset when the day and the week are both used up', () => {
    const limits = removalLimits('once', { today: 100, thisWeek: 500, total: 900 }, NOW);
    expect(limits.current.left).toBe(0);
    expect(limits.reset_at).toEqual(END_OF_WEEK);
  });

  it('hold a free group to its allowance, which never resets', () => {
    const limits = removalLimits('free', { today: 3, thisWeek: 3, total: 3 }, NOW);
    expect(limits.free).toEqual({ limit: 10, left: 7, spent: 3 });
    expect(limits.current).toEqual(limits.free);
    expect(limits.reset_at).toBeNull();
    expect(limits.seconds_till_reset).toBeNull();
  });

  it('leave nothing once a free group spent its allowance, and never less than nothing', () => {
    const limits = removalLimits('free', { today: 0, thisWeek: 0, total: 12 }, NOW);
    expect(limits.current).toEqual({ limit: 10, left: 0, spent: 12 });
  });

  it('do not hold a paid group to the free allowance', () => {
    const limits = removalLimits('monthly', { today: 0, thisWeek: 0, total: 50 }, NOW);
    expect(limits.free.left).toBe(0);
    expect(limits.current.left).toBe(100);
  });
});

describe.each(databaseKinds())('removal usage on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  const now = new Date();
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  /** Members of a group in its inactive list, as a removal job names them. */
  const jobMembers = async (groupId: number, count: number, prefix: string) => {
    const rows = await server.db
      .insert(members)
      .values(Array.from({ length: count }, (_, index) => ({ fb_user_id: `${prefix}${index}`, name: `Pending ${prefix}${index}` })))
      .returning({ id: members.id, fb_user_id: members.fb_user_id, name: members.name });
    await server.db.insert(memberships).values(rows.map((row) => ({ group_id: groupId, member_id: row.id, member_name: row.name })));
    return rows;
  };
  const job = async (groupId: number, name: 'remove_group_members' | 'fetch_group_members', status: 'running' | 'completed', startedAt: Date, targets: { id: number }[]) => {
    const [row] = await server.db
      .insert(robot_jobs)
      .values({ group_id: groupId, name, status, args: { id: groupId, members: targets }, started_at: startedAt, last_activity_at: startedAt })
      .returning({ id: robot_jobs.id });
    return row!.id;
  };

  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());

  it("counts a live removal job's unreported members as spent today, this week and in total, for its group only", async () => {
    const { today, weekStart } = removalPeriods(now);
    await server.db.insert(removal_counters).values([
      { group_id: world.group.id, day: today, count: 5 },
      ...(weekStart < today ? [{ group_id: world.group.id, day: weekStart, count: 7 }] : []),
      { group_id: world.group.id, day: '2020-01-06', count: 11 },
    ]);
    const counted = { today: 5, thisWeek: weekStart < today ? 12 : 5, total: weekStart < today ? 23 : 16 };
    expect((await readRemovalUsage(server.db, [world.group.id], now)).get(world.group.id)).toEqual(counted);

    const live = await jobMembers(world.group.id, 4, '5101');
    const liveJob = await job(world.group.id, 'remove_group_members', 'running', minutesAgo(5), live);
    await server.db.update(memberships).set({ is_removed: true, removed_at: minutesAgo(1) }).where(eq(memberships.member_id, live[0]!.id));
    await job(world.group.id, 'remove_group_members', 'completed', minutesAgo(30), await jobMembers(world.group.id, 3, '5102'));
    await job(world.group.id, 'fetch_group_members', 'running', minutesAgo(5), await jobMembers(world.group.id, 2, '5103'));
    const other = await jobMembers(world.otherGroup.id, 2, '5104');
    await job(world.otherGroup.id, 'remove_group_members', 'running', minutesAgo(5), other);

    const usage = await readRemovalUsage(server.db, [world.group.id, world.otherGroup.id], now);
    expect(usage.get(world.group.id)).toEqual({ today: counted.today + 3, thisWeek: counted.thisWeek + 3, total: counted.total + 3 });
    expect(usage.get(world.otherGroup.id)).toEqual({ today: 2, thisWeek: 2, total: 2 });

    // Removed before the job started is not this job's removal: the member still counts as pending.
    await server.db.update(memberships).set({ removed_at: minutesAgo(10) }).where(eq(memberships.member_id, live[0]!.id));
    expect((await readRemovalUsage(server.db, [world.group.id], now)).get(world.group.id)!.today).toBe(counted.today + 4);

    // A job whose last sign of life is 15 minutes old is abandoned and no longer counts; a millisecond younger, it still does
    // (and the member removed ten minutes ago now falls within the job).
    const quietFor = (millis: number) => {
      const since = new Date(now.getTime() - millis);
      return server.db.update(robot_jobs).set({ started_at: since, last_activity_at: since }).where(eq(robot_jobs.id, liveJob));
    };
    await quietFor(SPEC_JOB_ABANDONED_AFTER_MS - 1);
    expect((await readRemovalUsage(server.db, [world.group.id], now)).get(world.group.id)!.today).toBe(counted.today + 3);
    await quietFor(SPEC_JOB_ABANDONED_AFTER_MS);
    expect((await readRemovalUsage(server.db, [world.group.id], now)).get(world.group.id)).toEqual(counted);
    // A recent sign of life (a batch or a progress report) keeps it live; the member removed ten minutes ago now falls within the job.
    await server.db.update(robot_jobs).set({ last_activity_at: minutesAgo(2) }).where(eq(robot_jobs.id, liveJob));
    expect((await readRemovalUsage(server.db, [world.group.id], now)).get(world.group.id)!.today).toBe(counted.today + 3);
  });
});
