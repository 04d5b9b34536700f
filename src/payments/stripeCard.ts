import type { Stripe, StripeCardElement, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import type { CardEntry, CardTokenOutcome } from '../../machines/purchase/cardEntry';
import type { CardSlot } from './cardSlot';

export type LoadStripe = (publishableKey: string) => Promise<Stripe | null>;

/** What the card element last told of itself (its change events). */
export interface CardElementState {
  complete: boolean;
  /** Stripe's own message about what is typed, e.g. "Your card number is invalid." */
  errorMessage: string | null;
}

export const UNTOUCHED_CARD_ELEMENT: CardElementState = { complete: false, errorMessage: null };

export function cardElementStateOf(event: Pick<StripeCardElementChangeEvent, 'complete' | 'error'>): CardElementState {
  return { complete: event.complete, errorMessage: event.error?.message ?? null };
}

/**
 * Stripe's card element as a token: Stripe's own message when it finds the card wrong, an
 * incomplete card when it says nothing, else `stripe.createToken`, whose refusal is Stripe's message.
 */
export async function tokenizeStripeCard(stripe: Stripe, element: StripeCardElement, state: CardElementState): Promise<CardTokenOutcome> {
  if (state.errorMessage) return { kind: 'refused', message: state.errorMessage };
  if (!state.complete) return { kind: 'incomplete' };
  const { token, error } = await stripe.createToken(element);
  if (token) return { kind: 'token', token: token.id };
  return error.message ? { kind: 'refused', message: error.message } : { kind: 'incomplete' };
}

/** Stripe.js, loaded once for the page; null until it has loaded. */
export interface StripeLoader {
  entry: CardEntry;
  loaded(): Stripe | null;
}

/**
 * Stripe Elements: Stripe.js loads from Stripe's servers with the publishable key (GET /status
 * payment_public_key). When it cannot load (an ad blocker blocks js.stripe.com, or the key is
 * missing) the processor is blocked.
 */
export function stripeCardEntry(publishableKey: string | null, loadStripe: LoadStripe, slot: CardSlot): StripeLoader {
  let stripe: Stripe | null = null;
  return {
    loaded: () => stripe,
    entry: {
      async load() {
        if (!publishableKey) return { kind: 'blocked' };
        try {
          stripe = await loadStripe(publishableKey);
        } catch {
          stripe = null;
        }
        return stripe ? { kind: 'ready' } : { kind: 'blocked' };
      },
      tokenize: slot.tokenize,
    },
  };
}
