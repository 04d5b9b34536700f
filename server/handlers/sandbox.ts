import { issueSandboxToken, sandboxAccountIdentity } from '../adapters/identity/sandbox';
import { notFound } from '../http/errors';
import { SANDBOX_ACCOUNTS } from '../sandbox/accounts';
import type { HandlerContext, HandlerGroup } from './types';

export function sandboxHandlers({ db, config, now }: HandlerContext): HandlerGroup {
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
  };
}
