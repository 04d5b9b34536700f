import { and, assign, setup, spawnChild } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import type { PaidPlan } from '../../rules/prices';
import {
  createSubscription,
  loadCardForm,
  reloadUser,
  saveTermsAccepted,
  tokenizeCard,
  upgradeSubscription,
  type Group,
  type PaymentAnswer,
  type SubscriptionResult,
  type User,
} from './actors';
import type { CardEntry, CardFormLoad, CardTokenOutcome } from './cardEntry';
import { afterAnswer, cardOutcomeProblem, crashProblem } from './attempt';
import type { PaymentProblem } from './messages';
import { isUpgrade, needsCardForm, offeredPlans, purchaseTotalDollars } from './plans';

export interface PurchaseInput {
  api: ApiClient;
  group: Group;
  /** The signed-in user: a saved card (card_exists) pays without the card form. */
  user: User;
  card: CardEntry;
  /** The plan selected when the page opens; annual unless a link names another. */
  initialPlan?: PaidPlan;
  /** Where the app goes after the thank-you page: the group's dashboard. */
  returnUrl: string;
  /** A new idempotency key (a UUID) for each payment attempt. */
  newIdempotencyKey?: () => string;
}

/** One payment attempt: its key, and the card token it carries; kept until the server answers it. */
export interface PaymentAttempt {
  key: string;
  plan: PaidPlan;
  token: string | null;
}

/** What is kept after a purchase for the thank-you page (spec part 1 §4). */
export interface PurchaseRecord {
  returnUrl: string;
  transactionId: string;
  total: number;
}

export interface PurchaseContext {
  api: ApiClient;
  group: Group;
  user: User;
  card: CardEntry;
  returnUrl: string;
  newIdempotencyKey: () => string;
  plan: PaidPlan;
  termsAccepted: boolean;
  problem: PaymentProblem | null;
  attempt: PaymentAttempt | null;
  purchase: SubscriptionResult | null;
}

export type PurchaseEvent =
  | { type: 'plan.choose'; plan: PaidPlan }
  | { type: 'terms.change'; accepted: boolean }
  | { type: 'purchase.submit' }
  | { type: 'cardForm.retry' };

type Answer = { answer: PaymentAnswer<SubscriptionResult> };
type CardOutcome = { outcome: CardTokenOutcome };

const paymentSettled = [
  {
    guard: { type: 'paid', params: ({ event }: { event: { output: PaymentAnswer<SubscriptionResult> } }) => ({ answer: event.output }) },
    target: 'reloadingUser',
    actions: { type: 'rememberPurchase', params: ({ event }: { event: { output: PaymentAnswer<SubscriptionResult> } }) => ({ answer: event.output }) },
  },
  {
    target: 'choosing',
    actions: { type: 'rememberPaymentFailure', params: ({ event }: { event: { output: PaymentAnswer<SubscriptionResult> } }) => ({ answer: event.output }) },
  },
] as const;

const paymentCrashed = {
  target: 'choosing',
  actions: { type: 'rememberCrash', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
} as const;

/**
 * The purchase page (spec part 1 §2, §4, §5; part 2 §4). Annual is selected first; a monthly group
 * is offered annual alone and upgrades (PUT) without a card. On Continue the terms are checked
 * first (ticking them saves the group flag checkbox_payment_terms_accept); then a monthly group
 * upgrades at once; a user with a saved card subscribes with it; anyone else's card is tokenized
 * first, and an incomplete card or the provider's refusal leaves them on the form. A payment
 * processor that cannot load (an ad blocker) stops the page with a message asking to allow it.
 *
 * Every payment attempt carries an idempotency key: a retry of an attempt the server never
 * answered (the network failed, the server did, or the call broke) sends the same key with the same card token,
 * so it is never charged twice; an answered attempt is over, and the next Continue is a new one.
 * A refused payment shows 'Error: {message}'. The server raises the group flag count_payment_error
 * itself when it refuses a payment (402), so the page does not also post it.
 *
 * Success: the group comes back in the answer and the groups source reloads it (the call is one of
 * src/api/groupChanges.ts); the user is reloaded for the saved card; the return url, transaction id
 * and total are stored, and the app goes to /thanks, which reloads the app on the dashboard.
 */
export const purchaseMachine = setup({
  types: {
    context: {} as PurchaseContext,
    events: {} as PurchaseEvent,
    input: {} as PurchaseInput,
    children: {} as {
      loadCardForm: 'loadCardForm';
      tokenizeCard: 'tokenizeCard';
      createSubscription: 'createSubscription';
      upgradeSubscription: 'upgradeSubscription';
      reloadUser: 'reloadUser';
    },
  },
  actors: { loadCardForm, tokenizeCard, createSubscription, upgradeSubscription, reloadUser, saveTermsAccepted },
  guards: {
    isOffered: ({ context }, { plan }: { plan: PaidPlan }) =>
      plan !== context.plan && offeredPlans(context.group.subscribed_plan).some((offered) => offered === plan),
    termsMissing: ({ context }) => !context.termsAccepted,
    upgrades: ({ context }) => isUpgrade(context.group.subscribed_plan),
    hasSavedCard: ({ context }) => context.user.card_exists,
    retriesAttempt: ({ context }) => context.attempt !== null && context.attempt.plan === context.plan,
    cardReady: (_, { load }: { load: CardFormLoad }) => load.kind === 'ready',
    gotToken: (_, { outcome }: CardOutcome) => outcome.kind === 'token',
    cardBlocked: (_, { outcome }: CardOutcome) => outcome.kind === 'blocked',
    paid: (_, { answer }: Answer) => answer.kind === 'done',
    accepts: (_, { accepted }: { accepted: boolean }) => accepted,
    userFound: (_, { user }: { user: User | null }) => user !== null,
  },
  actions: {
    choosePlan: assign((_, { plan }: { plan: PaidPlan }) => ({ plan, problem: null })),
    rememberTerms: assign((_, { accepted }: { accepted: boolean }) => ({ termsAccepted: accepted, problem: null })),
    saveTermsAccepted: spawnChild('saveTermsAccepted', { input: ({ context }) => ({ api: context.api, groupId: context.group.id }) }),
    requireTerms: assign({ problem: { kind: 'termsRequired' } }),
    forgetProblem: assign({ problem: null }),
    beginAttempt: assign(({ context }, { token }: { token: string | null }) => ({
      attempt: { key: context.newIdempotencyKey(), plan: context.plan, token },
    })),
    rememberCardProblem: assign((_, { outcome }: CardOutcome) => ({ problem: cardOutcomeProblem(outcome) })),
    rememberPurchase: assign((_, { answer }: Answer) => ({ purchase: answer.kind === 'done' ? answer.result : null, attempt: null })),
    rememberPaymentFailure: assign(({ context }, { answer }: Answer) => afterAnswer(answer, context.attempt)),
    rememberCrash: assign((_, { error }: { error: unknown }) => ({ problem: crashProblem(error) })),
    // Supplied where the page runs: they need the session, the storage and the browser's location.
    userReloaded: (_, _params: { user: User }) => {},
    recordPurchase: (_, _params: { record: PurchaseRecord }) => {},
    goToThanks: () => {},
  },
}).createMachine({
  id: 'purchase',
  context: ({ input }) => ({
    api: input.api,
    group: input.group,
    user: input.user,
    card: input.card,
    returnUrl: input.returnUrl,
    newIdempotencyKey: input.newIdempotencyKey ?? (() => crypto.randomUUID()),
    plan: isUpgrade(input.group.subscribed_plan) ? 'annual' : (input.initialPlan ?? 'annual'),
    termsAccepted: input.group.flags.checkbox_payment_terms_accept,
    problem: null,
    attempt: null,
    purchase: null,
  }),
  initial: 'loadingCardForm',
  states: {
    loadingCardForm: {
      tags: 'busy',
      invoke: {
        id: 'loadCardForm',
        src: 'loadCardForm',
        input: ({ context }) => ({ card: context.card, shown: needsCardForm(context.group.subscribed_plan, context.user.card_exists) }),
        onDone: [{ guard: { type: 'cardReady', params: ({ event }) => ({ load: event.output }) }, target: 'choosing' }, { target: 'blocked' }],
        onError: 'blocked',
      },
    },
    blocked: {
      on: { 'cardForm.retry': 'loadingCardForm' },
    },
    choosing: {
      on: {
        'plan.choose': {
          guard: { type: 'isOffered', params: ({ event }) => ({ plan: event.plan }) },
          actions: { type: 'choosePlan', params: ({ event }) => ({ plan: event.plan }) },
        },
        'terms.change': [
          {
            guard: { type: 'accepts', params: ({ event }) => ({ accepted: event.accepted }) },
            actions: [{ type: 'rememberTerms', params: ({ event }) => ({ accepted: event.accepted }) }, 'saveTermsAccepted'],
          },
          { actions: { type: 'rememberTerms', params: ({ event }) => ({ accepted: event.accepted }) } },
        ],
        'purchase.submit': [
          { guard: 'termsMissing', actions: 'requireTerms' },
          { guard: and(['upgrades', 'retriesAttempt']), target: 'upgrading', actions: 'forgetProblem' },
          { guard: 'upgrades', target: 'upgrading', actions: ['forgetProblem', { type: 'beginAttempt', params: { token: null } }] },
          { guard: 'retriesAttempt', target: 'subscribing', actions: 'forgetProblem' },
          { guard: 'hasSavedCard', target: 'subscribing', actions: ['forgetProblem', { type: 'beginAttempt', params: { token: null } }] },
          { target: 'tokenizingCard', actions: 'forgetProblem' },
        ],
      },
    },
    tokenizingCard: {
      tags: 'busy',
      invoke: {
        id: 'tokenizeCard',
        src: 'tokenizeCard',
        input: ({ context }) => ({ card: context.card }),
        onDone: [
          {
            guard: { type: 'gotToken', params: ({ event }) => ({ outcome: event.output }) },
            target: 'subscribing',
            actions: {
              type: 'beginAttempt',
              params: ({ event }) => ({ token: event.output.kind === 'token' ? event.output.token : null }),
            },
          },
          { guard: { type: 'cardBlocked', params: ({ event }) => ({ outcome: event.output }) }, target: 'blocked' },
          { target: 'choosing', actions: { type: 'rememberCardProblem', params: ({ event }) => ({ outcome: event.output }) } },
        ],
        onError: paymentCrashed,
      },
    },
    subscribing: {
      tags: 'busy',
      invoke: {
        id: 'createSubscription',
        src: 'createSubscription',
        input: ({ context }) => ({
          api: context.api,
          groupId: context.group.id,
          plan: context.attempt!.plan,
          token: context.attempt!.token,
          idempotencyKey: context.attempt!.key,
        }),
        onDone: paymentSettled,
        onError: paymentCrashed,
      },
    },
    upgrading: {
      tags: 'busy',
      invoke: {
        id: 'upgradeSubscription',
        src: 'upgradeSubscription',
        input: ({ context }) => ({
          api: context.api,
          groupId: context.group.id,
          plan: 'annual' as const,
          token: null,
          idempotencyKey: context.attempt!.key,
        }),
        onDone: paymentSettled,
        onError: paymentCrashed,
      },
    },
    reloadingUser: {
      tags: 'busy',
      invoke: {
        id: 'reloadUser',
        src: 'reloadUser',
        input: ({ context }) => ({ api: context.api }),
        onDone: [
          {
            guard: { type: 'userFound', params: ({ event }) => ({ user: event.output }) },
            target: 'purchased',
            actions: { type: 'userReloaded', params: ({ event }) => ({ user: event.output! }) },
          },
          { target: 'purchased' },
        ],
        onError: 'purchased',
      },
    },
    purchased: {
      type: 'final',
      entry: [
        {
          type: 'recordPurchase',
          params: ({ context }) => ({
            record: { returnUrl: context.returnUrl, transactionId: context.purchase!.transaction_id, total: purchaseTotalDollars(context.plan) },
          }),
        },
        'goToThanks',
      ],
    },
  },
});
