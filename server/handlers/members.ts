import { Readable } from 'node:stream';
import { previewRemoval } from '../domain/removal-preview';
import { memberSummaryView } from './views/member';
import { memberListCursor, pageStartOfCursor, readMemberChunks, readMemberListAnswer, readMemberSearchPage, type MemberListQuery } from '../domain/member-lists';
import { NO_REMOVALS, removalLimits } from '../domain/removal-limits';
import { readRemovalUsage } from '../domain/removal-usage';
import { oneAtATime } from '../db/one-at-a-time';
import { findGroup } from '../domain/held-groups';
import { moveMembers, undoMove } from '../domain/member-moves';
import { MEMBER_LIST_DEFAULTS } from '../../rules/memberLists';
import type { MemberMove } from '../../rules/memberMoves';
import { ApiError, notFound } from '../http/errors';
import { publicUrl } from '../http/public-url';
import { callerOf } from './caller';
import type { HandlerContext, HandlerGroup, OperationRequest } from './types';
import type { GroupMemberRow } from './views/group-member';

/** The list query a request asks for, with the list defaults. */
function memberListQuery(request: OperationRequest<'listGroupMembers' | 'exportGroupMembers'>): MemberListQuery {
  const params = request.query;
  return {
    groupId: request.params.id,
    list: params.list ?? MEMBER_LIST_DEFAULTS.list,
    search: params.search?.trim() || undefined,
    paying: params.paying,
    sortBy: params.sort_by ?? MEMBER_LIST_DEFAULTS.sort_by,
    sortDirection: params.sort_direction ?? MEMBER_LIST_DEFAULTS.sort_direction,
  };
}

export function membersHandlers({ db, now }: HandlerContext): HandlerGroup {
  const exportTurns = oneAtATime();

  async function move(request: OperationRequest<'setMembersWhitelisted' | 'setMembersRemoved'>, kind: MemberMove) {
    const { ids } = request.body;
    const outcome = await moveMembers(db, { kind, groupId: request.params.id, memberIds: ids, userId: callerOf(request).userId, ip: request.ip, at: now() });
    if ('moved' in outcome) return { count: outcome.moved, move_id: outcome.moveId, removal_limits: outcome.limits };
    switch (outcome.refused) {
      case 'not_member':
        throw new ApiError('not_found', 'Some members are not in this group', { ids: outcome.ids });
      case 'holder':
        throw new ApiError('conflict', "The group's holders (you among them) never move between lists; change who holds the group in Permissions", {
          reason: 'holder',
          ids: outcome.ids,
        });
      case 'not_in_list':
        throw new ApiError('conflict', 'Some members are not in the list they would move from', { reason: 'not_in_list', ids: outcome.ids });
      case 'whitelisted':
        throw new ApiError('conflict', 'Whitelisted members cannot be removed', { reason: 'whitelisted', ids: outcome.ids });
      case 'in_removal':
        throw new ApiError('conflict', 'The robot is removing some of these members', { reason: 'in_removal', ids: outcome.ids });
      case 'free_plan':
        throw new ApiError('conflict', 'Not available on Free plan', { reason: 'free_plan' });
    }
  }

  return {
    async exportGroupMembers(request, reply) {
      const query = memberListQuery(request);
      const group = await findGroup(db, query.groupId);
      if (!group) throw notFound('Group not found!');
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="members-${group.fb_group_id}-${query.list}.csv"`);
      // One chunk read ahead at most: the export reads the database as fast as the caller takes the file.
      return Readable.from(csvLines(readMemberChunks(db, query, { inTurn: exportTurns })), { highWaterMark: 1 });
    },

    async previewMemberRemoval(request) {
      const { ids } = request.body;
      const preview = await previewRemoval(db, request.params.id, ids, now());
      return {
        members: preview.members.map((member) => memberSummaryView(request, member)),
        removable_now: preview.plan.removableNow,
        days_needed: preview.plan.daysNeeded,
        completes_at: preview.plan.completesAt?.toISOString() ?? null,
        removal_limits: preview.limits,
      };
    },

    async setMembersWhitelisted(request) {
      return move(request, request.body.is_whitelisted ? 'whitelist' : 'unwhitelist');
    },

    async setMembersRemoved(request) {
      return move(request, request.body.is_removed ? 'remove' : 'restore');
    },

    async undoMembersMove(request) {
      const outcome = await undoMove(db, { groupId: request.params.id, moveId: request.params.move_id, userId: callerOf(request).userId, ip: request.ip, at: now() });
      if ('restored' in outcome) return { count: outcome.restored, skipped: outcome.skipped, removal_limits: outcome.limits };
      switch (outcome.refused) {
        case 'not_found':
          throw notFound('Move not found');
        case 'expired':
          throw new ApiError('conflict', 'The move can no longer be undone', { reason: 'expired' });
        case 'undone':
          throw new ApiError('conflict', 'The move was undone already', { reason: 'undone' });
      }
    },

    async listGroupMembers(request) {
      const { page = MEMBER_LIST_DEFAULTS.page, per_page: perPage = MEMBER_LIST_DEFAULTS.per_page, cursor } = request.query;
      const query = memberListQuery(request);
      const start = cursor === undefined ? { page } : pageStartOfCursor(cursor, query, perPage, page);
      if (!start) {
        throw new ApiError('bad_request', "'cursor' in query is not a cursor of this page of this list", { field: 'cursor', location: 'query', rule: 'format' });
      }
      const { search } = query;
      const at = now();
      // The page, the counts and the group's plan in one statement, beside the removals spent.
      const [read, usage] = await Promise.all([
        search ? readMemberSearchPage(db, { ...query, search }, perPage, start) : readMemberListAnswer(db, query, perPage, start),
        readRemovalUsage(db, [query.groupId], at),
      ]);
      if (!read) throw notFound('Group not found!');
      // The paying filter narrows the page and its total; the tabs' counts stay those of the search.
      const count = read.total;
      for (const member of read.members) member.avatar_url = publicUrl(request, member.avatar_url);
      return {
        members: read.members,
        count,
        count_all: read.countAll,
        count_filtered: read.countFiltered,
        removal_limits: removalLimits(read.plan, usage.get(query.groupId) ?? NO_REMOVALS, at),
        next_cursor: read.last && page * perPage < count ? memberListCursor(query, perPage, page + 1, 'next', read.last) : null,
        previous_cursor: read.first && page > 1 ? memberListCursor(query, perPage, page - 1, 'previous', read.first) : null,
      };
    },
  };
}

const CSV_COLUMNS = [
  'id',
  'fb_user_id',
  'fb_username',
  'name',
  'posts_count',
  'comments_count',
  'reactions_count',
  'last_activity_at',
  'created_at',
  'paid',
  'subscription',
  'subscription_status',
  'role',
  'is_whitelisted',
  'is_removed',
] as const;

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is kept from spreadsheets' formulas. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The header row, then each chunk of rows as it is read, so memory holds one chunk at a time. */
async function* csvLines(chunks: AsyncIterable<GroupMemberRow[]>) {
  yield `${CSV_COLUMNS.join(',')}\r\n`;
  for await (const rows of chunks) {
    yield rows.map((row) => `${CSV_COLUMNS.map((column) => csvField(column === 'paid' ? (row.paid ?? 0) : row[column])).join(',')}\r\n`).join('');
  }
}
