import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import { appSchema } from '../../../server/db/app-db';
import type { AppDb, DatabaseKind } from '../../../server/db/connect';
import { oneAtATime } from '../../../server/db/one-at-a-time';
import { readMemberChunks, type MemberListQuery } from '../../../server/domain/member-lists';
import { databaseKinds } from '../../support/database';
import { createRoleWorld } from '../support/roles';
import { createTestServer, type TestServer } from '../support/test-server';

const MEMBERS = 40;
const CHUNK = 4;

/**
 * The database on a client whose queries (each of an export's chunk reads) are held until the test
 * lets them go, counting those under way.
 */
function holdingQueries(db: AppDb, kind: DatabaseKind) {
  let underWay = 0;
  const held: Array<() => void> = [];
  const client = (db as unknown as { $client: object }).$client;
  const holdingClient = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      if (property !== 'query') return value.bind(target);
      return async (...args: unknown[]) => {
        underWay += 1;
        try {
          const result: unknown = await value.apply(target, args);
          await new Promise<void>((release) => held.push(release));
          return result;
        } finally {
          underWay -= 1;
        }
      };
    },
  });
  const holding = (
    kind === 'pglite' ? drizzlePglite({ client: holdingClient as PGlite, schema: appSchema }) : drizzleNodePg({ client: holdingClient as pg.Pool, schema: appSchema })
  ) as unknown as AppDb;
  return { db: holding, underWay: () => underWay, release: () => held.splice(0).forEach((release) => release()) };
}

async function readAll(chunks: AsyncIterable<unknown[]>): Promise<number> {
  let rows = 0;
  for await (const chunk of chunks) rows += chunk.length;
  return rows;
}

describe.each(databaseKinds())('exports sharing the database on %s', (kind) => {
  let server: TestServer;
  let query: MemberListQuery;

  beforeAll(async () => {
    server = await createTestServer(kind);
    const world = await createRoleWorld(server.db);
    await server.db.execute(sql`
      WITH made AS (
        INSERT INTO members (fb_user_id, name) SELECT (5400000000 + i)::text, 'Exported ' || i FROM generate_series(1, ${MEMBERS}::int) AS i RETURNING id, name
      )
      INSERT INTO memberships (group_id, member_id, member_name) SELECT ${world.group.id}::int, id, name FROM made`);
    query = { groupId: world.group.id, list: 'all_members', sortBy: 'name', sortDirection: 'asc' };
  });
  afterAll(async () => server?.close());

  it('let the event loop run between their queries, so requests that arrive meanwhile are read', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) globalThis.setImmediate(count);
    };
    globalThis.setImmediate(count);
    const turnsAtChunk: number[] = [];
    for await (const _chunk of readMemberChunks(server.db, query, { chunkSize: CHUNK })) turnsAtChunk.push(turns);
    counting = false;
    expect(turnsAtChunk.length).toBeGreaterThan(MEMBERS / CHUNK);
    for (let chunk = 1; chunk < turnsAtChunk.length; chunk += 1) expect(turnsAtChunk[chunk], `chunk ${chunk}`).toBeGreaterThan(turnsAtChunk[chunk - 1]!);
  });

  it('take turns: of all the exports, one chunk read is in the database at a time', async () => {
    const holding = holdingQueries(server.db, kind);
    const turns = oneAtATime();
    let done = false;
    const reading = Promise.all([
      readAll(readMemberChunks(holding.db, query, { chunkSize: CHUNK, inTurn: turns })),
      readAll(readMemberChunks(holding.db, query, { chunkSize: CHUNK, inTurn: turns })),
    ]).finally(() => {
      done = true;
    });
    let rounds = 0;
    while (!done) {
      // A few turns of the event loop: enough for both exports to reach their next query.
      for (let turn = 0; turn < 10; turn += 1) await setImmediate();
      expect(holding.underWay(), `round ${rounds}`).toBeLessThanOrEqual(1);
      holding.release();
      rounds += 1;
    }
    expect(await reading).toEqual([MEMBERS + 3, MEMBERS + 3]);
    expect(rounds).toBeGreaterThan(2 * (MEMBERS / CHUNK));
  });
});
