import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../src/app/providers';
import { ChangeCardWorkflow } from '../../src/features/changeCard/ChangeCardWorkflow';
import { PurchaseWorkflow } from '../../src/features/purchase/PurchaseWorkflow';
import type { ChangeCardActor } from '../../machines/changeCard/selectors';
import type { PurchaseActor } from '../../machines/purchase/selectors';

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
