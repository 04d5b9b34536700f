import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { purchaseMachine } from './machine';
import { PAYMENT_MESSAGES, paymentProblemText } from './messages';
import { isUpgrade, needsCardForm, offeredPlans, PLAN_CARDS, PLAN_SUMMARIES, type PlanCard, type PlanSummary } from './plans';

export type PurchaseSnapshot = SnapshotFrom<typeof purchaseMachine>;
export type PurchaseActor = ActorRefFrom<typeof purchaseMachine>;

/** What the purchase page shows, from one snapshot. */
export type PurchaseView =
  | { kind: 'loading' }
  | { kind: 'blocked'; message: string }
  | {
      kind: 'form';
      group: { name: string };
      /** The plan cards offered, with the selected one marked. */
      plans: Array<PlanCard & { selected: boolean }>;
      summary: PlanSummary;
      /** The card form shows only to a user with no saved card, and never for an upgrade. */
      showCardForm: boolean;
      savedCard: { brand: string | null; last4: string | null } | null;
      termsAccepted: boolean;
      /** Continue: disabled while a payment is under way. */
      submitting: boolean;
      problem: string | null;
    }
  | { kind: 'purchased' };

/** The page's title: a monthly group is offered 'Upgrade to annual' (spec part 1 §4), any other the PRO plan. */
export function purchaseHeading(snapshot: PurchaseSnapshot): string {
  return isUpgrade(snapshot.context.group.subscribed_plan) ? 'Upgrade to annual' : 'Upgrade to PRO';
}

export function purchaseView(snapshot: PurchaseSnapshot): PurchaseView {
  const { context } = snapshot;
  if (snapshot.matches('loadingCardForm')) return { kind: 'loading' };
  if (snapshot.matches('blocked')) return { kind: 'blocked', message: PAYMENT_MESSAGES.processorBlocked };
  if (snapshot.matches('purchased')) return { kind: 'purchased' };
  return {
    kind: 'form',
    group: { name: context.group.name },
    plans: offeredPlans(context.group.subscribed_plan).map((plan) => ({ ...PLAN_CARDS[plan], selected: plan === context.plan })),
    summary: PLAN_SUMMARIES[context.plan],
    showCardForm: needsCardForm(context.group.subscribed_plan, context.user.card_exists),
    savedCard: !isUpgrade(context.group.subscribed_plan) && context.user.card_exists ? { brand: context.user.card_brand, last4: context.user.card_last4 } : null,
    termsAccepted: context.termsAccepted,
    submitting: snapshot.hasTag('busy'),
    problem: context.problem ? paymentProblemText(context.problem) : null,
  };
}
