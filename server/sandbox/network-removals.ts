import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { sandbox_removals } from '../db/schema';

/** Who has been removed from one sandbox network group. */
export async function readRemovedMembers(db: AppDb, fbGroupId: string): Promise<Set<string>> {
  const rows = await db
    .select({ fbUserId: sandbox_removals.fb_user_id })
    .from(sandbox_removals)
    .where(eq(sandbox_removals.fb_group_id, fbGroupId));
  return new Set(rows.map((row) => row.fbUserId));
}

/** The network groups a person has been removed from. */
export async function readGroupsRemovedFrom(db: AppDb, fbUserId: string): Promise<Set<string>> {
  const rows = await db
    .select({ fbGroupId: sandbox_removals.fb_group_id })
    .from(sandbox_removals)
    .where(eq(sandbox_removals.fb_user_id, fbUserId));
  return new Set(rows.map((row) => row.fbGroupId));
}

/** How many people have been removed from each of the groups. */
export async function countRemovedMembers(db: AppDb, fbGroupIds: readonly string[]): Promise<Map<string, number>> {
  if (fbGroupIds.length === 0) return new Map();
  const rows = await db
    .select({ fbGroupId: sandbox_removals.fb_group_id, removed: count() })
    .from(sandbox_removals)
    .where(inArray(sandbox_removals.fb_group_id, [...fbGroupIds]))
    .groupBy(sandbox_removals.fb_group_id);
  return new Map(rows.map((row) => [row.fbGroupId, row.removed]));
}

/** Removes the people from the group; answers who was removed now (someone removed before is not removed again). */
export async function storeRemovals(db: AppDb, fbGroupId: string, fbUserIds: readonly string[], at: Date): Promise<string[]> {
  if (fbUserIds.length === 0) return [];
  const rows = await db
    .insert(sandbox_removals)
    .values(fbUserIds.map((fbUserId) => ({ fb_group_id: fbGroupId, fb_user_id: fbUserId, removed_at: at })))
    .onConflictDoNothing()
    .returning({ fbUserId: sandbox_removals.fb_user_id });
  return rows.map((row) => row.fbUserId);
}

export async function isRemovedFrom(db: AppDb, fbGroupId: string, fbUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ fbUserId: sandbox_removals.fb_user_id })
    .from(sandbox_removals)
    .where(and(eq(sandbox_removals.fb_group_id, fbGroupId), eq(sandbox_removals.fb_user_id, fbUserId)))
    .limit(1);
  return row !== undefined;
}
