import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { companion_tokens, sessions } from '../db/schema';
import { generateToken, hashToken } from './tokens';
import { findUser, type UserRow } from './users';

/** How long a companion-product token may wait for its redemption: the link is followed at once. */
export const COMPANION_TOKEN_LIFETIME_MS = 60_000;

/**
 * A new single-use token for the companion product, minted by the user's session; only its hash is
 * stored. Expired ones are pruned.
 */
export async function issueCompanionToken(db: AppDb, minter: { userId: number; sessionId: number }, at: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(at.getTime() + COMPANION_TOKEN_LIFETIME_MS);
  await db.delete(companion_tokens).where(lt(companion_tokens.expires_at, at));
  await db.insert(companion_tokens).values({ token_hash: hashToken(token), user_id: minter.userId, session_id: minter.sessionId, expires_at: expiresAt });
  return { token, expiresAt };
}

/**
 * The user a token was issued to, once, while the session that minted it is still open (signing
 * out ends its tokens): the redemption deletes the token, so of two concurrent redemptions exactly
 * one finds it. Undefined for an unknown, expired or already redeemed token, or one whose session
 * has ended.
 */
export async function redeemCompanionToken(db: AppDb, token: string, at: Date): Promise<UserRow | undefined> {
  const openSessions = db.select({ id: sessions.id }).from(sessions).where(isNull(sessions.revoked_at));
  const [redeemed] = await db
    .delete(companion_tokens)
    .where(and(eq(companion_tokens.token_hash, hashToken(token)), gt(companion_tokens.expires_at, at), inArray(companion_tokens.session_id, openSessions)))
    .returning({ userId: companion_tokens.user_id });
  return redeemed ? findUser(db, redeemed.userId) : undefined;
}
