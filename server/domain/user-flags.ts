import { eq } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import type { OnboardingProgress, UserFlags } from '../db/json-types';
import { users } from '../db/schema';

/** Every flag the contract's UserFlags names, with its value for a user who never set it. */
export const USER_FLAG_DEFAULTS = {
  connects_is_enabled: true,
  onboarding_completed: false,
  welcome_page_seen: false,
  robot_training: false,
  count_share_facebook_referral: 0,
};

/** The flags with their defaults, and the onboarding progress while there is one. */
export type EffectiveUserFlags = typeof USER_FLAG_DEFAULTS & { onboarding_progress?: OnboardingProgress };
/** Only the keys sent change; a null onboarding_progress forgets it. */
export type UserFlagsPatch = Partial<typeof USER_FLAG_DEFAULTS> & { onboarding_progress?: OnboardingProgress | null };

export function effectiveUserFlags(stored: UserFlags): EffectiveUserFlags {
  const flags: EffectiveUserFlags = { ...USER_FLAG_DEFAULTS };
  for (const name of Object.keys(USER_FLAG_DEFAULTS) as (keyof typeof USER_FLAG_DEFAULTS)[]) {
    const value = stored[name];
    if (typeof value === typeof flags[name]) Object.assign(flags, { [name]: value });
  }
  if (stored.onboarding_progress) flags.onboarding_progress = stored.onboarding_progress;
  return flags;
}

function patched(stored: UserFlags, { onboarding_progress, ...patch }: UserFlagsPatch): UserFlags {
  const flags: UserFlags = { ...stored, ...patch };
  if (onboarding_progress === null) delete flags.onboarding_progress;
  else if (onboarding_progress !== undefined) flags.onboarding_progress = onboarding_progress;
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
      .set({ flags: patched(row.flags, patch), updated_at: at })
      .where(eq(users.id, user.userId))
      .returning({ flags: users.flags });
    return { flags: effectiveUserFlags(updated!.flags) };
  });
}
