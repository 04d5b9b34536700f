import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { MembershipRole } from '../db/enums';
import { groups, memberships } from '../db/schema';
import { ensureCallerMember } from './caller-member';
import { listHeldGroups, type GroupRow } from './held-groups';
import { recordReportedGroups } from './reported-groups';
import { upsertScannedMemberships } from './scanned-memberships';

/** A group the robot found the user in (fetch_user_groups). */
export interface ReportedGroup {
  fb_group_id: string;
  fb_slug?: string | null;
  name: string;
  avatar_url: string | null;
  role: MembershipRole;
}

export interface UserGroupState {
  id: number;
  fb_group_id: string;
  fb_slug: string | null;
  name: string;
  avatar_url: string | null;
  /** The user's role there: admin while they hold the group, else the role the robot read. */
  role: MembershipRole;
  is_acquired: boolean;
}

/**
 * Records the groups the robot found the user in, in one transaction (docs/CONVENTIONS.md, robot
 * trust model). Every reported group is kept as the user's own report (reported_groups). A new
 * group is created; a group nobody holds, or one the user holds, is refreshed (name, slug, avatar)
 * and gets the user's member with the scanned role. A group someone else holds is theirs: its row
 * and its member list are left as they are (only its holders' scans say who is in it).
 * Undefined when the user has no network id to be a member by.
 */
export async function recordUserGroups(
  db: AppDb,
  userId: number,
  reported: readonly ReportedGroup[],
  at: Date,
): Promise<UserGroupState[] | undefined> {
  return db.transaction(async (tx) => {
    const member = await ensureCallerMember(tx, userId, at);
    if (!member) return undefined;
    const distinct = [...new Map(reported.map((group) => [group.fb_group_id, group])).values()];
    if (distinct.length === 0) return [];

    const known = await tx.select().from(groups).where(inArray(groups.fb_group_id, distinct.map((group) => group.fb_group_id)));
    const acquired = await acquiredGroups(tx, known.map((group) => group.id));
    const mine = new Set((await listHeldGroups(tx, userId)).map((group) => group.id));
    const othersHold = new Set(known.filter((group) => acquired.has(group.id) && !mine.has(group.id)).map((group) => group.fb_group_id));
    const refreshed = distinct.filter((group) => !othersHold.has(group.fb_group_id));

    const stored = await refreshGroups(tx, refreshed, at);
    const byFbId = new Map([...known, ...stored].map((group) => [group.fb_group_id, group]));
    await upsertScannedMemberships(
      tx,
      refreshed.map((group) => ({ groupId: byFbId.get(group.fb_group_id)!.id, memberId: member.id, name: member.name, role: group.role })),
      at,
    );
    await recordReportedGroups(
      tx,
      userId,
      distinct.map((group) => ({ groupId: byFbId.get(group.fb_group_id)!.id, role: group.role })),
      at,
    );
    return distinct.map((group) => {
      const row = byFbId.get(group.fb_group_id)!;
      return {
        id: row.id,
        fb_group_id: row.fb_group_id,
        fb_slug: row.fb_slug,
        name: row.name,
        avatar_url: row.avatar_url,
        role: mine.has(row.id) ? 'admin' : group.role,
        is_acquired: acquired.has(row.id),
      };
    });
  });
}

/** Creates the groups not known yet and refreshes the others' name, slug and avatar (a slug or avatar the scan did not see is kept). */
async function refreshGroups(db: AppDb, reported: readonly ReportedGroup[], at: Date): Promise<GroupRow[]> {
  if (reported.length === 0) return [];
  return db
    .insert(groups)
    .values(
      reported.map((group) => ({
        fb_group_id: group.fb_group_id,
        fb_slug: group.fb_slug ?? null,
        name: group.name,
        avatar_url: group.avatar_url,
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflictDoUpdate({
      target: groups.fb_group_id,
      set: {
        name: sql`excluded.name`,
        fb_slug: sql`COALESCE(excluded.fb_slug, ${groups.fb_slug})`,
        avatar_url: sql`COALESCE(excluded.avatar_url, ${groups.avatar_url})`,
        updated_at: sql`excluded.updated_at`,
      },
    })
    .returning();
}

/** The groups among these that some user holds here. */
export async function acquiredGroups(db: AppDb, groupIds: readonly number[]): Promise<Set<number>> {
  if (groupIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ groupId: memberships.group_id })
    .from(memberships)
    .where(and(inArray(memberships.group_id, [...groupIds]), eq(memberships.is_admin_holder, true), eq(memberships.is_removed, false)));
  return new Set(rows.map((row) => row.groupId));
}
