import { useEffect, useRef } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import type { CardSlot } from './cardSlot';
import { cardElementStateOf, tokenizeStripeCard, UNTOUCHED_CARD_ELEMENT, type CardElementState } from './stripeCard';
import './payments.css';

export interface StripeCardFormProps {
  stripe: Stripe;
  slot: CardSlot;
  disabled?: boolean;
}

/** The card form drawn by Stripe Elements, the postal code hidden (spec part 1 §5). */
export function StripeCardForm({ stripe, slot, disabled = false }: StripeCardFormProps) {
  return (
    <Elements stripe={stripe}>
      <StripeCardField slot={slot} disabled={disabled} />
    </Elements>
  );
}

function StripeCardField({ slot, disabled }: { slot: CardSlot; disabled: boolean }) {
  const stripe = useStripe();
  const elements = useElements();
  const state = useRef<CardElementState>(UNTOUCHED_CARD_ELEMENT);
  useEffect(() => {
    if (!stripe || !elements) return undefined;
    return slot.attach(async () => {
      const element = elements.getElement(CardElement);
      return element ? tokenizeStripeCard(stripe, element, state.current) : { kind: 'incomplete' };
    });
  }, [stripe, elements, slot]);

  return (
    <fieldset className="card-fields">
      <legend>Card details</legend>
      <div className="card-fields__stripe">
        <CardElement options={{ hidePostalCode: true, disabled }} onChange={(event) => (state.current = cardElementStateOf(event))} />
      </div>
    </fieldset>
  );
}
