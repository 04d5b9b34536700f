import type { ServerConfig } from '../../config';
import type { AppDb } from '../../db/connect';
import { createFacebookIdentity } from './facebook';
import type { IdentityProvider } from './identity-provider';
import { createSandboxIdentity } from './sandbox';

export type { IdentityProvider, VerifiedIdentity } from './identity-provider';

/** The sign-in verifier the mode asks for: the sandbox's own tokens, or the social network's. */
export function createIdentityProvider(config: ServerConfig, db: AppDb, now: () => Date): IdentityProvider {
  if (config.mode === 'sandbox') return createSandboxIdentity({ db, seed: config.sandboxSeed, now });
  return createFacebookIdentity(config.facebook);
}
