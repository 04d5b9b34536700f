import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, users } from '../../../server/db/schema';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/database';

describe.each(databaseKinds())('transactions on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  const rowsIn = async (table: typeof users | typeof groups) => (await database.db.select({ n: count() }).from(table))[0]!.n;

  it('leave nothing written when they throw midway', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(users).values({ name: 'Half Done' });
        await tx.insert(groups).values({ fb_group_id: '7', name: 'Half Group' });
        throw new Error('stop here');
      }),
    ).rejects.toThrow('stop here');
    expect(await rowsIn(users)).toBe(0);
    expect(await rowsIn(groups)).toBe(0);
  });

  it('leave nothing written when a statement fails midway', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(groups).values({ fb_group_id: '8', name: 'First' });
        await tx.insert(groups).values({ fb_group_id: '8', name: 'Duplicate' });
      }),
    ).rejects.toThrow();
    expect(await rowsIn(groups)).toBe(0);
  });

  it('commit everything when they succeed', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(users).values({ name: 'Whole' });
      await tx.insert(groups).values({ fb_group_id: '9', name: 'Whole Group' });
    });
    expect(await rowsIn(users)).toBe(1);
    expect(await rowsIn(groups)).toBe(1);
  });
});
