import { eq } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { MembershipRole } from '../db/enums';
import { groups, memberships } from '../db/schema';
import { recordAudit } from './audit';
import { findCallerMembership } from './caller-member';
import { listHolders } from './group-ownership';
import type { GroupRow } from './held-groups';

export type AcquireOutcome =
  | { acquired: GroupRow }
  | { refused: 'not_found' }
  | { refused: 'already_acquired' }
  | { refused: 'not_admin'; role: MembershipRole | null };

/**
 * 'Yes, this is my group' (spec part 1 §4): the user becomes the group's admin holder when their
 * scanned role is admin and nobody holds the group yet; one holder per group until a holder
 * grants others. The group row is locked, so two admins acquiring at once cannot both succeed.
 * Acquiring a group one already holds changes nothing and succeeds.
 */
export async function acquireGroup(db: AppDb, userId: number, groupId: number, ip: string, at: Date): Promise<AcquireOutcome> {
  return db.transaction(async (tx) => {
    const [group] = await tx.select().from(groups).where(eq(groups.id, groupId)).for('update');
    if (!group) return { refused: 'not_found' };
    const mine = await findCallerMembership(tx, userId, groupId);
    if (mine?.isAdminHolder && !mine.isRemoved) return { acquired: group };
    if ((await listHolders(tx, groupId)).length > 0) return { refused: 'already_acquired' };
    if (!mine || mine.isRemoved || mine.role !== 'admin') return { refused: 'not_admin', role: mine?.role ?? null };

    await tx
      .update(memberships)
      .set({ is_admin_holder: true, granted_at: at, granted_by_user_id: null, updated_at: at })
      .where(eq(memberships.id, mine.membershipId));
    const [acquired] = await tx.update(groups).set({ is_orphaned: false, updated_at: at }).where(eq(groups.id, groupId)).returning();
    await recordAudit(tx, { kind: 'group_acquired', userId, groupId, data: { ip }, at });
    return { acquired: acquired! };
  });
}
