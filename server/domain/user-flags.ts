import { eq } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { UserFlags } from '../db/json-types';
import { users } from '../db/schema';

/** Every flag the contract's UserFlags names, with its value for a user who never set it. */
export const USER_FLAG_DEFAULTS = {
  connects_is_enabled: true,
  onboarding_completed: false,
  welcome_page_seen: false,
  robot_training: false,
  count_share_facebook_referral: 0,
};

export type EffectiveUserFlags = typeof USER_FLAG_DEFAULTS;
export type UserFlagsPatch = Partial<EffectiveUserFlags>;

export function effectiveUserFlags(stored: UserFlags): EffectiveUserFlags {
  const flags = { ...USER_FLAG_DEFAULTS };
  for (const name of Object.keys(flags) as (keyof EffectiveUserFlags)[]) {
    const value = stored[name];
    if (typeof value === typeof flags[name]) Object.assign(flags, { [name]: value });
  }
  return flags;
}

export async function readUserFlags(db: AppDb, userId: number): Promise<EffectiveUserFlags> {
  const [row] = await db.select({ flags: users.flags }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new Error(`user ${userId} has a session but no record`);
  return effectiveUserFlags(row.flags);
}

export type UserFlagsChange = { flags: EffectiveUserFlags } | { refused: 'supervisor_only' };

/** Saves the keys sent. robot_training is the supervisors' to change: anyone else may only send its current value. */
export async function changeUserFlags(
  db: AppDb,
  user: { userId: number; isSupervisor: boolean },
  patch: UserFlagsPatch,
  at: Date,
): Promise<UserFlagsChange> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ flags: users.flags }).from(users).where(eq(users.id, user.userId)).for('update');
    if (!row) throw new Error(`user ${user.userId} has a session but no record`);
    const current = effectiveUserFlags(row.flags);
    if (patch.robot_training !== undefined && patch.robot_training !== current.robot_training && !user.isSupervisor) {
      return { refused: 'supervisor_only' };
    }
    const [updated] = await tx
      .update(users)
      .set({ flags: { ...row.flags, ...patch }, updated_at: at })
      .where(eq(users.id, user.userId))
      .returning({ flags: users.flags });
    return { flags: effectiveUserFlags(updated!.flags) };
  });
}
