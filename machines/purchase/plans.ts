import { ANNUAL_PER_MONTH_CENTS, ANNUAL_RENEWAL_CENTS, PLAN_CHARGE_CENTS, formatUsd, type PaidPlan } from '../../rules/prices';
import type { SubscribedPlan } from '../../rules/plans';

/** The plans with a card on the purchase page. */
export type CardPlan = Exclude<PaidPlan, 'once'>;

/**
 * The plans the purchase page offers a group (spec part 1 §2): annual and monthly to a free group,
 * annual alone to a monthly group, which upgrades. The lifetime licence ('once') is bought only
 * from an early-bird link that names it.
 */
export function offeredPlans(groupPlan: SubscribedPlan): CardPlan[] {
  return groupPlan === 'monthly' ? ['annual'] : ['annual', 'monthly'];
}

/** A monthly group that buys is upgraded (PUT) instead of subscribing anew (part 2 §4). */
export function isUpgrade(groupPlan: SubscribedPlan): boolean {
  return groupPlan === 'monthly';
}

/** The card form shows to a user with no saved card, except for an upgrade, which the saved card pays (part 1 §5). */
export function needsCardForm(groupPlan: SubscribedPlan, cardExists: boolean): boolean {
  return !isUpgrade(groupPlan) && !cardExists;
}

/** The total kept after a purchase for the thank-you page, in dollars: 45 for monthly, else 297 (part 1 §4). */
export function purchaseTotalDollars(plan: PaidPlan): number {
  return PLAN_CHARGE_CENTS[plan] / 100;
}

/** What a plan's card and summary say, from the prices in rules/prices.ts. */
export interface PlanSummary {
  plan: PaidPlan;
  title: string;
  priceCents: number;
  note: string;
}

export const PLAN_SUMMARIES: Record<PaidPlan, PlanSummary> = {
  once: {
    plan: 'once',
    title: '1 Pro Lifetime license',
    priceCents: PLAN_CHARGE_CENTS.once,
    note: `Early bird price, annual later $${ANNUAL_RENEWAL_CENTS / 100}/year`,
  },
  annual: { plan: 'annual', title: 'Annual license', priceCents: PLAN_CHARGE_CENTS.annual, note: "You're saving 45% with this plan" },
  monthly: { plan: 'monthly', title: 'Monthly license', priceCents: PLAN_CHARGE_CENTS.monthly, note: 'Switch to annual billing and Save 45%' },
};

/** A plan card: the price per month it is billed at, and what it saves against monthly. */
export interface PlanCard {
  plan: PaidPlan;
  title: string;
  perMonth: string;
  saving: string | null;
}

export const PLAN_CARDS: Record<CardPlan, PlanCard> = {
  annual: { plan: 'annual', title: 'Annual', perMonth: formatUsd(ANNUAL_PER_MONTH_CENTS), saving: 'save 45%' },
  monthly: { plan: 'monthly', title: 'Monthly', perMonth: formatUsd(PLAN_CHARGE_CENTS.monthly), saving: null },
};
