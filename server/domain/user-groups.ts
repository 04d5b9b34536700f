import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { MembershipRole } from '../db/enums';
import { groups, memberships } from '../db/schema';
import { ensureCallerMember } from './caller-member';
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
  /** The user's role there: the scanned one, or admin while they hold the group. */
  role: MembershipRole;
  is_acquired: boolean;
}

/**
 * Creates or refreshes the groups the robot found and puts the user's member in each with the
 * scanned role, in one transaction. Undefined when the user has no network id to be a member by.
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

    const stored = await tx
      .insert(groups)
      .values(
        distinct.map((group) => ({
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
      .returning({ id: groups.id, fb_group_id: groups.fb_group_id, fb_slug: groups.fb_slug, name: groups.name, avatar_url: groups.avatar_url });
    const byFbId = new Map(stored.map((group) => [group.fb_group_id, group]));
    const scanned = distinct.map((group) => ({ groupId: byFbId.get(group.fb_group_id)!.id, memberId: member.id, name: member.name, role: group.role }));
    const roles = new Map((await upsertScannedMemberships(tx, scanned, at)).map((membership) => [membership.groupId, membership.role]));
    const acquired = await acquiredGroups(tx, stored.map((group) => group.id));
    return distinct.map((group) => {
      const row = byFbId.get(group.fb_group_id)!;
      return { ...row, role: roles.get(row.id)!, is_acquired: acquired.has(row.id) };
    });
  });
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
