import type { FastifyRequest } from 'fastify';
import {
  changeMatchStatus,
  linkCustomers,
  readAccountCustomers,
  setCustomerMember,
  unlinkCustomers,
  type ChangeContext,
  type CustomerRow,
  type LinkOutcome,
  type MatchRow,
  type ReviewRefusal,
} from '../domain/match-review';
import { ApiError } from '../http/errors';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup } from './types';
import { memberSummaryView } from './views/member';

const DEFAULT_PAGE = 1;
const DEFAULT_PER_PAGE = 25;

/** Each refusal of the review's calls in the contract's error shape. */
function refusalError(refusal: ReviewRefusal): ApiError {
  switch (refusal.refused) {
    case 'free_plan':
      return new ApiError('conflict', 'Upgrade to PRO to unlock Connections!', { reason: 'free_plan' });
    case 'not_connected':
      return new ApiError('conflict', 'Connect the payment account and complete its onboarding first', { reason: 'not_connected' });
    case 'unknown_customers':
      return new ApiError('not_found', 'Some customers are not of this payment account', { customer_ids: refusal.customerIds });
    case 'unknown_members':
      return new ApiError('not_found', 'Some members are not in this group', { member_ids: refusal.memberIds });
    case 'unknown_matches':
      return new ApiError('not_found', 'Some matches are not of this payment account', { match_ids: refusal.matchIds });
    case 'member_linked':
      return new ApiError('conflict', 'This member is already linked to another customer', { reason: 'member_linked', customer_id: refusal.customerId });
  }
}

function changeOf(request: FastifyRequest<{ Params: { id: number } }>, at: Date): ChangeContext {
  return { groupId: request.params.id, userId: callerOf(request).userId, ip: request.ip, at };
}

function customerView(request: FastifyRequest, row: CustomerRow) {
  return { ...row, member: row.member && memberSummaryView(request, row.member) };
}

function matchView(request: FastifyRequest, row: MatchRow) {
  return { ...row, member: memberSummaryView(request, row.member) };
}

function linkResult(outcome: LinkOutcome) {
  if ('refused' in outcome) throw refusalError(outcome);
  return outcome;
}

export function accountCustomersHandlers({ db, now }: HandlerContext): HandlerGroup {
  return {
    async listAccountCustomers(request) {
      const params = request.query;
      const page = await readAccountCustomers(db, {
        groupId: request.params.id,
        list: params.list ?? 'all_data',
        memberId: params.member_id,
        page: params.page ?? DEFAULT_PAGE,
        perPage: params.per_page ?? DEFAULT_PER_PAGE,
        sort: params.sort ? { by: params.sort_by ?? 'name', direction: params.sort_direction ?? 'asc' } : undefined,
      });
      if ('refused' in page) throw refusalError(page);
      return {
        list: page.list,
        customers: page.customers.map((row) => customerView(request, row)),
        matches: page.matches.map((row) => matchView(request, row)),
        filtered_count: page.counts,
      };
    },

    async updateAccountCustomer(request) {
      const outcome = await setCustomerMember(db, changeOf(request, now()), request.body.customer_id, request.body.member_id);
      if ('refused' in outcome) throw refusalError(outcome);
      return { customer: customerView(request, outcome.customer) };
    },

    async linkAccountCustomers(request) {
      return linkResult(await linkCustomers(db, changeOf(request, now()), request.body.link_items));
    },

    async unlinkAccountCustomers(request) {
      return linkResult(await unlinkCustomers(db, changeOf(request, now()), request.body.link_items));
    },

    async rejectMatches(request) {
      const outcome = await changeMatchStatus(db, changeOf(request, now()), 'reject', request.body.match_ids);
      if ('refused' in outcome) throw refusalError(outcome);
      return outcome;
    },

    async restoreMatches(request) {
      const outcome = await changeMatchStatus(db, changeOf(request, now()), 'restore', request.body.match_ids);
      if ('refused' in outcome) throw refusalError(outcome);
      return outcome;
    },
  };
}
