import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { DEFAULT_GROUP_FLAGS } from '../db/group-defaults';
import type { GroupFlags } from '../db/json-types';
import { groups } from '../db/schema';

/** The contract's ceiling for count_payment_error. */
const MAX_PAYMENT_ERRORS = 1_000_000;

export type GroupFlagsPatch = Partial<GroupFlags>;

export function effectiveGroupFlags(stored: Partial<GroupFlags>): GroupFlags {
  return {
    checkbox_payment_terms_accept:
      typeof stored.checkbox_payment_terms_accept === 'boolean'
        ? stored.checkbox_payment_terms_accept
        : DEFAULT_GROUP_FLAGS.checkbox_payment_terms_accept,
    count_payment_error:
      typeof stored.count_payment_error === 'number' ? stored.count_payment_error : DEFAULT_GROUP_FLAGS.count_payment_error,
  };
}

export async function readGroupFlags(db: AppDb, groupId: number): Promise<GroupFlags | undefined> {
  const [row] = await db.select({ flags: groups.flags }).from(groups).where(eq(groups.id, groupId)).limit(1);
  return row && effectiveGroupFlags(row.flags);
}

/**
 * Saves the keys sent in one statement. Sending count_payment_error reports a subscription error:
 * the stored counter goes up by exactly one whatever number the app computed, so reports from
 * two tabs at once both count.
 */
export async function changeGroupFlags(db: AppDb, groupId: number, patch: GroupFlagsPatch, at: Date): Promise<GroupFlags | undefined> {
  const { count_payment_error: reportedError, ...plain } = patch;
  const raise =
    reportedError === undefined
      ? sql`'{}'::jsonb`
      : sql`jsonb_build_object('count_payment_error', LEAST(COALESCE((${groups.flags} ->> 'count_payment_error')::int, 0) + 1, ${MAX_PAYMENT_ERRORS}::int))`;
  const [row] = await db
    .update(groups)
    .set({ flags: sql`${groups.flags} || ${JSON.stringify(plain)}::jsonb || ${raise}`, updated_at: at })
    .where(eq(groups.id, groupId))
    .returning({ flags: groups.flags });
  return row && effectiveGroupFlags(row.flags);
}
