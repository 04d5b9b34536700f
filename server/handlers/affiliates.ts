import type { FastifyRequest } from 'fastify';
import { createAffiliatesAdapter, type AffiliatesAdapter } from '../adapters/affiliates';
import { affiliatesEnabled, enableAffiliate, readAffiliate, readAffiliateBalance, type AffiliateAccount, type EnableRefusal } from '../domain/affiliates';
import { ApiError, notFound } from '../http/errors';
import { publicUrl } from '../http/public-url';
import type { AppDb } from '../db/connect';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup } from './types';

const PROGRAMME_OFF = 'The referral programme is off';

async function requireProgramme(db: AppDb): Promise<void> {
  if (!(await affiliatesEnabled(db))) throw notFound(PROGRAMME_OFF);
}

function affiliateView(request: FastifyRequest, account: AffiliateAccount) {
  return { ...account, link: publicUrl(request, account.link) ?? account.link };
}

const REFUSAL_MESSAGES: Record<EnableRefusal, string> = {
  already_enabled: 'The referral programme is already enabled for you',
  no_paid_groups: 'Affiliate features are locked unless you have a paid group',
  email_taken: 'This email belongs to another account',
};

export function affiliatesHandlers({ db, config, now }: HandlerContext): HandlerGroup {
  // Made on first use: the handler table is also built without a context, to list the built operations.
  let adapter: AffiliatesAdapter | undefined;
  const affiliates = () => (adapter ??= createAffiliatesAdapter(config));
  return {
    async getAffiliate(request) {
      await requireProgramme(db);
      const account = await readAffiliate(db, affiliates(), callerOf(request).userId);
      return { affiliate: account && affiliateView(request, account) };
    },
    async enableAffiliate(request) {
      await requireProgramme(db);
      const outcome = await enableAffiliate(db, affiliates(), callerOf(request).userId, request.body.email, now());
      if (typeof outcome === 'string') throw new ApiError('conflict', REFUSAL_MESSAGES[outcome], { reason: outcome });
      return { affiliate: affiliateView(request, outcome) };
    },
    async getAffiliateBalance(request) {
      await requireProgramme(db);
      const balance = await readAffiliateBalance(db, affiliates(), callerOf(request).userId);
      if (balance === null) throw notFound('The referral programme is not enabled for you');
      return { balance };
    },
  };
}
