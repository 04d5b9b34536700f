import { everyValueOf, type QueryOf } from './contract';

export type MatchTab = QueryOf<'listAccountCustomers'>['list'];

/** The review's tabs in the order the page shows them (spec part 2 §2); all_data lists the customers. */
export const MATCH_TABS = everyValueOf<MatchTab>()(['all_data', 'matched', 'requires_attention', 'approved', 'rejected']);

/** A suggestion is certain only at a score of 1; below it, it requires attention ('Less than 100% probability'). */
export function requiresAttention(score: number): boolean {
  return score < 1;
}

/** A score (0 to 1) as the page shows it: a rounded percent (part 2 §9). */
export function matchPercent(score: number): number {
  return Math.round(score * 100);
}

/**
 * Which of the links to make are kept and which are crossed out: an item repeating a member or a
 * customer of an earlier item is not linked (part 2 §5, 'Match Approval Required'). The server
 * skips the same items when it links them.
 */
export function splitDuplicateLinks<Item extends { member_id: number; customer_id: string }>(
  items: readonly Item[],
): { kept: Item[]; crossed: Item[] } {
  const members = new Set<number>();
  const customers = new Set<string>();
  const kept: Item[] = [];
  const crossed: Item[] = [];
  for (const item of items) {
    if (members.has(item.member_id) || customers.has(item.customer_id)) {
      crossed.push(item);
      continue;
    }
    members.add(item.member_id);
    customers.add(item.customer_id);
    kept.push(item);
  }
  return { kept, crossed };
}

/** The average score of the items as a rounded percent, as the approval modal shows it; 0 for none. */
export function averagePercent(items: readonly { score: number }[]): number {
  if (items.length === 0) return 0;
  return matchPercent(items.reduce((sum, item) => sum + item.score, 0) / items.length);
}
