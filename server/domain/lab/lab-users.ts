import { count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/connect';
import { users } from '../../db/schema';
import type { UserRow } from '../users';
import { fakeUser, labNetworkIds } from './fake-network';
import { diffOf, recordLabAction, refused, type LabActor, type LabOutcome } from './lab-action';

export interface UserChange {
  userId: number;
  removeUsername?: boolean;
  removeProfileId?: boolean;
  isSupervisor?: boolean;
  isBanned?: boolean;
}

/**
 * Changes what the lab may change of a user (part 2 §6): clears the username or the profile id,
 * grants or revokes supervisor, bans or unbans. The access checks read the user on every call, so
 * a ban answers the user's next call, on any session, with the banned answer. Supervisors neither
 * ban themselves nor revoke their own rights, which would shut them out of the lab. A change that
 * changes nothing writes nothing.
 */
export async function changeLabUser(db: AppDb, actor: LabActor, change: UserChange): Promise<LabOutcome<UserRow>> {
  const ownLockout = change.userId === actor.supervisorId && (change.isSupervisor === false || change.isBanned === true);
  if (ownLockout) return refused('self');
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, change.userId)).for('update');
    if (!user) return refused('not_found');
    // Fields left undefined are neither compared nor written.
    const patch: Partial<UserRow> = {
      fb_username: change.removeUsername ? null : undefined,
      fb_user_id: change.removeProfileId ? null : undefined,
      is_supervisor: change.isSupervisor,
      is_banned: change.isBanned,
    };
    const diff = diffOf(user, patch);
    if (Object.keys(diff).length === 0) return { done: user };
    const [changed] = await tx
      .update(users)
      .set({ ...patch, updated_at: actor.at })
      .where(eq(users.id, user.id))
      .returning();
    await recordLabAction(tx, actor, { action: 'update_user', diff, about: { user_id: user.id } });
    return { done: changed! };
  });
}

/**
 * The group holdings of the users `which` selects end: their members stay in the groups as the
 * network's admins, holding none, so nobody administers a group through a user who is gone.
 */
async function endHoldingsOf(tx: AppDb, which: SQL, at: Date): Promise<number> {
  const result = await tx.execute<{ id: number }>(sql`
    UPDATE memberships AS m
    SET is_admin_holder = false, granted_by_user_id = NULL, granted_at = NULL, updated_at = ${at}
    FROM members AS person
    JOIN users ON users.fb_user_id = person.fb_user_id
    WHERE person.id = m.member_id AND m.is_admin_holder AND ${which}
    RETURNING m.id`);
  return result.rows.length;
}

/** Deletes a user with their sessions (their foreign keys cascade) and their group holdings. Supervisors do not remove themselves. */
export async function removeLabUser(db: AppDb, actor: LabActor, userId: number): Promise<LabOutcome<{ user_id: number }>> {
  if (userId === actor.supervisorId) return refused('self');
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) return refused('not_found');
    const holdings = await endHoldingsOf(tx, sql`users.id = ${userId}`, actor.at);
    await tx.delete(users).where(eq(users.id, userId));
    await recordLabAction(tx, actor, {
      action: 'remove_user',
      diff: { user: [user.name, null], ...(holdings > 0 ? { holdings: [holdings, 0] } : {}) },
      about: { user_id: userId },
    });
    return { done: { user_id: userId } };
  });
}

/** A new user with a fake person's name and profile id, a supervisor when asked. */
export async function createRandomUser(db: AppDb, actor: LabActor, isSupervisor: boolean): Promise<UserRow> {
  const [fbUserId] = labNetworkIds(1);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ ...fakeUser(fbUserId!, actor.sandbox), is_supervisor: isSupervisor, created_at: actor.at, updated_at: actor.at })
      .returning();
    await recordLabAction(tx, actor, { action: 'create_random_user', diff: { user: [null, user!.name] }, about: { user_id: user!.id } });
    return user!;
  });
}

/** Every user but the caller goes, with their sessions and holdings, in one transaction. */
export async function removeAllUsers(db: AppDb, actor: LabActor): Promise<{ removed: number }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ n: count() }).from(users);
    const others = sql`users.id <> ${actor.supervisorId}`;
    const holdings = await endHoldingsOf(tx, others, actor.at);
    await tx.delete(users).where(ne(users.id, actor.supervisorId));
    const [after] = await tx.select({ n: count() }).from(users);
    await recordLabAction(tx, actor, {
      action: 'remove_all_users',
      diff: { users: [before!.n, after!.n], ...(holdings > 0 ? { holdings: [holdings, 0] } : {}) },
    });
    return { removed: before!.n - after!.n };
  });
}
