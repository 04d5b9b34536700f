import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { changeCardMachine } from './machine';
import { PAYMENT_MESSAGES, paymentProblemText } from '../purchase/messages';

export type ChangeCardSnapshot = SnapshotFrom<typeof changeCardMachine>;
export type ChangeCardActor = ActorRefFrom<typeof changeCardMachine>;

/** What the change-card page shows, from one snapshot. */
export type ChangeCardView =
  | { kind: 'loading' }
  | { kind: 'blocked'; message: string }
  | { kind: 'form'; termsAccepted: boolean; submitting: boolean; problem: string | null }
  | { kind: 'updated' };

export function changeCardView(snapshot: ChangeCardSnapshot): ChangeCardView {
  const { context } = snapshot;
  if (snapshot.matches('loadingCardForm')) return { kind: 'loading' };
  if (snapshot.matches('blocked')) return { kind: 'blocked', message: PAYMENT_MESSAGES.processorBlocked };
  if (snapshot.matches('updated')) return { kind: 'updated' };
  return {
    kind: 'form',
    termsAccepted: context.termsAccepted,
    submitting: snapshot.hasTag('busy'),
    problem: context.problem ? paymentProblemText(context.problem) : null,
  };
}
