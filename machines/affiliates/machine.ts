import { assign, emit, setup, spawnChild } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import { countShare, enableAffiliate, fetchAffiliate, type Affiliate, type AffiliateAnswer, type EnableAnswer, type UserFlags } from './actors';
import { isEmailAddress } from '../../rules/email';

export interface AffiliatesInput {
  api: ApiClient;
  /** The user's email; the page asks for one only when they have none. */
  userEmail: string | null;
  /** How often the user has shared the referral link so far (user flag count_share_facebook_referral). */
  shareCount: number;
  /** Told the user's flags once a share is counted, so the session's user counts it too. */
  onFlagsSaved(flags: UserFlags): void;
}

export interface AffiliatesContext extends AffiliatesInput {
  /** What the email box holds (the user's own email when they have one). */
  email: string;
  affiliate: Affiliate | null;
  failure: string | null;
}

export type AffiliatesEvent =
  | { type: 'affiliate.email.changed'; email: string }
  | { type: 'affiliate.enable' }
  | { type: 'affiliate.retry' }
  | { type: 'affiliate.shared' };

/** Told to the page once the programme is enabled: it toasts. */
export type AffiliatesEmitted = { type: 'affiliate.enabled'; login: string };

/**
 * The Affiliates page (spec part 1 §2): the account is loaded; a user who has not joined enables
 * the programme, giving an email when they have none (the button waits for a valid one); a joined
 * user sees the referral link, the dashboard login and the balance, and each share is counted.
 */
export const affiliatesMachine = setup({
  types: {
    context: {} as AffiliatesContext,
    events: {} as AffiliatesEvent,
    input: {} as AffiliatesInput,
    emitted: {} as AffiliatesEmitted,
  },
  actors: { fetchAffiliate, enableAffiliate, countShare },
  guards: {
    hasAffiliate: (_, answer: AffiliateAnswer) => answer.kind === 'loaded' && answer.affiliate !== null,
    isLoaded: (_, answer: AffiliateAnswer) => answer.kind === 'loaded',
    isEnabled: (_, answer: EnableAnswer) => answer.kind === 'enabled',
    hasValidEmail: ({ context }) => isEmailAddress(context.email),
  },
  actions: {
    rememberAffiliate: assign((_, answer: AffiliateAnswer | EnableAnswer) => ({
      affiliate: answer.kind === 'failed' ? null : answer.affiliate,
      failure: null,
    })),
    rememberFailure: assign((_, answer: AffiliateAnswer | EnableAnswer) => ({ failure: answer.kind === 'failed' ? answer.message : null })),
    forgetFailure: assign({ failure: null }),
    takeEmail: assign((_, email: string) => ({ email, failure: null })),
    countShare: spawnChild('countShare', {
      input: ({ context }) => ({ api: context.api, count: context.shareCount + 1, onSaved: context.onFlagsSaved }),
    }),
    addShare: assign(({ context }) => ({ shareCount: context.shareCount + 1 })),
    tellEnabled: emit(({ context }) => ({ type: 'affiliate.enabled' as const, login: context.affiliate?.login ?? context.email })),
  },
}).createMachine({
  id: 'affiliates',
  context: ({ input }) => ({ ...input, email: input.userEmail ?? '', affiliate: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'forgetFailure',
      invoke: {
        id: 'fetchAffiliate',
        src: 'fetchAffiliate',
        input: ({ context }) => ({ api: context.api }),
        onDone: [
          {
            guard: { type: 'hasAffiliate', params: ({ event }) => event.output },
            target: 'enabled',
            actions: { type: 'rememberAffiliate', params: ({ event }) => event.output },
          },
          { guard: { type: 'isLoaded', params: ({ event }) => event.output }, target: 'joining' },
          { target: 'loadFailed', actions: { type: 'rememberFailure', params: ({ event }) => event.output } },
        ],
      },
    },
    loadFailed: {
      on: { 'affiliate.retry': 'loading' },
    },
    joining: {
      on: {
        'affiliate.email.changed': { actions: { type: 'takeEmail', params: ({ event }) => event.email } },
        'affiliate.enable': { guard: 'hasValidEmail', target: 'enabling' },
      },
    },
    enabling: {
      entry: 'forgetFailure',
      invoke: {
        id: 'enableAffiliate',
        src: 'enableAffiliate',
        input: ({ context }) => ({ api: context.api, email: context.email }),
        onDone: [
          {
            guard: { type: 'isEnabled', params: ({ event }) => event.output },
            target: 'enabled',
            actions: [{ type: 'rememberAffiliate', params: ({ event }) => event.output }, 'tellEnabled'],
          },
          { target: 'joining', actions: { type: 'rememberFailure', params: ({ event }) => event.output } },
        ],
      },
    },
    enabled: {
      on: { 'affiliate.shared': { actions: ['countShare', 'addShare'] } },
    },
  },
});
