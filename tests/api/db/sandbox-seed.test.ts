import { and, count, eq, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppDb } from '../../../server/db/connect';
import {
  app_toggles,
  daily_metrics,
  engagements,
  groups,
  members,
  memberships,
  posts,
  removal_counters,
  sandbox_removals,
  users,
} from '../../../server/db/schema';
import { SANDBOX_ACCOUNTS } from '../../../server/sandbox/accounts';
import { seedSandboxWorld } from '../../../server/sandbox/seed';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/database';
import { worldDigest } from './world-digest';

const NOW = new Date('2026-06-01T08:00:00Z');
const SEED_OPTIONS = { seed: 3, scale: 0.02, now: NOW };

async function rowCount(db: AppDb, table: PgTable) {
  return (await db.select({ n: count() }).from(table))[0]!.n;
}

describe.each(databaseKinds())('sandbox seed on %s', (kind) => {
  let database: TestDatabase;
  let digest: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database?.close());

  it('creates the world on an empty database, telling how far each table is', async () => {
    const told: Array<[table: string, inserted: number, total: number]> = [];
    const onProgress = (table: string, inserted: number, total: number) => void told.push([table, inserted, total]);
    expect(await seedSandboxWorld(database.db, { ...SEED_OPTIONS, onProgress })).toEqual({ created: true });
    const lastTold = (table: string) => told.filter(([name]) => name === table).at(-1);
    for (const [name, table] of [['members', members], ['memberships', memberships], ['reactions and comments', engagements]] as const) {
      const rows = await rowCount(database.db, table);
      expect(lastTold(name)).toEqual([name, rows, rows]);
    }
    expect(await rowCount(database.db, users)).toBe(SANDBOX_ACCOUNTS.length);
    expect(await rowCount(database.db, groups)).toBe(6);
    expect(await rowCount(database.db, members)).toBeGreaterThan(300);
    expect(await rowCount(database.db, memberships)).toBeGreaterThan(300);
    expect(await rowCount(database.db, posts)).toBeGreaterThan(20);
    expect(await rowCount(database.db, engagements)).toBeGreaterThan(20);
    expect(await rowCount(database.db, daily_metrics)).toBe(6 * 180);
    expect(await rowCount(database.db, app_toggles)).toBe(6);
    digest = await worldDigest(database.db);
  });

  it('does nothing the second time', async () => {
    expect(await seedSandboxWorld(database.db, SEED_OPTIONS)).toEqual({ created: false });
    expect(await worldDigest(database.db)).toBe(digest);
  });

  it('gives the same rows for the same seed, and other rows for another seed', async () => {
    const same = await createTestDatabase(kind);
    const other = await createTestDatabase(kind);
    try {
      await seedSandboxWorld(same.db, SEED_OPTIONS);
      await seedSandboxWorld(other.db, { ...SEED_OPTIONS, seed: 4 });
      expect(await worldDigest(same.db)).toBe(digest);
      expect(await worldDigest(other.db)).not.toBe(digest);
    } finally {
      await Promise.all([same.close(), other.close()]);
    }
  });

  it('keeps member activity counts equal to the stored posts and engagements', async () => {
    const { rows } = await database.db.execute<{ mismatches: number }>(sql`
      SELECT count(*)::int AS mismatches
      FROM memberships m
      LEFT JOIN (SELECT group_id, member_id, count(*) AS n FROM posts GROUP BY 1, 2) p
        ON p.group_id = m.group_id AND p.member_id = m.member_id
      LEFT JOIN (SELECT group_id, member_id,
                        count(*) FILTER (WHERE kind = 'reaction') AS reactions,
                        count(*) FILTER (WHERE kind = 'comment') AS comments
                 FROM engagements GROUP BY 1, 2) e
        ON e.group_id = m.group_id AND e.member_id = m.member_id
      WHERE m.posts_count <> coalesce(p.n, 0)
         OR m.reactions_count <> coalesce(e.reactions, 0)
         OR m.comments_count <> coalesce(e.comments, 0)`);
    expect(rows[0]!.mismatches).toBe(0);
  });

  it('ends the daily metrics at the current list sizes', async () => {
    const today = NOW.toISOString().slice(0, 10);
    for (const group of await database.db.select({ id: groups.id }).from(groups)) {
      const [metric] = await database.db
        .select()
        .from(daily_metrics)
        .where(and(eq(daily_metrics.group_id, group.id), eq(daily_metrics.day, today)));
      const lists = await database.db
        .select({ list: memberships.list, n: count() })
        .from(memberships)
        .where(eq(memberships.group_id, group.id))
        .groupBy(memberships.list);
      const size = (list: string) => lists.find((row) => row.list === list)?.n ?? 0;
      expect(metric).toMatchObject({
        active: size('active'),
        inactive: size('inactive'),
        whitelisted: size('whitelisted'),
        removed: size('removed'),
      });
    }
  });

  it('records every removal in the network and in the removal counters', async () => {
    const removed = await database.db
      .select({ n: count() })
      .from(memberships)
      .where(eq(memberships.is_removed, true));
    const inNetwork = await database.db.select({ n: count() }).from(sandbox_removals);
    const counted = await database.db.select({ n: sum(removal_counters.count).mapWith(Number) }).from(removal_counters);
    expect(removed[0]!.n).toBeGreaterThan(0);
    expect(inNetwork[0]!.n).toBe(removed[0]!.n);
    expect(counted[0]!.n).toBe(removed[0]!.n);
  });

  it('lets each holder reach their groups through their member', async () => {
    const held = await database.db
      .select({ user: users.name, group: groups.name, plan: groups.subscribed_plan, locked: groups.is_locked })
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.member_id))
      .innerJoin(users, eq(users.fb_user_id, members.fb_user_id))
      .innerJoin(groups, eq(groups.id, memberships.group_id))
      .where(eq(memberships.is_admin_holder, true));
    const ada = held.filter((row) => row.user === 'Ada Admin');
    expect(ada.map((row) => [row.plan, row.locked]).sort()).toEqual(
      [['annual', false], ['free', false], ['monthly', false], ['monthly', true]].sort(),
    );
    expect(held.some((row) => row.user === 'Nora Newcomer')).toBe(false);
    const [nora] = await database.db.select({ flags: users.flags }).from(users).where(eq(users.name, 'Nora Newcomer'));
    expect(nora!.flags.onboarding_completed).toBe(false);
  });
});

describe.runIf(databaseKinds().length > 1)('sandbox seed on every driver', () => {
  it('stores the same world on PGlite and on PostgreSQL', async () => {
    const digests = await Promise.all(
      databaseKinds().map(async (kind) => {
        const database = await createTestDatabase(kind);
        try {
          await seedSandboxWorld(database.db, SEED_OPTIONS);
          return await worldDigest(database.db);
        } finally {
          await database.close();
        }
      }),
    );
    expect(new Set(digests).size).toBe(1);
  });
});
