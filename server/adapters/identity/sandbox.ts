import type { AppDb } from '../../db/connect';
import { ensureAppSecret, readAppSecret } from '../../domain/app-secrets';
import { SANDBOX_ACCOUNTS, type SandboxAccountKey } from '../../sandbox/accounts';
import { accountPerson } from '../../sandbox/people';
import { createSandboxWorld } from '../../sandbox/world';
import type { IdentityProvider, VerifiedIdentity } from './identity-provider';
import { readSandboxToken, signSandboxToken } from './sandbox-token';

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

/** Sandbox sign-in: accepts the tokens POST /sandbox/sign_in issued here in the last ten minutes. */
export function createSandboxIdentity(options: { db: AppDb; seed: number; now: () => Date }): IdentityProvider {
  return {
    async verify(token) {
      const secret = await readAppSecret(options.db, SIGNING_KEY);
      const fbUserId = secret === undefined ? null : readSandboxToken(secret, token, options.now());
      if (fbUserId === null) return null;
      const identities = SANDBOX_ACCOUNTS.map((account) => sandboxAccountIdentity(options.seed, account.key));
      return identities.find((identity) => identity.fb_user_id === fbUserId) ?? null;
    },
  };
}
