import { assign, setup } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import { loadCardForm, tokenizeCard, type PaymentAnswer, type User } from '../purchase/actors';
import type { CardEntry, CardFormLoad, CardTokenOutcome } from '../purchase/cardEntry';
import { afterAnswer, cardOutcomeProblem, crashProblem } from '../purchase/attempt';
import type { PaymentProblem } from '../purchase/messages';
import { updateCardSource } from './actors';

export interface ChangeCardInput {
  api: ApiClient;
  /** The paid group whose subscription the new card pays. */
  groupId: number;
  card: CardEntry;
  /** A new idempotency key (a UUID) for each attempt. */
  newIdempotencyKey?: () => string;
}

/** One card change: its key and token, kept until the server answers it. */
export interface CardChangeAttempt {
  key: string;
  token: string;
}

export interface ChangeCardContext {
  api: ApiClient;
  groupId: number;
  card: CardEntry;
  newIdempotencyKey: () => string;
  termsAccepted: boolean;
  problem: PaymentProblem | null;
  attempt: CardChangeAttempt | null;
}

export type ChangeCardEvent = { type: 'terms.change'; accepted: boolean } | { type: 'card.submit' } | { type: 'cardForm.retry' };

type Answer = { answer: PaymentAnswer<User> };
type CardOutcome = { outcome: CardTokenOutcome };

/**
 * The change-card page (spec part 1 §2, §4, §5): the card form, the terms checkbox and Continue.
 * The terms are checked first, then the card is tokenized (an incomplete card or the provider's
 * refusal leaves the user on the form) and saved for the group's subscription. Like a purchase,
 * the call carries an idempotency key, sent again with the same token when the server never
 * answered. Success reloads the user (the answer is the user with the new card) and goes to
 * /thanks/card_update.html. A processor that cannot load stops the page with the ad-block message.
 */
export const changeCardMachine = setup({
  types: {
    context: {} as ChangeCardContext,
    events: {} as ChangeCardEvent,
    input: {} as ChangeCardInput,
    children: {} as { loadCardForm: 'loadCardForm'; tokenizeCard: 'tokenizeCard'; updateCardSource: 'updateCardSource' },
  },
  actors: { loadCardForm, tokenizeCard, updateCardSource },
  guards: {
    cardReady: (_, { load }: { load: CardFormLoad }) => load.kind === 'ready',
    termsMissing: ({ context }) => !context.termsAccepted,
    retriesAttempt: ({ context }) => context.attempt !== null,
    gotToken: (_, { outcome }: CardOutcome) => outcome.kind === 'token',
    cardBlocked: (_, { outcome }: CardOutcome) => outcome.kind === 'blocked',
    saved: (_, { answer }: Answer) => answer.kind === 'done',
  },
  actions: {
    rememberTerms: assign((_, { accepted }: { accepted: boolean }) => ({ termsAccepted: accepted, problem: null })),
    requireTerms: assign({ problem: { kind: 'termsRequired' } }),
    forgetProblem: assign({ problem: null }),
    beginAttempt: assign(({ context }, { token }: { token: string }) => ({ attempt: { key: context.newIdempotencyKey(), token } })),
    rememberCardProblem: assign((_, { outcome }: CardOutcome) => ({ problem: cardOutcomeProblem(outcome) })),
    rememberFailure: assign(({ context }, { answer }: Answer) => afterAnswer(answer, context.attempt)),
    rememberCrash: assign((_, { error }: { error: unknown }) => ({ problem: crashProblem(error) })),
    // Supplied where the page runs: they need the session and the browser's location.
    userReloaded: (_, _params: { user: User }) => {},
    goToCardUpdated: () => {},
  },
}).createMachine({
  id: 'changeCard',
  context: ({ input }) => ({
    api: input.api,
    groupId: input.groupId,
    card: input.card,
    newIdempotencyKey: input.newIdempotencyKey ?? (() => crypto.randomUUID()),
    termsAccepted: false,
    problem: null,
    attempt: null,
  }),
  initial: 'loadingCardForm',
  states: {
    loadingCardForm: {
      tags: 'busy',
      invoke: {
        id: 'loadCardForm',
        src: 'loadCardForm',
        input: ({ context }) => ({ card: context.card, shown: true }),
        onDone: [{ guard: { type: 'cardReady', params: ({ event }) => ({ load: event.output }) }, target: 'editing' }, { target: 'blocked' }],
        onError: 'blocked',
      },
    },
    blocked: {
      on: { 'cardForm.retry': 'loadingCardForm' },
    },
    editing: {
      on: {
        'terms.change': { actions: { type: 'rememberTerms', params: ({ event }) => ({ accepted: event.accepted }) } },
        'card.submit': [
          { guard: 'termsMissing', actions: 'requireTerms' },
          { guard: 'retriesAttempt', target: 'savingCard', actions: 'forgetProblem' },
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
            target: 'savingCard',
            actions: { type: 'beginAttempt', params: ({ event }) => ({ token: event.output.kind === 'token' ? event.output.token : '' }) },
          },
          { guard: { type: 'cardBlocked', params: ({ event }) => ({ outcome: event.output }) }, target: 'blocked' },
          { target: 'editing', actions: { type: 'rememberCardProblem', params: ({ event }) => ({ outcome: event.output }) } },
        ],
        onError: { target: 'editing', actions: { type: 'rememberCrash', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    savingCard: {
      tags: 'busy',
      invoke: {
        id: 'updateCardSource',
        src: 'updateCardSource',
        input: ({ context }) => ({ api: context.api, groupId: context.groupId, token: context.attempt!.token, idempotencyKey: context.attempt!.key }),
        onDone: [
          {
            guard: { type: 'saved', params: ({ event }) => ({ answer: event.output }) },
            target: 'updated',
            actions: [
              { type: 'userReloaded', params: ({ event }) => ({ user: (event.output as { kind: 'done'; result: User }).result }) },
              'goToCardUpdated',
            ],
          },
          { target: 'editing', actions: { type: 'rememberFailure', params: ({ event }) => ({ answer: event.output }) } },
        ],
        onError: { target: 'editing', actions: { type: 'rememberCrash', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    updated: { type: 'final' },
  },
});
