import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_WEEKDAYS } from '../../../rules/schedule';
import { audit_logs, groups } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, openRoleSession, type Role, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { dataDigests } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();
const PATH = '/groups/{id}/schedule';

/** Part 2 §3, §4, §9: both jobs off, every day at 12:00:00, Sync Engagements after Sync Members. */
const SYNC_MEMBERS = { enabled: false, scheduled: 'everyDay', everyDay: '12:00:00', afterJob: null, ...NO_WEEKDAYS, humanName: 'Sync Members' };
const SYNC_ENGAGEMENTS = {
  enabled: false,
  scheduled: 'afterJob',
  everyDay: '12:00:00',
  afterJob: 'fetch_group_members',
  ...NO_WEEKDAYS,
  humanName: 'Sync Engagements',
};

describe.each(databaseKinds())('the robot task schedule on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());

  async function call(role: Role, method: 'GET' | 'PUT', groupId: number, payload?: unknown, headers: Record<string, string> = {}) {
    const token = (await openRoleSession(server.db, world, role))!;
    const response = await server.app.inject({
      method,
      url: `/api/v1/groups/${groupId}/schedule`,
      headers: { ...bearer(token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
    expect(contract.validate(PATH, method, response.statusCode, response.json()), response.body).toBeUndefined();
    return response;
  }

  const scheduleAudits = (groupId: number) =>
    server.db
      .select({ kind: audit_logs.kind, userId: audit_logs.user_id, data: audit_logs.data })
      .from(audit_logs)
      .where(and(eq(audit_logs.group_id, groupId), eq(audit_logs.kind, 'schedule_updated')))
      .orderBy(audit_logs.id);

  const withPlan = (groupId: number, set: { subscribed_plan?: 'free' | 'monthly'; is_locked?: boolean }) =>
    server.db.update(groups).set(set).where(eq(groups.id, groupId));

  it('answers both jobs with their defaults and display names', async () => {
    const response = await call('groupAdmin', 'GET', world.group.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ config: { fetch_group_members: SYNC_MEMBERS, fetch_group_posts: SYNC_ENGAGEMENTS } });
  });

  it('replaces the job sent, keeps the other, ignores a humanName sent and audits each changed field', async () => {
    const members = { ...SYNC_MEMBERS, enabled: true, scheduled: 'perWeekdays', perWeekdays1: '07:35:00', perWeekdays5: '23:55:00', humanName: 'Renamed' };
    const saved = await call('groupAdmin', 'PUT', world.group.id, { config: { fetch_group_members: members } });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = { fetch_group_members: { ...members, humanName: 'Sync Members' }, fetch_group_posts: SYNC_ENGAGEMENTS };
    expect(saved.json()).toEqual({ config: expected });
    expect((await call('groupAdmin', 'GET', world.group.id)).json()).toEqual({ config: expected });
    expect(await scheduleAudits(world.group.id)).toEqual([
      {
        kind: 'schedule_updated',
        userId: world.userIds.groupAdmin,
        data: {
          ip: '127.0.0.1',
          diff: {
            'fetch_group_members.enabled': [false, true],
            'fetch_group_members.scheduled': ['everyDay', 'perWeekdays'],
            'fetch_group_members.perWeekdays1': [null, '07:35:00'],
            'fetch_group_members.perWeekdays5': [null, '23:55:00'],
          },
        },
      },
    ]);
  });

  it('answers a schedule equal to the saved one without an audit', async () => {
    const current = (await call('groupAdmin', 'GET', world.group.id)).json().config;
    const same = await call('groupAdmin', 'PUT', world.group.id, { config: current });
    expect(same.statusCode).toBe(200);
    expect(same.json().config).toEqual(current);
    expect(await scheduleAudits(world.group.id)).toHaveLength(1);
  });

  it('refuses a free group with 409 free_plan and a locked one with 409 locked, writing nothing', async () => {
    const change = { config: { fetch_group_posts: { ...SYNC_ENGAGEMENTS, enabled: true } } };
    for (const [set, reason] of [
      [{ subscribed_plan: 'free' }, 'free_plan'],
      [{ is_locked: true }, 'locked'],
    ] as const) {
      await withPlan(world.otherGroup.id, set);
      try {
        const before = await dataDigests(server.db);
        const refused = await call('otherGroupAdmin', 'PUT', world.otherGroup.id, change);
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json().error).toMatchObject({ code: 'conflict', details: { reason } });
        expect(await dataDigests(server.db)).toEqual(before);
        expect((await call('otherGroupAdmin', 'GET', world.otherGroup.id)).json().config.fetch_group_posts).toEqual(SYNC_ENGAGEMENTS);
      } finally {
        await withPlan(world.otherGroup.id, { subscribed_plan: 'monthly', is_locked: false });
      }
    }
    expect((await call('otherGroupAdmin', 'PUT', world.otherGroup.id, change)).statusCode).toBe(200);
  });

  it('refuses a job that would run after itself, directly or through the job it follows, with 409 after_itself', async () => {
    const before = await dataDigests(server.db);
    const itself = await call('groupAdmin', 'PUT', world.group.id, {
      config: { fetch_group_posts: { ...SYNC_ENGAGEMENTS, afterJob: 'fetch_group_posts' } },
    });
    expect(itself.statusCode).toBe(409);
    expect(itself.json().error.details).toEqual({ reason: 'after_itself', job: 'fetch_group_posts' });
    // Sync Engagements already follows Sync Members: Sync Members after Sync Engagements would wait forever.
    const eachOther = await call('groupAdmin', 'PUT', world.group.id, {
      config: { fetch_group_members: { ...SYNC_MEMBERS, scheduled: 'afterJob', afterJob: 'fetch_group_posts' } },
    });
    expect(eachOther.statusCode).toBe(409);
    expect(eachOther.json().error.details).toEqual({ reason: 'after_itself', job: 'fetch_group_members' });
    expect(await dataDigests(server.db)).toEqual(before);
  });

  it('refuses a job scheduled afterJob with no job to follow with 400 naming it', async () => {
    const before = await dataDigests(server.db);
    const refused = await call('groupAdmin', 'PUT', world.group.id, { config: { fetch_group_posts: { ...SYNC_ENGAGEMENTS, afterJob: null } } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual({ field: 'config.fetch_group_posts.afterJob', location: 'body', rule: 'required' });
    expect(await dataDigests(server.db)).toEqual(before);
  });

  it('hides another tenant’s group, and a group from its subscriber, with 404', async () => {
    const change = { config: { fetch_group_members: { ...SYNC_MEMBERS, enabled: true } } };
    for (const [role, method] of [
      ['otherGroupAdmin', 'GET'],
      ['otherGroupAdmin', 'PUT'],
      ['subscriber', 'PUT'],
      ['supervisor', 'GET'],
    ] as const) {
      const response = await call(role, method, world.group.id, method === 'PUT' ? change : undefined);
      expect(response.statusCode, `${role} ${method}`).toBe(404);
    }
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await dataDigests(server.db);
    const cases: [unknown, string][] = [
      [{ config: { fetch_group_members: { ...SYNC_MEMBERS, everyDay: '07:33:00' } } }, 'config.fetch_group_members.everyDay'],
      [{ config: { fetch_group_members: { ...SYNC_MEMBERS, everyDay: '24:00:00' } } }, 'config.fetch_group_members.everyDay'],
      [{ config: { fetch_group_members: { ...SYNC_MEMBERS, perWeekdays3: '7:35' } } }, 'config.fetch_group_members.perWeekdays3'],
      [{ config: { fetch_group_members: { ...SYNC_MEMBERS, scheduled: 'hourly' } } }, 'config.fetch_group_members.scheduled'],
      [{ config: { fetch_group_members: { ...SYNC_MEMBERS, enabled: 'yes' } } }, 'config.fetch_group_members.enabled'],
      [{ config: { fetch_group_members: { ...SYNC_MEMBERS, afterJob: 'remove_group_members' } } }, 'config.fetch_group_members.afterJob'],
      [{ config: { fetch_group_members: { ...SYNC_MEMBERS, next_run_at: null } } }, 'config.fetch_group_members.next_run_at'],
      [{ config: { fetch_group_members: { enabled: true } } }, 'config.fetch_group_members.scheduled'],
      [{ config: { remove_group_members: SYNC_MEMBERS } }, 'config.remove_group_members'],
      [{ config: 'everyDay' }, 'config'],
    ];
    for (const [payload, field] of cases) {
      const refused = await call('groupAdmin', 'PUT', world.group.id, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.details.field, JSON.stringify(payload)).toBe(field);
    }
    const asForm = await call('groupAdmin', 'PUT', world.group.id, 'config=everyDay', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(asForm.statusCode).toBe(415);
    expect(await dataDigests(server.db)).toEqual(before);
  });
});
