import { answering, type MachineStories } from '../../../.storybook/machineStories';
import { createApiClient } from '../../api/client';
import type { CardEntry } from '../../../machines/purchase/cardEntry';
import { purchaseMachine, type PurchaseInput } from '../../../machines/purchase/machine';
import { purchaseView } from '../../../machines/purchase/selectors';
import { freeGroup, monthlyGroup, PAYMENT_ANSWERS, PURCHASE_RETURN_URL, userWithCard, userWithoutCard } from '../../payments/fixtures';

const crashed = (src: string) => ({ crashed: { error: new Error(`${src} crashed`) } });

const storyApi = createApiClient({
  baseUrl: 'http://api.invalid/api/v1',
  fetch: () => Promise.reject(new Error('the fixtures answer every call')),
});

/** The card form's workflow side; the fixtures answer its loading and tokenizing. */
const fixtureCard: CardEntry = {
  load: () => Promise.reject(new Error('the fixtures answer every call')),
  tokenize: () => Promise.reject(new Error('the fixtures answer every call')),
};

const startingWith = (overrides: Partial<PurchaseInput> = {}): PurchaseInput => ({
  api: storyApi,
  group: freeGroup,
  user: userWithoutCard,
  card: fixtureCard,
  returnUrl: PURCHASE_RETURN_URL,
  ...overrides,
});

const problemNames = { termsRequired: 'TermsRequired', cardIncomplete: 'CardIncomplete', cardRefused: 'CardRefused', paymentFailed: 'PaymentFailed' };

/** A failed payment by the answer that failed it. */
function failureName(message: string): string {
  if (message === PAYMENT_ANSWERS.createSubscription.declined.message) return 'Declined';
  if (message === PAYMENT_ANSWERS.upgradeSubscription.declined.message) return 'InsufficientFunds';
  if (message === PAYMENT_ANSWERS.createSubscription.unanswered.message) return 'Unanswered';
  return 'Unexpectedly';
}

/**
 * The purchase page's reachable states: Ada with no saved card buying for her free group, where the
 * card form shows; further worlds with a saved card (no card form) and on a monthly group (the upgrade).
 */
export const purchaseStories: MachineStories<typeof purchaseMachine> = {
  machine: purchaseMachine,
  input: startingWith(),
  events: [
    { type: 'plan.choose', plan: 'monthly' },
    { type: 'terms.change', accepted: true },
    { type: 'purchase.submit' },
    { type: 'cardForm.retry' },
  ],
  outcomes: {
    loadCardForm: answering(PAYMENT_ANSWERS.loadCardForm),
    tokenizeCard: answering(PAYMENT_ANSWERS.tokenizeCard),
    createSubscription: { ...answering(PAYMENT_ANSWERS.createSubscription), ...crashed('createSubscription') },
    upgradeSubscription: answering(PAYMENT_ANSWERS.upgradeSubscription),
    reloadUser: answering({ reloaded: PAYMENT_ANSWERS.reloadUser.reloaded }),
  },
  worlds: {
    'saved card': {
      input: startingWith({ user: userWithCard }),
      events: [{ type: 'terms.change', accepted: true }],
      outcomes: { loadCardForm: answering({ ready: PAYMENT_ANSWERS.loadCardForm.ready }) },
    },
    upgrade: {
      input: startingWith({ group: monthlyGroup, user: userWithCard }),
      events: [{ type: 'terms.change', accepted: true }, { type: 'purchase.submit' }],
      outcomes: {
        loadCardForm: answering({ ready: PAYMENT_ANSWERS.loadCardForm.ready }),
        upgradeSubscription: answering({ declined: PAYMENT_ANSWERS.upgradeSubscription.declined }),
      },
    },
  },
  shows: (snapshot) => ({ value: snapshot.value, view: purchaseView(snapshot) }),
  variant: (snapshot) => {
    const view = purchaseView(snapshot);
    if (view.kind !== 'form') return '';
    const plan = snapshot.context.plan === 'annual' ? '' : 'Monthly';
    const terms = view.termsAccepted ? 'TermsAccepted' : '';
    const problem = snapshot.context.problem ? problemNames[snapshot.context.problem.kind] : '';
    const detail = snapshot.context.problem?.kind === 'paymentFailed' ? failureName(snapshot.context.problem.message) : '';
    return `${plan}${terms}${problem}${detail}`;
  },
};
