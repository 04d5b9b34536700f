import { sql } from 'drizzle-orm';
import type { AppDb } from '../db/app-db';
import { DEFAULT_APP_TOGGLES } from '../db/app-toggle-defaults';
import { insertInBatches, insertInBatchesReturning, type InsertOptions } from '../db/insert-in-batches';
import {
  app_toggles,
  audit_logs,
  daily_metrics,
  engagements,
  groups,
  members,
  memberships,
  posts,
  removal_counters,
  robot_jobs,
  robot_logs,
  sandbox_removals,
  users,
} from '../db/schema';
import { SANDBOX_ACCOUNTS, type SandboxAccountKey } from './accounts';
import type { SandboxGroupKey } from './catalog';
import { SANDBOX_CONNECTED_GROUPS } from './connected-groups';
import { dailyMetricsFor } from './seed-metrics';
import { accountAuditLogs, groupAuditLogs, groupRobotJobs, groupRobotLogs } from './seed-history';
import type { SeedIds } from './seed-ids';
import { engagementRows, groupRow, memberRows, membershipRows, postRows } from './seed-rows';
import { removalCountsByDay, scanConnectedGroup, type ScannedGroup } from './seed-scan';
import { userRows } from './seed-users';
import { createSandboxWorld, type SandboxWorld } from './world';

export interface SeedSandboxOptions {
  seed?: number;
  /** Multiplies group sizes: 1 is the real sandbox, tests use 0.02. */
  scale?: number;
  /** The present of the seeded world; the caller's clock when absent. */
  now?: Date;
  /** Told as the rows of each table go in, e.g. ('members', 12_000, 25_641). */
  onProgress?: SeedProgress;
}

export type SeedProgress = (table: string, inserted: number, total: number) => void;

/** Serialises API processes that start together on one empty PostgreSQL. */
const SEED_LOCK_KEY = 7_301_946_216;

/**
 * Fills an empty database with the sandbox world, in one transaction; does nothing when
 * any user exists already (the world is only created on the first start).
 */
export async function seedSandboxWorld(db: AppDb, options: SeedSandboxOptions = {}): Promise<{ created: boolean }> {
  const world = createSandboxWorld({ seed: options.seed, scale: options.scale, now: options.now ?? new Date() });
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await tx.select({ id: users.id }).from(users).limit(1);
    if (existing.length > 0) return { created: false };
    await insertWorld(tx, world, options.onProgress);
    // The planner's statistics of the tables just filled: PGlite has no autovacuum to gather them,
    // and without them a trigram search (customer matching) scans a whole group instead of its index.
    await tx.execute(sql`ANALYZE`);
    return { created: true };
  });
}

async function insertWorld(db: AppDb, world: SandboxWorld, onProgress: SeedProgress | undefined): Promise<void> {
  const told = (table: string) => ({ onProgress: (inserted: number, total: number) => onProgress?.(table, inserted, total) });
  const scannedGroups = SANDBOX_CONNECTED_GROUPS.map((definition) => {
    const layout = world.groups.find((candidate) => candidate.definition.key === definition.key);
    if (!layout) throw new Error(`Connected group ${definition.key} is not in the network`);
    return scanConnectedGroup(world, layout, definition);
  });

  const insertedUsers = await insertInBatchesReturning(
    db,
    users,
    userRows(world),
    { id: users.id, email: users.email },
    told('users'),
  );
  const insertedGroups = await insertInBatchesReturning(
    db,
    groups,
    scannedGroups.map((scanned) => groupRow(world, scanned)),
    { id: groups.id, fb_group_id: groups.fb_group_id },
    told('groups'),
  );
  const insertedMembers = await insertInBatchesReturning(
    db,
    members,
    memberRows(scannedGroups),
    { id: members.id, fb_user_id: members.fb_user_id },
    told('members'),
  );
  const ids = seedIds(scannedGroups, insertedUsers, insertedGroups, insertedMembers);

  await insertInBatches(
    db,
    memberships,
    scannedGroups.flatMap((scanned) => membershipRows(scanned, ids)),
    told('memberships'),
  );
  await insertPostsAndEngagements(db, scannedGroups, ids, told);
  await insertInBatches(
    db,
    daily_metrics,
    scannedGroups.flatMap((scanned) =>
      dailyMetricsFor(world, scanned).map((metric) => ({ ...metric, group_id: ids.group(scanned.definition.key) })),
    ),
    told('daily metrics'),
  );
  await insertRemovals(db, scannedGroups, ids, told);
  await insertInBatches(
    db,
    audit_logs,
    [...accountAuditLogs(world, ids), ...scannedGroups.flatMap((scanned) => groupAuditLogs(world, scanned, ids))],
    told('audit logs'),
  );
  await insertInBatches(
    db,
    robot_jobs,
    scannedGroups.flatMap((scanned) => groupRobotJobs(scanned, ids)),
    told('robot jobs'),
  );
  await insertInBatches(
    db,
    robot_logs,
    scannedGroups.flatMap((scanned) => groupRobotLogs(world, scanned, ids)),
    told('robot logs'),
  );
  await insertInBatches(
    db,
    app_toggles,
    Object.entries(DEFAULT_APP_TOGGLES).map(([name, value]) => ({ name, value })),
    told('settings'),
  );
}

function seedIds(
  scannedGroups: readonly ScannedGroup[],
  insertedUsers: ReadonlyArray<{ id: number; email: string | null }>,
  insertedGroups: ReadonlyArray<{ id: number; fb_group_id: string }>,
  insertedMembers: ReadonlyArray<{ id: number; fb_user_id: string }>,
): SeedIds {
  const userIds = new Map(insertedUsers.map(({ id, email }) => [email, id]));
  const groupIdsByFbId = new Map(insertedGroups.map(({ id, fb_group_id }) => [fb_group_id, id]));
  const groupIds = new Map(
    scannedGroups.map((scanned) => [scanned.definition.key, groupIdsByFbId.get(scanned.layout.group.fb_group_id)]),
  );
  const memberIds = new Map(insertedMembers.map(({ id, fb_user_id }) => [fb_user_id, id]));
  const found = <K>(map: ReadonlyMap<K, number | undefined>, key: K, what: string): number => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`Seed lost track of ${what} ${String(key)}`);
    return id;
  };
  return {
    user: (key: SandboxAccountKey) => found(userIds, SANDBOX_ACCOUNTS.find((a) => a.key === key)?.email ?? null, 'user'),
    group: (key: SandboxGroupKey) => found(groupIds, key, 'group'),
    member: (fbUserId: string) => found(memberIds, fbUserId, 'member'),
  };
}

type Told = (table: string) => InsertOptions;

async function insertPostsAndEngagements(
  db: AppDb,
  scannedGroups: readonly ScannedGroup[],
  ids: SeedIds,
  told: Told,
): Promise<void> {
  const insertedPosts = await insertInBatchesReturning(
    db,
    posts,
    scannedGroups.flatMap((scanned) => postRows(scanned, ids)),
    { id: posts.id, group_id: posts.group_id, fb_post_id: posts.fb_post_id },
    told('posts'),
  );
  const postIds = new Map(insertedPosts.map(({ id, group_id, fb_post_id }) => [`${group_id}:${fb_post_id}`, id]));
  const rows = scannedGroups.flatMap((scanned) => {
    const groupId = ids.group(scanned.definition.key);
    return engagementRows(scanned, ids, (fbPostId) => {
      const id = postIds.get(`${groupId}:${fbPostId}`);
      if (id === undefined) throw new Error(`Seed lost track of post ${fbPostId}`);
      return id;
    });
  });
  await insertInBatches(db, engagements, rows, told('reactions and comments'));
}

/** Removed members are gone from the network too, and count against the removal limits. */
async function insertRemovals(db: AppDb, scannedGroups: readonly ScannedGroup[], ids: SeedIds, told: Told): Promise<void> {
  await insertInBatches(
    db,
    removal_counters,
    scannedGroups.flatMap((scanned) =>
      [...removalCountsByDay(scanned)].map(([day, count]) => ({ group_id: ids.group(scanned.definition.key), day, count })),
    ),
    told('removal counters'),
  );
  await insertInBatches(
    db,
    sandbox_removals,
    scannedGroups.flatMap((scanned) =>
      scanned.memberships.flatMap((membership) =>
        membership.removed_at
          ? [{ fb_group_id: scanned.layout.group.fb_group_id, fb_user_id: membership.person.fb_user_id, removed_at: membership.removed_at }]
          : [],
      ),
    ),
    told('removals'),
  );
}
