import type { ServerConfig } from '../../config';
import type { AffiliatesAdapter } from './affiliates-adapter';
import { createSandboxAffiliates } from './sandbox';
import { createTapfiliateAffiliates } from './tapfiliate';

export type { AffiliatesAdapter, NewAffiliate } from './affiliates-adapter';

/** The affiliate service the mode asks for: the sandbox's stand-in, or Tapfiliate. */
export function createAffiliatesAdapter(config: ServerConfig): AffiliatesAdapter {
  if (config.mode === 'sandbox') return createSandboxAffiliates();
  return createTapfiliateAffiliates(config.tapfiliate);
}
