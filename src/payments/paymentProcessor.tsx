import type { ReactNode } from 'react';
import type { ApiClient } from '../api/client';
import type { components } from '../api/schema';
import type { CardEntry } from '../../machines/purchase/cardEntry';
import { createCardSlot } from './cardSlot';
import { SandboxCardForm } from './SandboxCardForm';
import { stripeCardEntry, type LoadStripe } from './stripeCard';
import { StripeCardForm } from './StripeCardForm';
import { sandboxCardEntry } from './sandboxCard';

type Status = components['schemas']['Status'];

/** The payment processor of a page: what the workflow calls (CardEntry) and the card form it draws. */
export interface PaymentProcessor {
  entry: CardEntry;
  cardForm(options: { disabled: boolean }): ReactNode;
}

/** Stripe.js from Stripe's servers; the pure entry point loads it only when asked, not on import. */
const loadStripeJs: LoadStripe = async (key) => (await import('@stripe/stripe-js/pure')).loadStripe(key);

/** The sandbox's own card form in sandbox mode (GET /status sandbox), else Stripe Elements. */
export function createPaymentProcessor(api: ApiClient, status: Pick<Status, 'sandbox' | 'payment_public_key'>, loadStripe = loadStripeJs): PaymentProcessor {
  const slot = createCardSlot();
  if (status.sandbox) {
    return { entry: sandboxCardEntry(api, slot), cardForm: ({ disabled }) => <SandboxCardForm api={api} slot={slot} disabled={disabled} /> };
  }
  const stripe = stripeCardEntry(status.payment_public_key, loadStripe, slot);
  return {
    entry: stripe.entry,
    cardForm: ({ disabled }) => {
      const loaded = stripe.loaded();
      return loaded ? <StripeCardForm stripe={loaded} slot={slot} disabled={disabled} /> : null;
    },
  };
}
