import { issueSandboxToken, sandboxAccountIdentity } from '../adapters/identity/sandbox';
import { PaymentDeclined } from '../adapters/payments';
import { ApiError, notFound } from '../http/errors';
import { SANDBOX_ACCOUNTS } from '../sandbox/accounts';
import type { HandlerContext, HandlerGroup } from './types';

export function sandboxHandlers({ db, config, now, payments }: HandlerContext): HandlerGroup {
  return {
    async listSandboxAccounts() {
      return {
        accounts: SANDBOX_ACCOUNTS.map((account) => ({
          id: account.key,
          name: account.name,
          description: account.description,
          role: account.role,
        })),
      };
    },

    async sandboxSignIn(request) {
      const { account_id: accountId } = request.body;
      const account = SANDBOX_ACCOUNTS.find((candidate) => candidate.key === accountId);
      if (!account) throw notFound('No such sandbox account');
      const { fb_user_id: fbUserId } = sandboxAccountIdentity(config.sandboxSeed, account.key);
      return { facebook_token: await issueSandboxToken(db, fbUserId, now()) };
    },

    async createSandboxCardToken(request, reply) {
      if (!payments.issueCardToken) throw notFound('The sandbox payment provider is not in use');
      try {
        const card = await payments.issueCardToken(request.body);
        reply.code(201);
        return card;
      } catch (error) {
        if (error instanceof PaymentDeclined) throw new ApiError('payment_failed', error.message);
        throw error;
      }
    },
  };
}
