import type { components } from '../api/schema';
import { groupFixture, userFixture } from '../app/shell/fixtures';
import type { PaymentAnswer, SubscriptionResult, User } from '../../machines/purchase/actors';
import type { CardFormLoad, CardTokenOutcome } from '../../machines/purchase/cardEntry';

type Group = components['schemas']['Group'];

const PAID_AT = '2024-06-01T10:00:00.000Z';

/** Ada's free group in the sandbox, which she buys a plan for. */
export const freeGroup: Group = groupFixture({ fb_slug: 'backyard-beekeepers', name: 'Backyard Beekeepers Circle' });

/** A monthly group, which upgrades to annual. */
export const monthlyGroup: Group = {
  ...freeGroup,
  id: 2,
  fb_group_id: '2208871530044102',
  fb_slug: 'vintage-film-cameras',
  name: 'Vintage Film Camera Swap',
  subscribed_plan: 'monthly',
  subscription_status: 'active',
  subscribed_from_at: freeGroup.created_at,
  stripe_subscription_id: 'sub_monthly_fixture',
};

/** Ada with no saved card: she types one in. */
export const userWithoutCard: User = userFixture({
  id: 7,
  fb_auth_user_id: '900100200300',
  fb_user_id: '100200300400',
  fb_username: 'ada.admin',
  email: 'ada.admin@example.com',
  first_name: 'Ada',
  last_name: 'Admin',
  name: 'Ada Admin',
});

/** Ada with a saved Visa: she pays with it, without the card form. */
export const userWithCard: User = { ...userWithoutCard, card_exists: true, card_brand: 'Visa', card_last4: '4242', stripe_customer_id: 'cus_fixture' };

export const PURCHASE_RETURN_URL = `/${freeGroup.fb_group_id}/dashboard`;

function subscribed(group: Group, plan: 'monthly' | 'annual', total: number, transactionId: string): PaymentAnswer<SubscriptionResult> {
  return {
    kind: 'done',
    result: {
      group: { ...group, subscribed_plan: plan, subscription_status: 'active', subscribed_from_at: PAID_AT, is_locked: false },
      transaction_id: transactionId,
      total,
    },
  };
}

/** How each actor of the purchase and change-card workflows answers, by name; the model tests and the stories use these. */
export const PAYMENT_ANSWERS = {
  loadCardForm: {
    ready: { kind: 'ready' },
    blocked: { kind: 'blocked' },
  } satisfies Record<string, CardFormLoad>,
  tokenizeCard: {
    token: { kind: 'token', token: 'tok_sandbox_4242' },
    incomplete: { kind: 'incomplete' },
    refused: { kind: 'refused', message: 'Your card number is invalid.' },
    blocked: { kind: 'blocked' },
  } satisfies Record<string, CardTokenOutcome>,
  createSubscription: {
    annual: subscribed(freeGroup, 'annual', 29700, 'in_annual_fixture'),
    monthly: subscribed(freeGroup, 'monthly', 4500, 'in_monthly_fixture'),
    declined: { kind: 'refused', message: 'Your card was declined.' },
    unanswered: { kind: 'unanswered', message: 'The server did not answer.' },
  } satisfies Record<string, PaymentAnswer<SubscriptionResult>>,
  upgradeSubscription: {
    upgraded: subscribed(monthlyGroup, 'annual', 29700, 'in_upgrade_fixture'),
    declined: { kind: 'refused', message: 'Your card has insufficient funds.' },
    unanswered: { kind: 'unanswered', message: 'The server answered with HTTP 503.' },
  } satisfies Record<string, PaymentAnswer<SubscriptionResult>>,
  reloadUser: {
    reloaded: userWithCard,
    unreadable: null,
  } satisfies Record<string, User | null>,
  updateCardSource: {
    saved: { kind: 'done', result: { ...userWithCard, card_brand: 'MasterCard', card_last4: '4444' } },
    refused: { kind: 'refused', message: 'Your card was declined.' },
    unanswered: { kind: 'unanswered', message: 'The server did not answer.' },
  } satisfies Record<string, PaymentAnswer<User>>,
};
