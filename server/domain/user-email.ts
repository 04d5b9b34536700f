import { and, eq, ne, sql } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { users } from '../db/schema';
import type { UserRow } from './users';

/**
 * Sets the user's email unless another user has it (compared without case). The advisory lock on
 * the address makes two users claiming it at once take turns.
 */
export async function changeUserEmail(db: AppDb, userId: number, email: string, at: Date): Promise<UserRow | 'taken'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(lower(${email})))`);
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)))
      .limit(1);
    if (holder) return 'taken';
    const [user] = await tx.update(users).set({ email, updated_at: at }).where(eq(users.id, userId)).returning();
    if (!user) throw new Error(`user ${userId} has a session but no record`);
    return user;
  });
}
