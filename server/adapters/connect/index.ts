import type { ServerConfig } from '../../config';
import type { AppDb } from '../../db/connect';
import type { ConnectAdapter } from './connect-adapter';
import { createSandboxConnect } from './sandbox';
import { createStripeConnect } from './stripe';

export * from './connect-adapter';

/** The connected-account provider the mode asks for: the sandbox's Connect page and customers, or Stripe Connect. */
export function createConnectAdapter(config: ServerConfig, db: AppDb): ConnectAdapter {
  if (config.mode === 'sandbox') return createSandboxConnect(db);
  return createStripeConnect({ secretKey: config.stripe.secretKey });
}
