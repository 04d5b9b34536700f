import type { FastifyRequest } from 'fastify';
import {
  connectPaymentAccount,
  disconnectPaymentAccount,
  followOnboarding,
  readPaymentAccount,
  refreshOnboarding,
  type PaymentAccountState,
} from '../domain/payment-account';
import type { PaidFeatureRefusal } from '../../rules/plans';
import { ApiError, notFound } from '../http/errors';
import type { HandlerContext, HandlerGroup } from './types';

/** The account as the contract's PaymentAccount shows it. */
export function paymentAccountView(account: PaymentAccountState) {
  return {
    properties: { company_name: account.companyName, onboarding: account.onboarding },
    tasks: account.tasks.map((task) => ({
      task_id: task.id,
      properties: {
        status: task.status,
        progress: task.progress,
        start_timestamp: task.startedAt ? Math.floor(task.startedAt.getTime() / 1000) : null,
      },
    })),
  };
}

/** The origin the caller reached us at: where the provider sends the browser back. */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

const REFUSALS: Record<PaidFeatureRefusal, ApiError> = {
  free_plan: new ApiError('conflict', 'Upgrade to PRO to unlock Connections!', { reason: 'free_plan' }),
  locked: new ApiError('conflict', 'Account is locked', { reason: 'locked' }),
};

export function paymentAccountHandlers({ db, now, connect }: HandlerContext): HandlerGroup {
  return {
    async getPaymentAccount(request) {
      const { id } = request.params;
      if (request.query.onboarding === 'refresh') await refreshOnboarding(db, id, now());
      await followOnboarding(db, connect, id, request.caller?.userId ?? null, now());
      return paymentAccountView(await readPaymentAccount(db, id));
    },

    async connectPaymentAccount(request) {
      const result = await connectPaymentAccount(db, connect, { groupId: request.params.id, origin: requestOrigin(request) });
      if ('refused' in result) throw REFUSALS[result.refused];
      return { ...(result.redirectUrl ? { redirect_url: result.redirectUrl } : {}), account: paymentAccountView(result.account) };
    },

    async deletePaymentAccount(request, reply) {
      const result = await disconnectPaymentAccount(db, { groupId: request.params.id, userId: request.caller!.userId, now: now() });
      if ('refused' in result) throw REFUSALS[result.refused];
      if (!result.disconnected) throw notFound('No payment account is connected');
      return reply.code(204).send();
    },
  };
}
