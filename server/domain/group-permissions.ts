import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { MembershipRole } from '../db/enums';
import { groups, members, memberships } from '../db/schema';
import type { PermissionRoleFilter } from '../../rules/permissions';
import { paidFeatureRefusal, type PaidFeatureRefusal } from '../../rules/plans';
import { recordAudit } from './audit';
import { findCallerMembership } from './caller-member';

export interface PermissionRow {
  role: MembershipRole;
  is_group_holder: boolean;
  member_id: number;
  group_id: number;
  member: { id: number; name: string; avatar_url: string | null; fb_user_id: string };
}

export interface PermissionsQuery {
  groupId: number;
  role: PermissionRoleFilter;
}

/** The admin who acquired the group: a holder nobody granted. They stay admin. */
const IS_GROUP_HOLDER = sql<boolean>`(${memberships.is_admin_holder} AND ${memberships.granted_by_user_id} IS NULL)`;

const PERMISSION_COLUMNS = {
  role: memberships.role,
  is_group_holder: IS_GROUP_HOLDER,
  member_id: memberships.member_id,
  group_id: memberships.group_id,
  member: { id: members.id, name: memberships.member_name, avatar_url: members.avatar_url, fb_user_id: members.fb_user_id },
};

/** The members still in the group (a removed member has left it), narrowed to the admins when asked. */
function inGroup(query: PermissionsQuery): SQL {
  const conditions = [eq(memberships.group_id, query.groupId), eq(memberships.is_removed, false)];
  if (query.role === 'admin') conditions.push(eq(memberships.role, 'admin'));
  return and(...conditions)!;
}

/** A page of the group's admin list (spec part 2 §2, §3): admins first, then by name, then by id; with the count of the filter. */
export async function readPermissionsPage(db: AppDb, query: PermissionsQuery, page: number, perPage: number) {
  const where = inGroup(query);
  const [rows, [total]] = await Promise.all([
    db
      .select(PERMISSION_COLUMNS)
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.member_id))
      .where(where)
      .orderBy(desc(sql`${memberships.role} = 'admin'`), asc(memberships.member_name), asc(memberships.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(memberships).where(where),
  ]);
  return { rows: rows satisfies PermissionRow[], count: total!.n };
}

export interface PermissionChange {
  groupId: number;
  memberId: number;
  role: MembershipRole;
  userId: number;
  ip: string;
  at: Date;
}

export type PermissionOutcome =
  | { membership: PermissionRow }
  | { refused: 'not_member' }
  | { refused: 'self' }
  | { refused: 'holder' }
  | { refused: PaidFeatureRefusal };

/**
 * Grant or revoke admin (spec part 2 §4, §6). A grant makes the member an admin who holds the group
 * here (`is_admin_holder`, which is what lets a user administer it: held-groups.ts), recording who
 * granted it and when; a revoke makes them a subscriber who holds nothing. Nobody revokes
 * themself, and the group's holder (the admin who acquired it: a holder nobody granted) stays
 * admin. Granting an admin who holds the group already, or revoking a subscriber, changes nothing
 * and writes no audit. One transaction with the group and the membership rows locked, so two
 * changes of one member cannot interleave.
 */
export async function setGroupPermission(db: AppDb, change: PermissionChange): Promise<PermissionOutcome> {
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(groups).where(eq(groups.id, change.groupId)).for('update');
    if (!group) return { refused: 'not_member' };
    const paidRefusal = paidFeatureRefusal(group);
    if (paidRefusal) return { refused: paidRefusal };
    const [current] = await tx
      .select({ id: memberships.id, role: memberships.role, isHolder: memberships.is_admin_holder, isGroupHolder: IS_GROUP_HOLDER })
      .from(memberships)
      .where(and(eq(memberships.group_id, change.groupId), eq(memberships.member_id, change.memberId), eq(memberships.is_removed, false)))
      .for('update');
    if (!current) return { refused: 'not_member' };

    if (change.role === 'subscriber') {
      const mine = await findCallerMembership(tx, change.userId, change.groupId);
      if (mine?.membershipId === current.id) return { refused: 'self' };
      if (current.isGroupHolder) return { refused: 'holder' };
    }
    const unchanged = change.role === 'admin' ? current.isHolder : current.role === 'subscriber';
    if (!unchanged) {
      const granting = change.role === 'admin';
      await tx
        .update(memberships)
        .set({
          role: change.role,
          is_admin_holder: granting,
          granted_by_user_id: granting ? change.userId : null,
          granted_at: granting ? change.at : null,
          updated_at: change.at,
        })
        .where(eq(memberships.id, current.id));
      await recordAudit(tx, {
        kind: 'member_role_updated',
        userId: change.userId,
        groupId: change.groupId,
        memberId: change.memberId,
        data: { ip: change.ip, diff: { role: [current.role, change.role] } },
        at: change.at,
      });
    }
    const [row] = await tx
      .select(PERMISSION_COLUMNS)
      .from(memberships)
      .innerJoin(members, eq(members.id, memberships.member_id))
      .where(eq(memberships.id, current.id));
    return { membership: row! };
  });
}
