import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/database';
import { withInsertFault } from '../support/faulty-database';
import { createRoleWorld, type RoleWorld } from '../support/roles';
import { bearer } from '../support/sandbox-session';
import { tableDigests } from '../support/table-counts';
import { reviewWorld } from './review-world';

/** Each change of the review is one transaction: a failure at its last write (the audit record) leaves every table as it was. */
describe.each(databaseKinds())('a review change that fails midway on %s', (kind) => {
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
    await app.inject({ method: 'GET', url: '/api/v1/groups', headers: bearer(world.tokens.groupAdmin!) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each([
    ['a link', 1, 'account_customers/link', (w: Awaited<ReturnType<typeof reviewWorld>>) => ({ link_items: [{ member_id: w.member.ben, customer_id: 'cus_a' }] })],
    ['an unlink', 0, 'account_customers/unlink', (w: Awaited<ReturnType<typeof reviewWorld>>) => ({ link_items: [{ member_id: w.member.dee, customer_id: 'cus_b' }] })],
    ['a rejection', 0, 'matches/reject', (w: Awaited<ReturnType<typeof reviewWorld>>) => ({ match_ids: [w.match.annC1, w.match.benC2] })],
  ] as const)('%s writes nothing', async (_what, insertsBeforeCrash, path, body) => {
    const review = await reviewWorld(database.db, world);
    const before = await tableDigests(database.db);
    faulty.crashAfterInserts(insertsBeforeCrash);
    const response = await app.inject({ method: 'POST', url: `/api/v1/groups/${review.groupId}/${path}`, headers: bearer(world.tokens.groupAdmin!), payload: body(review) });
    faulty.heal();
    expect(response.statusCode).toBe(500);
    expect(await tableDigests(database.db)).toEqual(before);
  });
});
