import { lt } from 'drizzle-orm';
import type { AppDb } from '../../db/connect';
import { sandbox_sign_in_uses } from '../../db/schema';
import { ensureAppSecret, readAppSecret } from '../../domain/app-secrets';
import { SANDBOX_ACCOUNTS, type SandboxAccountKey } from '../../sandbox/accounts';
import { accountPerson } from '../../sandbox/people';
import { createSandboxWorld } from '../../sandbox/world';
import type { IdentityProvider, VerifiedIdentity } from './identity-provider';
import { readSandboxToken, signSandboxToken, type SandboxTokenPayload } from './sandbox-token';

const SIGNING_KEY = 'sandbox_sign_in_key';

/** What the sandbox social network says about one of its sign-in accounts. */
export function sandboxAccountIdentity(seed: number, key: SandboxAccountKey): VerifiedIdentity {
  const account = SANDBOX_ACCOUNTS.find((candidate) => candidate.key === key);
  if (!account) throw new Error(`Unknown sandbox account ${key}`);
  // An account's profile id depends on the seed only, so any present moment will do.
  const person = accountPerson(createSandboxWorld({ seed, now: new Date(0) }), key);
  return {
    fb_user_id: person.fb_user_id,
    name: account.name,
    first_name: account.first_name,
    last_name: account.last_name,
    email: account.email,
    avatar_url: person.avatar_url,
    fb_username: person.fb_username,
  };
}

/** A short-lived token for POST /session, signed with this installation's key (created on first sign-in). */
export async function issueSandboxToken(db: AppDb, fbUserId: string, now: Date): Promise<string> {
  return signSandboxToken(await ensureAppSecret(db, SIGNING_KEY), fbUserId, now);
}

/**
 * Records the token's one use; false when it was used already. Concurrent uses of one token race
 * on the primary key, so exactly one of them wins. Uses of tokens past their expiry are forgotten.
 */
async function useOnce(db: AppDb, payload: SandboxTokenPayload, now: Date): Promise<boolean> {
  await db.delete(sandbox_sign_in_uses).where(lt(sandbox_sign_in_uses.expires_at, now));
  const recorded = await db
    .insert(sandbox_sign_in_uses)
    .values({ token_id: payload.jti, expires_at: new Date(payload.exp) })
    .onConflictDoNothing({ target: sandbox_sign_in_uses.token_id })
    .returning({ tokenId: sandbox_sign_in_uses.token_id });
  return recorded.length === 1;
}

/** Sandbox sign-in: accepts once each token POST /sandbox/sign_in issued here in the last ten minutes. */
export function createSandboxIdentity(options: { db: AppDb; seed: number; now: () => Date }): IdentityProvider {
  return {
    async verify(token) {
      const secret = await readAppSecret(options.db, SIGNING_KEY);
      const now = options.now();
      const payload = secret === undefined ? null : readSandboxToken(secret, token, now);
      if (payload === null) return null;
      const identities = SANDBOX_ACCOUNTS.map((account) => sandboxAccountIdentity(options.seed, account.key));
      const identity = identities.find((candidate) => candidate.fb_user_id === payload.sub);
      if (!identity || !(await useOnce(options.db, payload, now))) return null;
      return identity;
    },
  };
}
