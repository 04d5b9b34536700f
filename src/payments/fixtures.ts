import type { components } from '../api/schema';
import type { PaymentAnswer, SubscriptionResult, User } from '../../machines/purchase/actors';
import type { CardFormLoad, CardTokenOutcome } from '../../machines/purchase/cardEntry';

type Group = components['schemas']['Group'];

const CREATED_AT = '2024-03-04T09:15:00.000Z';
const PAID_AT = '2024-06-01T10:00:00.000Z';

/** Ada's free group in the sandbox, which she buys a plan for. */
export const freeGroup: Group = {
  id: 1,
  fb_group_id: '1402385749123001',
  fb_slug: 'backyard-beekeepers',
  name: 'Backyard Beekeepers Circle',
  avatar_url: null,
  subscribed_plan: 'free',
  subscription_status: null,
  subscribed_from_at: null,
  subscription_ends_at: null,
  trial_ends_at: null,
  stripe_subscription_id: null,
  is_locked: false,
  is_orphaned: false,
  is_manual_subscription: false,
  data_removal_at: null,
  created_at: CREATED_AT,
  updated_at: CREATED_AT,
  flags: { checkbox_payment_terms_accept: false, count_payment_error: 0 },
};

/** A monthly group, which upgrades to annual. */
export const monthlyGroup: Group = {
  ...freeGroup,
  id: 2,
  fb_group_id: '2208871530044102',
  fb_slug: 'vintage-film-cameras',
  name: 'Vintage Film Camera Swap',
  subscribed_plan: 'monthly',
  subscription_status: 'active',
  subscribed_from_at: CREATED_AT,
  stripe_subscription_id: 'sub_monthly_fixture',
};

/** Ada with no saved card: she types one in. */
export const userWithoutCard: User = {
  id: 7,
  fb_auth_user_id: '900100200300',
  fb_user_id: '100200300400',
  fb_username: 'ada.admin',
  email: 'ada.admin@example.com',
  first_name: 'Ada',
  last_name: 'Admin',
  name: 'Ada Admin',
  avatar_url: null,
  is_supervisor: false,
  is_banned: false,
  created_at: CREATED_AT,
  updated_at: CREATED_AT,
  card_exists: false,
  card_brand: null,
  card_last4: null,
  stripe_customer_id: null,
  tapfiliate_id: null,
  tapfiliate_password: null,
  friendfilter_id: null,
  flags: { connects_is_enabled: true, onboarding_completed: true, welcome_page_seen: true, robot_training: false, count_share_facebook_referral: 0 },
};

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
