import { answering, type MachineStories } from '../../../.storybook/machineStories';
import { createApiClient } from '../../api/client';
import { changeCardMachine } from '../../../machines/changeCard/machine';
import { changeCardView } from '../../../machines/changeCard/selectors';
import type { CardEntry } from '../../../machines/purchase/cardEntry';
import { monthlyGroup, PAYMENT_ANSWERS } from '../../payments/fixtures';

const storyApi = createApiClient({
  baseUrl: 'http://api.invalid/api/v1',
  fetch: () => Promise.reject(new Error('the fixtures answer every call')),
});

/** The card form's workflow side; the fixtures answer its loading and tokenizing. */
const fixtureCard: CardEntry = {
  load: () => Promise.reject(new Error('the fixtures answer every call')),
  tokenize: () => Promise.reject(new Error('the fixtures answer every call')),
};

const problemNames = { termsRequired: 'TermsRequired', cardIncomplete: 'CardIncomplete', cardRefused: 'CardRefused', paymentFailed: 'PaymentFailed' };

/** The change-card page's reachable states. */
export const changeCardStories: MachineStories<typeof changeCardMachine> = {
  machine: changeCardMachine,
  input: { api: storyApi, groupId: monthlyGroup.id, card: fixtureCard },
  events: [{ type: 'terms.change', accepted: true }, { type: 'card.submit' }, { type: 'cardForm.retry' }],
  outcomes: {
    loadCardForm: answering(PAYMENT_ANSWERS.loadCardForm),
    tokenizeCard: answering({
      token: PAYMENT_ANSWERS.tokenizeCard.token,
      incomplete: PAYMENT_ANSWERS.tokenizeCard.incomplete,
      refused: PAYMENT_ANSWERS.tokenizeCard.refused,
    }),
    updateCardSource: answering({ saved: PAYMENT_ANSWERS.updateCardSource.saved, refused: PAYMENT_ANSWERS.updateCardSource.refused }),
  },
  shows: (snapshot) => ({ value: snapshot.value, view: changeCardView(snapshot) }),
  variant: (snapshot) => {
    const view = changeCardView(snapshot);
    if (view.kind !== 'form') return '';
    return `${view.termsAccepted ? 'TermsAccepted' : ''}${snapshot.context.problem ? problemNames[snapshot.context.problem.kind] : ''}`;
  },
};
