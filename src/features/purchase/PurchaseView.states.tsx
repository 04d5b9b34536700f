import { expect, fn, userEvent, within } from 'storybook/test';
import { defineStateView } from '../../../.storybook/machineStory';
import { purchaseHeading, purchaseView } from '../../../machines/purchase/selectors';
import { createApiClient } from '../../api/client';
import { createCardSlot } from '../../payments/cardSlot';
import { SandboxCardForm } from '../../payments/SandboxCardForm';
import { purchaseStories } from './purchase.paths';
import { PurchaseView } from './PurchaseView';

const sandboxApi = createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('stories tokenize no card')) });

/** The purchase page in each reachable state of the purchase machine, with the sandbox card form. */
export const purchasePageView = defineStateView({
  stories: purchaseStories,
  args: { onChoosePlan: fn(), onTermsChange: fn(), onSubmit: fn(), onRetryCardForm: fn() },
  render: (snapshot, { onChoosePlan, onTermsChange, onSubmit, onRetryCardForm }) => {
    const view = purchaseView(snapshot);
    return (
      <main>
        <PurchaseView
          heading={purchaseHeading(snapshot)}
          view={view}
          cardForm={<SandboxCardForm api={sandboxApi} slot={createCardSlot()} disabled={view.kind === 'form' && view.submitting} />}
          onChoosePlan={onChoosePlan}
          onTermsChange={onTermsChange}
          onSubmit={onSubmit}
          onRetryCardForm={onRetryCardForm}
        />
      </main>
    );
  },
  plays: {
    Choosing: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('radio', { name: /Annual/ })).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByRole('radio', { name: /Annual/ })).toHaveTextContent('$24.75');
      await expect(page.getByRole('radio', { name: /Annual/ })).toHaveTextContent('save 45%');
      await expect(page.getByRole('heading', { name: 'Annual license' })).toBeVisible();
      await expect(page.getByText("You're saving 45% with this plan")).toBeVisible();
      await expect(page.getByLabelText('Card number')).toBeVisible();
      await userEvent.click(page.getByRole('radio', { name: /Monthly/ }));
      await expect(args.onChoosePlan).toHaveBeenCalledWith('monthly');
      await userEvent.click(page.getByRole('button', { name: 'Continue' }));
      await expect(args.onSubmit).toHaveBeenCalledOnce();
    },
    ChoosingMonthly: async ({ canvasElement }) => {
      const summary = within(within(canvasElement).getByRole('complementary', { name: 'Summary' }));
      await expect(summary.getByRole('heading', { name: 'Monthly license' })).toBeVisible();
      await expect(summary.getByText('$45.00')).toBeVisible();
      await expect(summary.getByText('Switch to annual billing and Save 45%')).toBeVisible();
    },
    ChoosingTermsRequired: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('alert')).toHaveTextContent('You need to accept the terms and conditions');
      await userEvent.click(page.getByLabelText('I accept the terms and conditions'));
      await expect(args.onTermsChange).toHaveBeenCalledWith(true);
    },
    ChoosingTermsAcceptedCardIncomplete: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Please enter your credit card details.');
    },
    ChoosingTermsAcceptedPaymentFailedDeclined: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Error: Your card was declined.');
    },
    Blocked: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('alert')).toHaveTextContent(/extension/);
      await userEvent.click(page.getByRole('button', { name: 'Try again' }));
      await expect(args.onRetryCardForm).toHaveBeenCalledOnce();
    },
    SubscribingTermsAccepted: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('button', { name: /Continue/ })).toBeDisabled();
    },
    UpgradeChoosingTermsAccepted: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.getByRole('heading', { level: 1 })).toHaveTextContent('Upgrade to annual');
      await expect(page.queryByRole('radio', { name: /Monthly/ })).toBeNull();
      await expect(page.queryByLabelText('Card number')).toBeNull();
    },
    SavedCardChoosingTermsAccepted: async ({ canvasElement }) => {
      const page = within(canvasElement);
      await expect(page.queryByLabelText('Card number')).toBeNull();
      await expect(page.getByText(/Visa ending in 4242/)).toBeVisible();
    },
  },
});
