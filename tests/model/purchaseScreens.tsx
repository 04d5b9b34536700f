import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { createApiClient } from '../../src/api/client';
import { AppProviders } from '../../src/app/providers';
import { ChangeCardWorkflow } from '../../src/features/changeCard/ChangeCardWorkflow';
import { PurchaseWorkflow } from '../../src/features/purchase/PurchaseWorkflow';
import type { ChangeCardActor } from '../../machines/changeCard/selectors';
import type { CardEntry } from '../../machines/purchase/cardEntry';
import type { PurchaseActor } from '../../machines/purchase/selectors';
import { actorDoneEvents, actorErrorEvent } from './support/modelEvents';

/** What both payment pages say about the terms and the card (spec part 1 §5, §8), written here apart from the app's own texts. */
export const PAYMENT_SPEC = {
  termsRequired: 'You need to accept the terms and conditions',
  cardIncomplete: 'Please enter your credit card details.',
} as const;

/** Ticking and unticking the terms, on both payment pages. */
export const TERMS_EVENTS = [
  { type: 'terms.change', accepted: true },
  { type: 'terms.change', accepted: false },
] as const satisfies ReadonlyArray<{ type: 'terms.change'; accepted: boolean }>;

/** The API and the card form of a model run: the model provides every actor, so neither is ever called. */
export const unusedApi = createApiClient({
  baseUrl: 'http://api.invalid/api/v1',
  fetch: () => Promise.reject(new Error('the model provides every actor')),
});
export const unusedCard: CardEntry = {
  load: () => Promise.reject(new Error('the model provides every actor')),
  tokenize: () => Promise.reject(new Error('the model provides every actor')),
};

/** A payment workflow's model events: the page's own events, and every answer and crash of each actor. */
export function paymentModelEvents<PageEvent, Output>(
  pageEvents: Record<string, readonly PageEvent[]>,
  outputs: Record<string, readonly Output[]>,
) {
  return [
    ...Object.values(pageEvents).flat(),
    ...Object.entries(outputs).flatMap(([id, answers]) => [...actorDoneEvents<Output>(id, [...answers]), actorErrorEvent(id, new Error(`${id} crashed`))]),
  ];
}

/** Stands for the payment processor's card form, whose own behaviour the card adapters' unit tests cover. */
function cardFormStandIn({ disabled }: { disabled: boolean }) {
  return <fieldset aria-label="Card details" disabled={disabled} />;
}

/** The real purchase page, driven by the actor under test. */
export function renderPurchase(actor: PurchaseActor) {
  return render(
    <AppProviders>
      <PurchaseWorkflow actor={actor} cardForm={cardFormStandIn} />
    </AppProviders>,
  );
}

/** The real change-card page, driven by the actor under test. */
export function renderChangeCard(actor: ChangeCardActor) {
  return render(
    <AppProviders>
      <MemoryRouter>
        <ChangeCardWorkflow actor={actor} cardForm={cardFormStandIn} />
      </MemoryRouter>
    </AppProviders>,
  );
}
