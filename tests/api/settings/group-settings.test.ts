import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_logs, groups } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, openRoleSession, type Role, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { dataDigests } from '../support/table-counts';
import { createTestServer, type TestServer } from '../support/test-server';
import { SPEC_SYNC_LIMITS_BY_PLAN } from '../../support/spec-numbers';

const contract = createResponseValidator();
const PATH = '/groups/{id}/settings';

/** Part 1 §9 and the contract: the onboarding scan's settings, which every group starts with. */
const STARTING_SETTINGS = {
  engagement_sync_lookbehind_by: 'posts',
  engagement_sync_days_back: 10,
  engagement_sync_posts_back: 10,
  engagement_sync_reactions_per_post: 100,
  engagement_sync_comments_per_post: 50,
};
/** The contract's GroupLimits: free 10 days and 10 posts, every paid plan 200 and 200. */
const FREE_LIMITS = { engagement_sync_days_back: 10, engagement_sync_posts_back: 10 };
const PAID_LIMITS = { engagement_sync_days_back: 200, engagement_sync_posts_back: 200 };

describe.each(databaseKinds())('group engagement-sync settings on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    // The other group is free: its admin saves within the free limits.
    await server.db.update(groups).set({ subscribed_plan: 'free', limits: SPEC_SYNC_LIMITS_BY_PLAN.free }).where(eq(groups.id, world.otherGroup.id));
  });
  afterAll(async () => server?.close());

  async function call(role: Role, method: 'GET' | 'POST', groupId: number, payload?: unknown, headers: Record<string, string> = {}) {
    const token = (await openRoleSession(server.db, world, role))!;
    const response = await server.app.inject({
      method,
      url: `/api/v1/groups/${groupId}/settings`,
      headers: { ...bearer(token), ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
    expect(contract.validate(PATH, method, response.statusCode, response.json()), response.body).toBeUndefined();
    return response;
  }

  const settingsAudits = (groupId: number) =>
    server.db
      .select({ userId: audit_logs.user_id, data: audit_logs.data })
      .from(audit_logs)
      .where(and(eq(audit_logs.group_id, groupId), eq(audit_logs.kind, 'settings_updated')))
      .orderBy(audit_logs.id);

  it('answers the starting settings and the plan’s days and posts limits', async () => {
    const paid = await call('groupAdmin', 'GET', world.group.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ settings: STARTING_SETTINGS, limits: PAID_LIMITS });
    expect((await call('otherGroupAdmin', 'GET', world.otherGroup.id)).json()).toEqual({ settings: STARTING_SETTINGS, limits: FREE_LIMITS });
  });

  it('saves one key, keeps the others, and audits the change with its old and new value', async () => {
    const saved = await call('groupAdmin', 'POST', world.group.id, { settings: { engagement_sync_days_back: 150 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ settings: { ...STARTING_SETTINGS, engagement_sync_days_back: 150 }, limits: PAID_LIMITS });
    expect((await call('groupAdmin', 'GET', world.group.id)).json().settings.engagement_sync_days_back).toBe(150);
    await call('groupAdmin', 'POST', world.group.id, { settings: { engagement_sync_lookbehind_by: 'days' } });
    expect((await call('groupAdmin', 'GET', world.group.id)).json().settings).toEqual({
      ...STARTING_SETTINGS,
      engagement_sync_days_back: 150,
      engagement_sync_lookbehind_by: 'days',
    });
    expect(await settingsAudits(world.group.id)).toEqual([
      { userId: world.userIds.groupAdmin, data: { ip: '127.0.0.1', diff: { engagement_sync_days_back: [10, 150] } } },
      { userId: world.userIds.groupAdmin, data: { ip: '127.0.0.1', diff: { engagement_sync_lookbehind_by: ['posts', 'days'] } } },
    ]);
  });

  it('answers a value equal to the saved one without writing an audit', async () => {
    const audits = (await settingsAudits(world.group.id)).length;
    const same = await call('groupAdmin', 'POST', world.group.id, { settings: { engagement_sync_lookbehind_by: 'days' } });
    expect(same.statusCode).toBe(200);
    expect(same.json().settings.engagement_sync_lookbehind_by).toBe('days');
    expect(await settingsAudits(world.group.id)).toHaveLength(audits);
  });

  it('lets a free group save within its limits, up to the limit itself', async () => {
    const saved = await call('otherGroupAdmin', 'POST', world.otherGroup.id, { settings: { engagement_sync_posts_back: 10 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const lower = await call('otherGroupAdmin', 'POST', world.otherGroup.id, { settings: { engagement_sync_days_back: 5 } });
    expect(lower.json()).toEqual({ settings: { ...STARTING_SETTINGS, engagement_sync_days_back: 5 }, limits: FREE_LIMITS });
  });

  it('refuses days or posts above the group’s limit with 422 limit_exceeded and its limits, writing nothing', async () => {
    const before = await dataDigests(server.db);
    for (const settings of [{ engagement_sync_days_back: 11 }, { engagement_sync_posts_back: 200 }]) {
      const refused = await call('otherGroupAdmin', 'POST', world.otherGroup.id, { settings });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().error).toMatchObject({ code: 'limit_exceeded', details: { limits: FREE_LIMITS } });
    }
    expect(await dataDigests(server.db)).toEqual(before);
  });

  it('refuses a locked group’s change with 409 locked and writes nothing', async () => {
    await server.db.update(groups).set({ is_locked: true }).where(eq(groups.id, world.otherGroup.id));
    try {
      const before = await dataDigests(server.db);
      const refused = await call('otherGroupAdmin', 'POST', world.otherGroup.id, { settings: { engagement_sync_days_back: 3 } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.details).toEqual({ reason: 'locked' });
      expect(await dataDigests(server.db)).toEqual(before);
      expect((await call('otherGroupAdmin', 'GET', world.otherGroup.id)).statusCode).toBe(200);
    } finally {
      await server.db.update(groups).set({ is_locked: false }).where(eq(groups.id, world.otherGroup.id));
    }
  });

  it('hides another tenant’s group, and a group from its subscriber, with 404', async () => {
    for (const [role, method] of [
      ['otherGroupAdmin', 'GET'],
      ['otherGroupAdmin', 'POST'],
      ['subscriber', 'POST'],
      ['supervisor', 'GET'],
    ] as const) {
      const response = await call(role, method, world.group.id, method === 'POST' ? { settings: { engagement_sync_days_back: 20 } } : undefined);
      expect(response.statusCode, `${role} ${method}`).toBe(404);
    }
    expect((await call('groupAdmin', 'GET', world.group.id)).json().settings.engagement_sync_days_back).toBe(150);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await dataDigests(server.db);
    const cases: [unknown, string][] = [
      [{ settings: {} }, 'settings'],
      [{ settings: { engagement_sync_days_back: 'twenty' } }, 'settings.engagement_sync_days_back'],
      [{ settings: { engagement_sync_days_back: { value: 20 } } }, 'settings.engagement_sync_days_back'],
      [{ settings: [20] }, 'settings'],
      [{ settings: { engagement_sync_days_back: 0 } }, 'settings.engagement_sync_days_back'],
      [{ settings: { engagement_sync_days_back: 201 } }, 'settings.engagement_sync_days_back'],
      [{ settings: { engagement_sync_lookbehind_by: 'weeks' } }, 'settings.engagement_sync_lookbehind_by'],
      [{ settings: { engagement_sync_days_back: 20, is_locked: false } }, 'settings.is_locked'],
      [{ settings: { engagement_sync_days_back: 20 }, limits: PAID_LIMITS }, 'limits'],
      [{}, 'settings'],
    ];
    for (const [payload, field] of cases) {
      const refused = await call('groupAdmin', 'POST', world.group.id, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.details.field, JSON.stringify(payload)).toBe(field);
    }
    const asText = await call('groupAdmin', 'POST', world.group.id, JSON.stringify({ settings: { engagement_sync_days_back: 20 } }), {
      'content-type': 'text/plain',
    });
    expect(asText.statusCode).toBe(415);
    expect(await dataDigests(server.db)).toEqual(before);
  });
});
