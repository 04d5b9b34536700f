import { eq } from 'drizzle-orm';
import type { VerifiedIdentity } from '../adapters/identity';
import type { AppDb } from '../db/connect';
import { users } from '../db/schema';
import { recordAudit } from './audit';
import { openSession } from './sessions';
import { findLinkedMember, type UserRow } from './users';

export interface SignedIn {
  token: string;
  user: UserRow;
}

/**
 * Signs in the person the network vouched for: registers them on their first sign-in (linked to
 * their member through fb_user_id), refreshes their profile otherwise, opens a session and audits
 * it, all in one transaction. Banned users get a session too; the access checks keep them out.
 */
export async function signIn(db: AppDb, identity: VerifiedIdentity, ip: string, at: Date): Promise<SignedIn> {
  return db.transaction(async (tx) => {
    const { user, registered } = await findOrRegister(tx, identity, at);
    const member = await findLinkedMember(tx, user.fb_user_id);
    const audit = { userId: user.id, memberId: member?.id ?? null, data: { ip }, at };
    if (registered) await recordAudit(tx, { ...audit, kind: 'user_registered' });
    const token = await openSession(tx, { userId: user.id, ip, at });
    await recordAudit(tx, { ...audit, kind: 'sign_in' });
    return { token, user };
  });
}

async function findOrRegister(db: AppDb, identity: VerifiedIdentity, at: Date): Promise<{ user: UserRow; registered: boolean }> {
  const existing = await findByIdentity(db, identity);
  if (existing) return { user: await refreshProfile(db, existing, identity, at), registered: false };
  const created = await register(db, identity, at);
  if (created) return { user: created, registered: true };
  const registeredMeanwhile = await findByIdentity(db, identity);
  if (!registeredMeanwhile) throw new Error(`user ${identity.fb_user_id} neither exists nor can be registered`);
  return { user: await refreshProfile(db, registeredMeanwhile, identity, at), registered: false };
}

async function findByIdentity(db: AppDb, identity: VerifiedIdentity): Promise<UserRow | undefined> {
  if (identity.fb_auth_user_id) {
    const [user] = await db.select().from(users).where(eq(users.fb_auth_user_id, identity.fb_auth_user_id)).limit(1);
    if (user) return user;
  }
  const [user] = await db.select().from(users).where(eq(users.fb_user_id, identity.fb_user_id)).limit(1);
  return user;
}

/** Undefined when a concurrent first sign-in of the same person registered them a moment earlier. */
async function register(db: AppDb, identity: VerifiedIdentity, at: Date): Promise<UserRow | undefined> {
  const [user] = await db
    .insert(users)
    .values({
      fb_user_id: identity.fb_user_id,
      fb_auth_user_id: identity.fb_auth_user_id ?? null,
      fb_username: identity.fb_username ?? null,
      email: identity.email,
      first_name: identity.first_name,
      last_name: identity.last_name,
      name: identity.name,
      avatar_url: identity.avatar_url,
      created_at: at,
      updated_at: at,
    })
    .onConflictDoNothing({ target: users.fb_user_id })
    .returning();
  return user;
}

/**
 * The network's name and picture win; an email the user gave us is kept. fb_user_id never changes
 * here: a scan may have corrected it to the profile id.
 */
async function refreshProfile(db: AppDb, user: UserRow, identity: VerifiedIdentity, at: Date): Promise<UserRow> {
  const [refreshed] = await db
    .update(users)
    .set({
      name: identity.name,
      first_name: identity.first_name,
      last_name: identity.last_name,
      avatar_url: identity.avatar_url,
      email: user.email ?? identity.email,
      ...(identity.fb_auth_user_id ? { fb_auth_user_id: identity.fb_auth_user_id } : {}),
      ...(identity.fb_username !== undefined ? { fb_username: identity.fb_username } : {}),
      updated_at: at,
    })
    .where(eq(users.id, user.id))
    .returning();
  return refreshed!;
}
