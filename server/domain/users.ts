import { eq } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { members, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;

export async function findUser(db: AppDb, userId: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

/** The member a user is linked to: the network person with the same fb_user_id, once a scan has found them. */
export async function findLinkedMember(db: AppDb, fbUserId: string | null) {
  if (fbUserId === null) return undefined;
  const [member] = await db
    .select({ id: members.id, name: members.name, avatar_url: members.avatar_url, fb_user_id: members.fb_user_id })
    .from(members)
    .where(eq(members.fb_user_id, fbUserId))
    .limit(1);
  return member;
}
