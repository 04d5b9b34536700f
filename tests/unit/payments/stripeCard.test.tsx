// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCardSlot } from '../../../src/payments/cardSlot';
import { cardElementStateOf, stripeCardEntry, tokenizeStripeCard, UNTOUCHED_CARD_ELEMENT } from '../../../src/payments/stripeCard';
import { StripeCardForm } from '../../../src/payments/StripeCardForm';

/** A card element that Stripe.js would draw in its frame: it records its options and lets the test send its change events. */
function fakeCardElement() {
  const listeners = new Map<string, Array<(event: unknown) => void>>();
  return {
    mounted: 0,
    mount() {
      this.mounted += 1;
    },
    on(event: string, listener: (event: unknown) => void) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    off(event: string, listener: (event: unknown) => void) {
      listeners.set(event, (listeners.get(event) ?? []).filter((other) => other !== listener));
    },
    update: vi.fn(),
    destroy: vi.fn(),
    emit(event: string, payload: unknown) {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    },
  };
}

/** Stripe.js stand-in (Stripe's servers cannot be reached here): what Elements and createToken need. */
function fakeStripe(createToken: Stripe['createToken']) {
  const element = fakeCardElement();
  const created: Array<{ type: string; options: unknown }> = [];
  const elements = {
    create: (type: string, options: unknown) => {
      created.push({ type, options });
      return element;
    },
    getElement: () => element,
    update: vi.fn(),
  };
  const stripe = {
    elements: () => elements,
    createToken,
    createPaymentMethod: vi.fn(),
    confirmCardPayment: vi.fn(),
    registerAppInfo: vi.fn(),
    _registerWrapper: vi.fn(),
  } as unknown as Stripe;
  return { stripe, element, created };
}

const noSignal = new AbortController().signal;
const someElement = {} as StripeCardElement;

afterEach(cleanup);

describe('tokenizing with Stripe', () => {
  it("gives Stripe's own message about what is typed, without asking for a token", async () => {
    const createToken = vi.fn();
    const { stripe } = fakeStripe(createToken);
    const state = cardElementStateOf({ complete: false, error: { type: 'validation_error', code: 'invalid_number', message: 'Your card number is invalid.' } });
    expect(await tokenizeStripeCard(stripe, someElement, state)).toEqual({ kind: 'refused', message: 'Your card number is invalid.' });
    expect(createToken).not.toHaveBeenCalled();
  });

  it('is incomplete when the card is not complete and Stripe says nothing', async () => {
    const createToken = vi.fn();
    const { stripe } = fakeStripe(createToken);
    expect(await tokenizeStripeCard(stripe, someElement, UNTOUCHED_CARD_ELEMENT)).toEqual({ kind: 'incomplete' });
    expect(createToken).not.toHaveBeenCalled();
  });

  it("turns a complete card into Stripe's token, or Stripe's refusal", async () => {
    const accepted = fakeStripe(vi.fn(async () => ({ token: { id: 'tok_live_1' } })) as unknown as Stripe['createToken']);
    const complete = cardElementStateOf({ complete: true, error: undefined });
    expect(await tokenizeStripeCard(accepted.stripe, someElement, complete)).toEqual({ kind: 'token', token: 'tok_live_1' });
    const refused = fakeStripe(vi.fn(async () => ({ error: { type: 'card_error', message: 'Your card was declined.' } })) as unknown as Stripe['createToken']);
    expect(await tokenizeStripeCard(refused.stripe, someElement, complete)).toEqual({ kind: 'refused', message: 'Your card was declined.' });
  });
});

describe('loading Stripe.js', () => {
  it('is ready with the publishable key, and keeps the loaded Stripe', async () => {
    const { stripe } = fakeStripe(vi.fn());
    const loadStripe = vi.fn(async () => stripe);
    const loader = stripeCardEntry('pk_test_123', loadStripe, createCardSlot());
    expect(await loader.entry.load(noSignal)).toEqual({ kind: 'ready' });
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(loader.loaded()).toBe(stripe);
  });

  it('is blocked when the script cannot load (an ad blocker), when it loads nothing, or without a key', async () => {
    const failing = stripeCardEntry('pk_test_123', async () => Promise.reject(new Error('Failed to load Stripe.js')), createCardSlot());
    expect(await failing.entry.load(noSignal)).toEqual({ kind: 'blocked' });
    expect(failing.loaded()).toBeNull();
    expect(await stripeCardEntry('pk_test_123', async () => null, createCardSlot()).entry.load(noSignal)).toEqual({ kind: 'blocked' });
    const neverAsked = vi.fn();
    expect(await stripeCardEntry(null, neverAsked, createCardSlot()).entry.load(noSignal)).toEqual({ kind: 'blocked' });
    expect(neverAsked).not.toHaveBeenCalled();
  });
});

describe('the Stripe Elements card form', () => {
  it('draws the card element with the postal code hidden and tokenizes it through its slot', async () => {
    const createToken = vi.fn(async () => ({ token: { id: 'tok_from_element' } })) as unknown as Stripe['createToken'];
    const { stripe, element, created } = fakeStripe(createToken);
    const slot = createCardSlot();
    await act(async () => void render(<StripeCardForm stripe={stripe} slot={slot} />));
    expect(created).toEqual([{ type: 'card', options: expect.objectContaining({ hidePostalCode: true }) }]);
    expect(element.mounted).toBe(1);
    expect(await slot.tokenize(noSignal)).toEqual({ kind: 'incomplete' });
    act(() => element.emit('change', { elementType: 'card', complete: true, empty: false, error: undefined }));
    expect(await slot.tokenize(noSignal)).toEqual({ kind: 'token', token: 'tok_from_element' });
    expect(createToken).toHaveBeenCalledWith(element);
  });
});
