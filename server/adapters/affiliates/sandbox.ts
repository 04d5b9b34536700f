import { randomBytes } from 'node:crypto';
import { AFFILIATE_COMMISSION_PERCENT, PLAN_CHARGE_CENTS } from '../../../rules/prices';
import type { AffiliatesAdapter } from './affiliates-adapter';

/**
 * What the sandbox world's affiliates have earned: Ada referred one annual licence, so she is owed
 * the programme's commission on it. Affiliates made in the sandbox start with nothing.
 */
const SANDBOX_EARNINGS_CENTS: Record<string, number> = {
  'ada-admin': Math.round((PLAN_CHARGE_CENTS.annual * AFFILIATE_COMMISSION_PERCENT) / 100),
};

/** The offline stand-in for the affiliate service: links on our own origin, balances from the sandbox world. */
export function createSandboxAffiliates(): AffiliatesAdapter {
  return {
    async createAffiliate() {
      return { id: `sandbox-${randomBytes(6).toString('hex')}` };
    },
    async removeAffiliate() {},
    async referralLink(affiliateId) {
      return `/?ref=${encodeURIComponent(affiliateId)}`;
    },
    async balanceCents(affiliateId) {
      return SANDBOX_EARNINGS_CENTS[affiliateId] ?? 0;
    },
  };
}
