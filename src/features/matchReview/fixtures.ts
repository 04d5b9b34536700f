import type { AccountCustomersList, ChangeAnswer, Customer, ListAnswer, MatchItem } from '../../../machines/matchReview/actors';

/**
 * The match review's data for the stories and the model tests: the payment account of the Sourdough
 * Bakers group. On requires_attention, Jane Baker is suggested for two customers and the customer
 * 'Janet B.' for two members: selecting all four crosses out the second of each.
 */

export const REVIEW_GROUP = { id: 7 };

const member = (id: number, name: string) => ({ id, name, avatar_url: null });

export function matchItem(matchId: number, memberId: number, memberName: string, customerId: string, customerName: string | null, score: number, reason: string): MatchItem {
  return {
    match_id: matchId,
    member_id: memberId,
    customer_id: customerId,
    customer_name: customerName,
    customer_email: `${customerId}@example.com`,
    score,
    reason,
    member: member(memberId, memberName),
  };
}

export function customer(id: string, overrides: Partial<Customer> = {}): Customer {
  return {
    id,
    name: null,
    email: `${id}@example.com`,
    paid: 0,
    subscription: null,
    subscription_created: null,
    subscription_status: null,
    member_id: null,
    member: null,
    ...overrides,
  };
}

export const COUNTS = { all_data: 3, matched: 2, requires_attention: 4, approved: 1, rejected: 1 };

export const CUSTOMERS: Customer[] = [
  customer('cus_ada', { name: 'Ada Lovelace', paid: 29_700, subscription: 'Annual', subscription_status: 'active', member_id: 3, member: member(3, 'Ada Lovelace') }),
  customer('cus_bob', { name: 'Bob Stone', paid: 4_500, subscription: 'Monthly', subscription_status: 'failed' }),
  customer('cus_cy', { paid: 0, subscription: 'Monthly', subscription_status: 'past_due' }),
];

export const MATCHED: MatchItem[] = [
  matchItem(21, 4, 'Carla Diaz', 'cus_carla', 'Carla Diaz', 1, 'same email'),
  matchItem(22, 5, 'Dan Ek', 'cus_dan', 'Dan Ek', 1, 'same email, same name'),
];

export const REQUIRES_ATTENTION: MatchItem[] = [
  matchItem(11, 1, 'Jane Baker', 'cus_janet', 'Janet B.', 0.92, 'name 92% similar'),
  matchItem(12, 1, 'Jane Baker', 'cus_jb', 'J. Baker', 0.8, 'name 80% similar'),
  matchItem(13, 2, 'Janet Bloom', 'cus_janet', 'Janet B.', 0.704, 'name 70% similar'),
  matchItem(14, 6, 'Tom Hardy', 'cus_tom', null, 0.61, 'name 61% similar'),
];

export const APPROVED: MatchItem[] = [matchItem(31, 3, 'Ada Lovelace', 'cus_ada', 'Ada Lovelace', 1, 'same email')];
export const REJECTED: MatchItem[] = [matchItem(41, 8, 'Eve Moss', 'cus_eva', 'Eva Moss', 0.55, 'name 55% similar')];

const pageOf = (list: AccountCustomersList['list'], items: { customers?: Customer[]; matches?: MatchItem[] }): AccountCustomersList => ({
  list,
  customers: items.customers ?? [],
  matches: items.matches ?? [],
  filtered_count: COUNTS,
});

export const PAGES = {
  all_data: pageOf('all_data', { customers: CUSTOMERS }),
  matched: pageOf('matched', { matches: MATCHED }),
  requires_attention: pageOf('requires_attention', { matches: REQUIRES_ATTENTION }),
  approved: pageOf('approved', { matches: APPROVED }),
  rejected: pageOf('rejected', { matches: REJECTED }),
};

/** Named answers of each of the review's actors. */
export const MATCH_REVIEW_ANSWERS = {
  fetchAccountCustomers: {
    customers: { kind: 'loaded', list: PAGES.all_data },
    matched: { kind: 'loaded', list: PAGES.matched },
    requiresAttention: { kind: 'loaded', list: PAGES.requires_attention },
    approved: { kind: 'loaded', list: PAGES.approved },
    rejected: { kind: 'loaded', list: PAGES.rejected },
    failed: { kind: 'failed', message: 'The server is not answering.' },
  } satisfies Record<string, ListAnswer>,
  applyMatchAction: {
    changed: { kind: 'changed', count: 1 },
    failed: { kind: 'failed', message: 'The match was changed meanwhile.' },
  } satisfies Record<string, ChangeAnswer>,
  removeCustomerMember: {
    changed: { kind: 'changed', count: 1 },
    failed: { kind: 'failed', message: 'Not found.' },
  } satisfies Record<string, ChangeAnswer>,
};
