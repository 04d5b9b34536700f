import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { tasks } from '../../../server/db/schema';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/database';
import { withInsertFault } from '../support/faulty-database';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { tableDigests } from '../support/table-counts';

/** Each supervisor edit and its audit record are one transaction: a failure at the audit leaves every table as it was. */
describe.each(databaseKinds())('a supervisor edit that fails at its audit on %s', (kind) => {
  let database: TestDatabase;
  let faulty: ReturnType<typeof withInsertFault>;
  let app: FastifyInstance;
  let world: RoleWorld;
  let failedTaskId: number;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    faulty = withInsertFault(database);
    app = await buildServer({ ...loadConfig({}), appDir: undefined, logLevel: 'silent' }, { database: faulty.database });
    world = await createRoleWorld(database.db);
    const [task] = await database.db.insert(tasks).values({ kind: 'match_customers', group_id: world.group.id, status: 'failed', error: 'boom' }).returning({ id: tasks.id });
    failedTaskId = task!.id;
    // The session's first use writes its last-used time; it happens here, not in a change under test.
    await app.inject({ method: 'GET', url: '/api/v1/supervisor/monitor', headers: bearer(world.tokens.supervisor!) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each([
    ['a group edit', 'PATCH', () => `supervisor/groups/${world.group.id}`, { name: 'Renamed', subscribed_plan: 'free', flags: { count_payment_error: 1 } }],
    ['a user edit', 'PATCH', () => `supervisor/users/${world.userIds.groupAdmin}`, { first_name: 'Renamed', email: 'renamed@example.com', flags: { robot_training: true } }],
    ['a task retry', 'POST', () => `supervisor/jobs/${failedTaskId}/retry`, undefined],
  ] as const)('%s writes nothing', async (_what, method, path, payload) => {
    const before = await tableDigests(database.db);
    faulty.crashAfterInserts(0);
    const response = await app.inject({ method, url: `/api/v1/${path()}`, headers: bearer(world.tokens.supervisor!), ...(payload ? { payload } : {}) });
    faulty.heal();
    expect(response.statusCode).toBe(500);
    expect(await tableDigests(database.db)).toEqual(before);
  });
});
