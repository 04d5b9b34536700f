import { MemoryRouter } from 'react-router-dom';
import { expect, fn, userEvent, within } from 'storybook/test';
import { defineStateView } from '../../../.storybook/machineStory';
import { changeCardView } from '../../../machines/changeCard/selectors';
import { createApiClient } from '../../api/client';
import { createCardSlot } from '../../payments/cardSlot';
import { SandboxCardForm } from '../../payments/SandboxCardForm';
import { changeCardStories } from './changeCard.paths';
import { ChangeCardView } from './ChangeCardView';

const sandboxApi = createApiClient({ baseUrl: 'http://api.invalid/api/v1', fetch: () => Promise.reject(new Error('stories tokenize no card')) });

/** The change-card page in each reachable state of the change-card machine, with the sandbox card form. */
export const changeCardPageView = defineStateView({
  stories: changeCardStories,
  args: { onTermsChange: fn(), onSubmit: fn(), onRetryCardForm: fn() },
  render: (snapshot, { onTermsChange, onSubmit, onRetryCardForm }) => {
    const view = changeCardView(snapshot);
    return (
      <MemoryRouter>
        <main>
          <ChangeCardView
            view={view}
            cardForm={<SandboxCardForm api={sandboxApi} slot={createCardSlot()} disabled={view.kind === 'form' && view.submitting} />}
            onTermsChange={onTermsChange}
            onSubmit={onSubmit}
            onRetryCardForm={onRetryCardForm}
          />
        </main>
      </MemoryRouter>
    );
  },
  plays: {
    Editing: async ({ canvasElement, args }) => {
      const page = within(canvasElement);
      await expect(page.getByLabelText('Card number')).toBeVisible();
      await userEvent.click(page.getByLabelText('I accept the terms and conditions'));
      await expect(args.onTermsChange).toHaveBeenCalledWith(true);
      await userEvent.click(page.getByRole('button', { name: 'Continue' }));
      await expect(args.onSubmit).toHaveBeenCalledOnce();
    },
    EditingTermsRequired: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('You need to accept the terms and conditions');
    },
    EditingTermsAcceptedPaymentFailed: async ({ canvasElement }) => {
      await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Error: Your card was declined.');
    },
  },
});
