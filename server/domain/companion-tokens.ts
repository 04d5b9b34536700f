import { and, eq, gt, lt } from 'drizzle-orm';
import type { AppDb } from '../db/connect';
import { companion_tokens } from '../db/schema';
import { generateToken, hashToken } from './tokens';
import { findUser, type UserRow } from './users';

/** How long a companion-product token may wait for its redemption: the link is followed at once. */
export const COMPANION_TOKEN_LIFETIME_MS = 60_000;

/** A new single-use token for the companion product; only its hash is stored. Expired ones are pruned. */
export async function issueCompanionToken(db: AppDb, userId: number, at: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = generateToken();
  const expiresAt = new Date(at.getTime() + COMPANION_TOKEN_LIFETIME_MS);
  await db.delete(companion_tokens).where(lt(companion_tokens.expires_at, at));
  await db.insert(companion_tokens).values({ token_hash: hashToken(token), user_id: userId, expires_at: expiresAt });
  return { token, expiresAt };
}

/**
 * The user a token was issued to, once: the redemption deletes the token, so of two concurrent
 * redemptions exactly one finds it. Undefined for an unknown, expired or already redeemed token.
 */
export async function redeemCompanionToken(db: AppDb, token: string, at: Date): Promise<UserRow | undefined> {
  const [redeemed] = await db
    .delete(companion_tokens)
    .where(and(eq(companion_tokens.token_hash, hashToken(token)), gt(companion_tokens.expires_at, at)))
    .returning({ userId: companion_tokens.user_id });
  return redeemed ? findUser(db, redeemed.userId) : undefined;
}
