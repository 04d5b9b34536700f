import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, members, memberships, removal_counters } from '../../../server/db/schema';
import { planRemovals } from '../../../server/domain/removal-preview';
import { removalLimits, removalPeriods } from '../../../server/domain/removal-limits';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe('removal plans', () => {
  const monday = new Date('2026-03-02T10:00:00Z');
  it('fits a selection within what is left now', () => {
    const limits = removalLimits('annual', { today: 0, thisWeek: 0, total: 0 }, monday);
    expect(planRemovals(80, limits, false, monday)).toEqual({ removableNow: 80, daysNeeded: 0, completesAt: monday });
  });
  it('spreads the rest over the next days within the week', () => {
    const limits = removalLimits('annual', { today: 40, thisWeek: 40, total: 40 }, monday);
    expect(planRemovals(260, limits, false, monday)).toEqual({ removableNow: 60, daysNeeded: 2, completesAt: new Date('2026-03-04T00:00:00Z') });
  });
  it('waits for next week when the week is spent', () => {
    const saturday = new Date('2026-03-07T10:00:00Z');
    const limits = removalLimits('annual', { today: 0, thisWeek: 500, total: 500 }, saturday);
    expect(planRemovals(10, limits, false, saturday)).toEqual({ removableNow: 0, daysNeeded: 2, completesAt: new Date('2026-03-09T00:00:00Z') });
  });
  it('never completes beyond a free allowance', () => {
    const limits = removalLimits('free', { today: 0, thisWeek: 0, total: 7 }, monday);
    expect(planRemovals(5, limits, true, monday)).toEqual({ removableNow: 3, daysNeeded: 0, completesAt: null });
  });
});

describe.each(databaseKinds())('member export and removal preview on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  const ids: Record<'inactive' | 'whitelisted' | 'removed', number[]> = { inactive: [], whitelisted: [], removed: [] };
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    let made = 0;
    for (const list of ['inactive', 'whitelisted', 'removed'] as const) {
      const rows = await server.db
        .insert(members)
        .values(Array.from({ length: 1200 }, () => ({ fb_user_id: `66${(made += 1)}`, name: made === 1 ? 'Quote "Me", =SUM(1)' : `Exported ${made}` })))
        .returning({ id: members.id, name: members.name });
      await server.db.insert(memberships).values(
        rows.map((row) => ({
          group_id: world.group.id,
          member_id: row.id,
          member_name: row.name,
          is_whitelisted: list === 'whitelisted',
          is_removed: list === 'removed',
        })),
      );
      ids[list] = rows.map((row) => row.id);
    }
  });
  afterAll(async () => server?.close());

  const exportCsv = (query: string) =>
    server.app.inject({ method: 'GET', url: `/api/v1/groups/${world.group.id}/members/export?${query}`, headers: bearer(world.tokens.groupAdmin!) });

  it('exports every member of a list as CSV with a header row', async () => {
    const response = await exportCsv('list=inactive');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="members-8100001-inactive.csv"');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,fb_user_id,fb_username,name,posts_count,comments_count,reactions_count,last_activity_at,created_at,paid,subscription,subscription_status,role,is_whitelisted,is_removed',
    );
    // 1,200 made here plus the role world's inactive admins of the group.
    const exported = lines.slice(1).map((line) => Number(line.split(',')[0]));
    expect(new Set(exported).size).toBe(exported.length);
    for (const id of ids.inactive) expect(exported).toContain(id);
    expect(response.body).toContain('"Quote ""Me"", =SUM(1)"');
  });

  it('exports every member of all lists, matching a search', async () => {
    const all = (await exportCsv('list=all_members')).body.trimEnd().split('\r\n');
    expect(all.length - 1).toBeGreaterThanOrEqual(3600);
    const found = (await exportCsv('list=all_members&search=exported%2012')).body.trimEnd().split('\r\n');
    expect(found.slice(1).every((line) => line.includes('Exported 12'))).toBe(true);
    expect(found.length - 1).toBe(1 + 10 + 100);
  });

  const preview = async (memberIds: number[]) => {
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/v1/groups/${world.group.id}/members/removal_preview`,
      headers: bearer(world.tokens.groupAdmin!),
      payload: { ids: memberIds },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/groups/{id}/members/removal_preview', 'POST', 200, response.json())).toBeUndefined();
    return response.json();
  };

  it('previews who would be removed (never the caller, a holder) and when, writing nothing', async () => {
    await server.db.insert(removal_counters).values({ group_id: world.group.id, day: removalPeriods(new Date()).today, count: 60 });
    const selection = [...ids.inactive.slice(0, 50), ...ids.whitelisted.slice(0, 5), ...ids.removed.slice(0, 5), world.memberId];
    const result = await preview(selection);
    expect(result.members).toHaveLength(50);
    expect(result.members.map((member: { id: number }) => member.id)).not.toContain(world.memberId);
    expect(result.members.every((member: { fb_user_id: string }) => /^66\d+$/.test(member.fb_user_id))).toBe(true);
    expect(result.removable_now).toBe(40);
    expect(result.days_needed).toBe(1);
    expect(result.removal_limits.current.left).toBe(40);
    const [row] = await server.db.select({ list: memberships.list }).from(memberships).where(eq(memberships.member_id, ids.inactive[0]!));
    expect(row!.list).toBe('inactive');
    await server.db.update(groups).set({ subscribed_plan: 'free' }).where(eq(groups.id, world.group.id));
    const free = await preview(ids.inactive.slice(0, 20));
    expect(free.completes_at).toBeNull();
    expect(free.removable_now).toBe(0);
  });
});
