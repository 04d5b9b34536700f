import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { databaseKinds } from '../../support/database';
import { createResponseValidator } from '../support/contract-schemas';
import { createRoleWorld, openRoleSession, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { createTestServer, type TestServer } from '../support/test-server';

const contract = createResponseValidator();

describe.each(databaseKinds())('finding users for supervisors on %s', (kind) => {
  let server: TestServer;
  let world: RoleWorld;
  beforeAll(async () => {
    server = await createTestServer(kind);
    world = await createRoleWorld(server.db);
    await server.db.insert(users).values(
      Array.from({ length: 14 }, (_, index) => ({ name: `Percy Pattern ${index}`, email: `percy${index}@example.com` })),
    );
    await server.db.insert(users).values({ name: 'Under_score 100%', email: 'literal@example.com' });
  });
  afterAll(async () => server?.close());

  const find = async (query: string) => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/autocomplete/users?${query}`,
      headers: bearer((await openRoleSession(server.db, world, 'supervisor'))!),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(contract.validate('/autocomplete/users', 'GET', 200, response.json())).toBeUndefined();
    return response.json().matches as Array<{ id: number; name: string; description: string | null }>;
  };

  it('matches name or email case-insensitively, at most 10, by name', async () => {
    const matches = await find('search=PERCY');
    expect(matches).toHaveLength(10);
    expect(matches[0]).toMatchObject({ name: 'Percy Pattern 0', description: 'percy0@example.com' });
    expect((await find('search=percy13%40example')).map((match) => match.name)).toEqual(['Percy Pattern 13']);
  });

  it('takes % and _ as text, not wildcards', async () => {
    expect((await find('search=100%25')).map((match) => match.name)).toEqual(['Under_score 100%']);
    expect(await find('search=y_P')).toEqual([]);
  });

  it('resolves exact ids, and limits to the holders of a group', async () => {
    expect((await find(`ids=${world.userIds.groupAdmin}|${world.userIds.subscriber}`)).map((match) => match.id).sort()).toEqual(
      [world.userIds.groupAdmin, world.userIds.subscriber].sort(),
    );
    const holders = (await find(`search=Test&group_id=${world.group.id}`)).map((match) => match.id).sort();
    expect(holders).toEqual([world.userIds.banned, world.userIds.groupAdmin].sort());
  });
});
