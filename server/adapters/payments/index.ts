import type { ServerConfig } from '../../config';
import type { AppDb } from '../../db/connect';
import type { PaymentsAdapter } from './payments-adapter';
import { createSandboxPayments } from './sandbox';
import { createStripePayments } from './stripe';

export * from './payments-adapter';

/** The payment provider the mode asks for: the sandbox's test cards, or Stripe. */
export function createPaymentsAdapter(config: ServerConfig, db: AppDb, now: () => Date): PaymentsAdapter {
  if (config.mode === 'sandbox') return createSandboxPayments(db, now);
  return createStripePayments(config.stripe);
}
