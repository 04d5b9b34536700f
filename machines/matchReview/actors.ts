import type { ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import type { QueryOf } from '../../rules/contract';
import type { MatchTab } from '../../rules/matches';
import { answerOf, serverFailureOf } from '../shared/stepFailure';
import { fromStoppablePromise } from '../stoppablePromise';
import type { MatchAction } from './actions';

export type AccountCustomersList = components['schemas']['AccountCustomersList'];
export type MatchItem = components['schemas']['MatchItem'];
export type Customer = components['schemas']['Customer'];
export type LinkItem = components['schemas']['LinkItem'];
export type MatchSortField = QueryOf<'listAccountCustomers'>['sort_by'];

/** One page of one tab, as the review asks for it; sort null keeps the server's order (best score first). */
export interface MatchReviewQuery {
  list: MatchTab;
  page: number;
  per_page: number;
  member_id: number | null;
  sort: { by: MatchSortField; direction: 'asc' | 'desc' } | null;
}

export type Failure = { kind: 'failed'; message: string };
export type ListAnswer = { kind: 'loaded'; list: AccountCustomersList } | Failure;
export type ChangeAnswer = { kind: 'changed'; count: number } | Failure;

interface ApiInput {
  api: ApiClient;
  groupId: number;
}

/** GET /groups/{id}/account_customers: a page of the tab, and every tab's count under the member filter. */
export const fetchAccountCustomers = fromStoppablePromise<ListAnswer, ApiInput & { query: MatchReviewQuery }>(async ({ input, signal }) => {
  const { list, page, per_page, member_id, sort } = input.query;
  const { data, error, response } = await answerOf(() =>
    input.api.GET('/groups/{id}/account_customers', {
      params: {
        path: { id: input.groupId },
        query: {
          list,
          page,
          per_page,
          ...(member_id !== null ? { member_id } : {}),
          ...(sort ? { sort: true, sort_by: sort.by, sort_direction: sort.direction } : {}),
        },
      },
      signal,
    }),
  );
  if (data) return { kind: 'loaded', list: data };
  return { kind: 'failed', message: serverFailureOf(error, response).message };
});

/** The call of an action on matches: link or unlink takes the member and customer of each, reject and restore their match ids. */
export const applyMatchAction = fromStoppablePromise<ChangeAnswer, ApiInput & { action: MatchAction; items: MatchItem[] }>(
  async ({ input, signal }) => {
    const params = { path: { id: input.groupId } };
    const linkItems = input.items.map(({ member_id, customer_id }) => ({ member_id, customer_id }));
    const matchIds = input.items.map((item) => item.match_id);
    const { data, error, response } = await answerOf(() => {
      switch (input.action) {
        case 'link':
          return input.api.POST('/groups/{id}/account_customers/link', { params, body: { link_items: linkItems }, signal });
        case 'unlink':
          return input.api.POST('/groups/{id}/account_customers/unlink', { params, body: { link_items: linkItems }, signal });
        case 'reject':
          return input.api.POST('/groups/{id}/matches/reject', { params, body: { match_ids: matchIds }, signal });
        case 'restore':
          return input.api.POST('/groups/{id}/matches/restore', { params, body: { match_ids: matchIds }, signal });
      }
    });
    if (data) return { kind: 'changed', count: data.count };
    return { kind: 'failed', message: serverFailureOf(error, response).message };
  },
);

/** PATCH /groups/{id}/account_customers with member_id null: the customer no longer belongs to a member. */
export const removeCustomerMember = fromStoppablePromise<ChangeAnswer, ApiInput & { customerId: string }>(async ({ input, signal }) => {
  const { data, error, response } = await answerOf(() =>
    input.api.PATCH('/groups/{id}/account_customers', {
      params: { path: { id: input.groupId } },
      body: { customer_id: input.customerId, member_id: null },
      signal,
    }),
  );
  if (data) return { kind: 'changed', count: 1 };
  return { kind: 'failed', message: serverFailureOf(error, response).message };
});
