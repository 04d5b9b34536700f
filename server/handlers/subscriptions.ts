import type { FastifyRequest } from 'fastify';
import { WebhookRefused } from '../adapters/payments';
import { findGroup } from '../domain/held-groups';
import { requestHash, type IdempotencyClaim } from '../domain/idempotency';
import {
  applySubscriptionEvent,
  changeCard,
  purchasePlan,
  upgradeToAnnual,
  type Charged,
  type PaymentOutcome,
  type PaymentRefusal,
} from '../domain/subscriptions';
import { findUser } from '../domain/users';
import { ApiError, notFound } from '../http/errors';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup } from './types';
import { groupView } from './views/group';
import { userView } from './views/user';

const REFUSALS: Record<PaymentRefusal, () => ApiError> = {
  other_request: () =>
    new ApiError('conflict', 'This Idempotency-Key was already used for another request', { reason: 'idempotency_key_reused' }),
  in_progress: () =>
    new ApiError('conflict', 'A request with this Idempotency-Key is still being answered', { reason: 'idempotency_key_in_progress' }),
  purchase_in_progress: () =>
    new ApiError('conflict', 'Another payment for this group is being processed. Wait a moment, then reload the page to see its outcome.', {
      reason: 'purchase_in_progress',
    }),
  card_change_in_progress: () =>
    new ApiError('conflict', 'Another change of your card is being processed. Wait a moment, then reload the page to see its outcome.', {
      reason: 'card_change_in_progress',
    }),
  no_card: () => new ApiError('bad_request', 'Please enter your credit card details.', { field: 'token', location: 'body', rule: 'required' }),
  already_paid: () => new ApiError('conflict', 'The group already has a paid plan', { reason: 'already_paid' }),
  not_monthly: () => new ApiError('conflict', 'Only a group on the monthly plan upgrades to annual', { reason: 'not_monthly' }),
  not_found: () => notFound('Group not found!'),
};

/** The success of an outcome; a refusal or a declined card leaves as the contract's error. */
function succeeded<Success extends object>(outcome: PaymentOutcome<Success>): Success {
  if ('refused' in outcome) throw REFUSALS[outcome.refused]();
  if ('declined' in outcome) throw new ApiError('payment_failed', outcome.declined);
  return outcome;
}

/** The attempt's key (the contract requires a UUID in Idempotency-Key) with the fingerprint of its request. */
function claimOf(request: FastifyRequest, operation: string, groupId: number, body: unknown): IdempotencyClaim {
  return {
    userId: callerOf(request).userId,
    operation,
    key: String(request.headers['idempotency-key']),
    requestHash: requestHash(groupId, body),
  };
}

export function subscriptionsHandlers({ db, config, now, payments }: HandlerContext): HandlerGroup {
  async function subscriptionResult(request: FastifyRequest, groupId: number, { paid }: Charged) {
    const group = await findGroup(db, groupId);
    if (!group) throw notFound('Group not found!');
    return { group: groupView(request, group), transaction_id: paid.transactionId, total: paid.total };
  }

  return {
    async createSubscription(request) {
      const { id } = request.params;
      const outcome = await purchasePlan(db, payments, {
        groupId: id,
        userId: callerOf(request).userId,
        plan: request.body.plan,
        token: request.body.token,
        claim: claimOf(request, 'createSubscription', id, request.body),
        ip: request.ip,
        at: now(),
      });
      return subscriptionResult(request, id, succeeded(outcome));
    },

    async upgradeSubscription(request) {
      const { id } = request.params;
      const outcome = await upgradeToAnnual(db, payments, {
        groupId: id,
        userId: callerOf(request).userId,
        claim: claimOf(request, 'upgradeSubscription', id, request.body),
        ip: request.ip,
        at: now(),
      });
      return subscriptionResult(request, id, succeeded(outcome));
    },

    async updateSubscriptionSource(request) {
      const { id } = request.params;
      const { userId } = callerOf(request);
      const outcome = await changeCard(db, payments, {
        groupId: id,
        userId,
        token: request.body.token,
        claim: claimOf(request, 'updateSubscriptionSource', id, request.body),
        ip: request.ip,
        at: now(),
      });
      succeeded(outcome);
      const user = await findUser(db, userId);
      if (!user) throw notFound('User not found');
      return { user: userView(request, user) };
    },

    async receivePaymentWebhook(request) {
      if (config.mode === 'sandbox' || !payments.readWebhook) throw notFound('Payment webhooks arrive in live mode only');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || request.rawBody === undefined) {
        throw new ApiError('bad_request', 'The Stripe-Signature header is missing', { field: 'Stripe-Signature', location: 'header', rule: 'required' });
      }
      let event;
      try {
        event = payments.readWebhook(request.rawBody, signature);
      } catch (error) {
        if (!(error instanceof WebhookRefused)) throw error;
        throw new ApiError('bad_request', `The webhook signature does not verify: ${error.message}`, {
          field: 'Stripe-Signature',
          location: 'header',
          rule: 'signature',
        });
      }
      if (event) await applySubscriptionEvent(db, event, now());
      return { received: true };
    },
  };
}
