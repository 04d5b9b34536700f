import type { SubscribedPlan } from './plans';

export type PaidPlan = Exclude<SubscribedPlan, 'free'>;

/**
 * What each paid plan charges, in cents (spec part 1 §9): monthly $45 a month, annual $297 a year
 * (shown as $24.75 a month), lifetime (once) $297 at the early-bird price. The server charges these
 * and the purchase page shows them; money is always cents, shown divided by 100 in USD.
 */
export const PLAN_CHARGE_CENTS: Record<PaidPlan, number> = {
  monthly: 4500,
  annual: 29700,
  once: 29700,
};

/** The annual plan's price per month, as its plan card shows it. */
export const ANNUAL_PER_MONTH_CENTS = 2475;

/** What a lifetime licence's annual renewal costs after the early-bird year. */
export const ANNUAL_RENEWAL_CENTS = 24700;

/** Affiliate commission, recurring (spec part 1 §9). */
export const AFFILIATE_COMMISSION_PERCENT = 30;

/** Cents as US dollars with two decimals, e.g. 29700 → "$297.00". */
export function formatUsd(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(cents / 100);
}
