import type { PaymentAnswer } from './actors';
import type { CardTokenOutcome } from './cardEntry';
import { cardProblemOf, type PaymentProblem } from './messages';

/**
 * How the payment workflows (purchase, change card) keep one attempt: its idempotency key is made
 * once, an answered attempt is over, and one the server never answered is sent again as it was,
 * with the same key and card token, so the retry never charges twice.
 */

/** The card outcome that leaves the user on the form, as the problem to show; none for the others. */
export function cardOutcomeProblem(outcome: CardTokenOutcome): PaymentProblem | null {
  return outcome.kind === 'incomplete' || outcome.kind === 'refused' ? cardProblemOf(outcome) : null;
}

/** After the server's answer: the problem to show, and the attempt to send again (only when it was never answered). */
export function afterAnswer<Attempt>(answer: PaymentAnswer<unknown>, attempt: Attempt | null): { problem: PaymentProblem | null; attempt: Attempt | null } {
  return {
    problem: answer.kind === 'done' ? null : { kind: 'paymentFailed', message: answer.message },
    attempt: answer.kind === 'unanswered' ? attempt : null,
  };
}

/** A call that broke before any answer; the attempt stays, to be sent again. */
export function crashProblem(error: unknown): PaymentProblem {
  return { kind: 'paymentFailed', message: error instanceof Error ? error.message : String(error) };
}
