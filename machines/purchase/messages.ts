/** What the payment pages say (spec part 1 §5, §8), in one place for the purchase and change-card workflows. */
export const PAYMENT_MESSAGES = {
  termsRequired: 'You need to accept the terms and conditions',
  stillProcessing: 'Your payment is still being processed. Press the button again in a moment to see its outcome; you will not be charged twice.',
  cardIncomplete: 'Please enter your credit card details.',
  processorBlocked:
    'The card form could not load: an extension in your browser (an ad blocker, most likely) is blocking our payment processor, Stripe. Please allow Stripe for this site, or pause the extension here, and try again.',
} as const;

/** A subscription or card call the server or the provider refused: 'Error: {message}'. */
export function paymentErrorText(message: string): string {
  return `Error: ${message}`;
}

/** Why the form cannot go on, as the workflows keep it; the page words it with `paymentProblemText`. */
export type PaymentProblem =
  | { kind: 'termsRequired' }
  | { kind: 'cardIncomplete' }
  /** The card provider's own message about the card, shown as it is. */
  | { kind: 'cardRefused'; message: string }
  /** The subscription (or card change) call failed: the server's error.message or the provider's. */
  | { kind: 'paymentFailed'; message: string };

export function paymentProblemText(problem: PaymentProblem): string {
  switch (problem.kind) {
    case 'termsRequired':
      return PAYMENT_MESSAGES.termsRequired;
    case 'cardIncomplete':
      return PAYMENT_MESSAGES.cardIncomplete;
    case 'cardRefused':
      return problem.message;
    case 'paymentFailed':
      return paymentErrorText(problem.message);
  }
}

/** A card outcome that leaves the user on the form, as the problem to show. */
export function cardProblemOf(outcome: { kind: 'incomplete' } | { kind: 'refused'; message: string }): PaymentProblem {
  return outcome.kind === 'incomplete' ? { kind: 'cardIncomplete' } : { kind: 'cardRefused', message: outcome.message };
}
