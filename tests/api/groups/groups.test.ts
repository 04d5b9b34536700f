import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removal_counters } from '../../../server/db/schema';
import { removalPeriods } from '../../../server/domain/removal-limits';
import { seedSandboxWorld } from '../../../server/sandbox/seed';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, openRoleSession, type RoleWorld } from '../support/roles';
import { bearer, signInAs } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe.each(databaseKinds())('groups on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    server = await createTestServer(kind);
    await seedSandboxWorld(server.db, { seed: server.config.sandboxSeed, scale: 0.02 });
    world = await createRoleWorld(server.db);
  });
  afterAll(async () => server?.close());

  const get = (url: string, token: string | undefined) =>
    server.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: token ? bearer(token) : {} });

  const groupNames = async (token: string | undefined) => {
    const response = await get('/groups', token);
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/groups', 'GET', 200, response.json())).toBeUndefined();
    return response.json().groups.map((group: { name: string }) => group.name);
  };

  it('lists the groups the user holds, by name, and no group they only belong to', async () => {
    expect(await groupNames((await signInAs(server.app, 'ada')).token)).toEqual([
      'Backyard Beekeepers Circle',
      'Sourdough Bakers Support',
      'Trail Runners Worldwide',
      'Vintage Film Camera Swap',
    ]);
    expect(await groupNames((await signInAs(server.app, 'otto')).token)).toEqual(['Home Espresso Enthusiasts']);
    expect(await groupNames((await signInAs(server.app, 'nora')).token)).toEqual([]);
    expect(await groupNames(await openRoleSession(server.db, world, 'subscriber'))).toEqual([]);
    expect(await groupNames(await openRoleSession(server.db, world, 'groupAdmin'))).toEqual(['The Group']);
    expect(await groupNames(await openRoleSession(server.db, world, 'supervisor'))).toEqual([]);
  });

  it('gives a free group its free removals left', async () => {
    const { groups } = (await get('/groups', (await signInAs(server.app, 'ada')).token)).json();
    const free = groups.find((group: { subscribed_plan: string }) => group.subscribed_plan === 'free');
    expect(free.removal_limits.free).toEqual({ limit: 10, left: 7, spent: 3 });
    expect(free.removal_limits.current).toEqual(free.removal_limits.free);
    expect(free.removal_limits.reset_at).toBeNull();
    expect(free.avatar_url).toMatch(/^http:\/\/localhost(:\d+)?\/sandbox\/images\/avatar\/\d+\.svg$/);
  });

  it('gives a paid group what the day and the week leave', async () => {
    const { today, weekStart } = removalPeriods(new Date());
    const lastWeek = new Date(Date.parse(weekStart) - 86_400_000).toISOString().slice(0, 10);
    await server.db.insert(removal_counters).values([
      { group_id: world.group.id, day: today, count: 30 },
      ...(weekStart === today ? [] : [{ group_id: world.group.id, day: weekStart, count: 200 }]),
      { group_id: world.group.id, day: lastWeek, count: 1_000 },
    ]);
    const response = await get(`/groups/${world.group.id}`, await openRoleSession(server.db, world, 'groupAdmin'));
    expect(response.statusCode).toBe(200);
    expect(contract.validate('/groups/{id}', 'GET', 200, response.json())).toBeUndefined();
    const limits = response.json().group.removal_limits;
    const thisWeek = weekStart === today ? 30 : 230;
    expect(limits.daily).toEqual({ limit: 100, left: 70, spent: 30 });
    expect(limits.weekly).toEqual({ limit: 500, left: 500 - thisWeek, spent: thisWeek });
    expect(limits.current).toEqual(limits.daily);
    expect(Date.parse(limits.reset_at)).toBeGreaterThan(Date.now());
    expect(limits.seconds_till_reset).toBeLessThanOrEqual(86_400);
  });

  it('answers a group the user holds and hides every other group', async () => {
    const response = await get(`/groups/${world.group.id}`, await openRoleSession(server.db, world, 'groupAdmin'));
    expect(response.json().group).toMatchObject({ id: world.group.id, name: 'The Group', subscribed_plan: 'annual' });
    expect(response.json().group.flags).toEqual({ checkbox_payment_terms_accept: false, count_payment_error: 0 });
    expect((await get(`/groups/${world.otherGroup.id}`, await openRoleSession(server.db, world, 'groupAdmin'))).statusCode).toBe(404);
    expect((await get(`/groups/${world.group.id}`, await openRoleSession(server.db, world, 'subscriber'))).statusCode).toBe(404);
  });
});
