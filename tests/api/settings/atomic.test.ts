import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { DEFAULT_GROUP_SCHEDULE } from '../../../server/db/group-defaults';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/database';
import { withInsertFault } from '../support/faulty-database';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { tableDigests } from '../support/table-counts';

/** Each settings change and its audit record are one transaction: a failure at the audit leaves every table as it was. */
describe.each(databaseKinds())('a settings change that fails at its audit on %s', (kind) => {
  let database: TestDatabase;
  let faulty: ReturnType<typeof withInsertFault>;
  let app: FastifyInstance;
  let world: RoleWorld;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    faulty = withInsertFault(database);
    app = await buildServer({ ...loadConfig({}), appDir: undefined, logLevel: 'silent' }, { database: faulty.database });
    world = await createRoleWorld(database.db);
    // The session's first use writes its last-used time; it happens here, not in a change under test.
    await app.inject({ method: 'GET', url: '/api/v1/settings', headers: bearer(world.tokens.groupAdmin!) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each([
    ['the group settings', 'POST', 'groups/{id}/settings', { settings: { engagement_sync_days_back: 120 } }],
    ['the schedule', 'PUT', 'groups/{id}/schedule', { config: { fetch_group_members: { ...DEFAULT_GROUP_SCHEDULE.fetch_group_members, enabled: true } } }],
    ['the user settings', 'POST', 'settings', { settings: { members_per_page: 100 } }],
  ] as const)('%s write nothing', async (_what, method, path, payload) => {
    const before = await tableDigests(database.db);
    faulty.crashAfterInserts(0);
    const url = `/api/v1/${path.replace('{id}', String(world.group.id))}`;
    const response = await app.inject({ method, url, headers: bearer(world.tokens.groupAdmin!), payload });
    faulty.heal();
    expect(response.statusCode).toBe(500);
    expect(await tableDigests(database.db)).toEqual(before);
  });
});
