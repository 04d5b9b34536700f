import { fromCallback, type ActorRef, type Snapshot } from 'xstate';
import { fromStoppablePromise } from '../stoppablePromise';
import type { ListQueryEmitted } from '../listQuery/machine';
import type { ApiClient } from '../../src/api/client';
import type { components } from '../../src/api/schema';
import type { RobotArgs } from '../../src/robot/protocol';
import { answerOf, serverFailureOf } from '../shared/stepFailure';
import type { QueryOf } from '../../rules/contract';
import { fileNameOf, type MembersCsv } from './exportFile';
import { moveRequest, type MemberMove } from './moves';

export type GroupMembersList = components['schemas']['GroupMembersList'];
export type RemovalPreview = components['schemas']['RemovalPreview'];
export type Member = components['schemas']['Member'];

/** The group a member list belongs to: what the robot needs to find it, and whether it is paid (rules/plans.ts). */
export interface MemberListGroup extends Pick<components['schemas']['Group'], 'id' | 'name' | 'fb_group_id' | 'fb_slug'> {
  isPaid: boolean;
}

/**
 * GET /groups/{id}/members's query with every filter set (rules/memberLists.ts holds the defaults);
 * paying is absent (everyone) unless a saved view asks for it. The page's cursor is the loader's own.
 */
export type MembersQuery = Omit<QueryOf<'listGroupMembers'>, 'paying' | 'cursor'> & { paying?: boolean };

export type Failure = { kind: 'failed'; message: string };
export type MembersAnswer = { kind: 'loaded'; list: GroupMembersList } | Failure;
export type MoveAnswer = { kind: 'moved'; count: number; moveId: string } | Failure;
export type UndoAnswer = { kind: 'undone'; count: number; skipped: number } | Failure;
export type PreviewAnswer = { kind: 'previewed'; preview: RemovalPreview } | Failure;

interface ApiInput {
  api: ApiClient;
  group: MemberListGroup;
}

/** The query each page the server sent answered, to tell whether a newly asked page is next to it. */
const answeredQueries = new WeakMap<GroupMembersList, MembersQuery>();

/**
 * The cursor of the page `query` asks for, when it is the page right after or before `previous`
 * in the same list, search, filter, sort and page size; undefined for a jump or any other change.
 */
export function cursorTo(query: MembersQuery, previous: GroupMembersList | null | undefined): string | undefined {
  const answered = previous && answeredQueries.get(previous);
  if (!previous || !answered) return undefined;
  const { page, ...filters } = query;
  const { page: previousPage, ...previousFilters } = answered;
  const keys = new Set([...Object.keys(filters), ...Object.keys(previousFilters)]) as Set<keyof typeof filters>;
  if ([...keys].some((key) => filters[key] !== previousFilters[key])) return undefined;
  if (page === previousPage + 1) return previous.next_cursor ?? undefined;
  if (page === previousPage - 1) return previous.previous_cursor ?? undefined;
  return undefined;
}

/**
 * GET /groups/{id}/members: one page of one list, with the tab counts and the removal limits. A page
 * next to the one shown (`previous`) is asked for by its cursor, so the server reads on from that
 * page's edge instead of counting every row before it; any other page by its number.
 */
export const fetchMembers = fromStoppablePromise<MembersAnswer, ApiInput & { query: MembersQuery; previous?: GroupMembersList | null }>(
  async ({ input, signal }) => {
    const query = { ...input.query, search: input.query.search || undefined, cursor: cursorTo(input.query, input.previous) };
    const { data, error, response } = await answerOf(() => input.api.GET('/groups/{id}/members', { params: { path: { id: input.group.id }, query }, signal }));
    if (data) {
      answeredQueries.set(data, input.query);
      return { kind: 'loaded', list: data };
    }
    return { kind: 'failed', message: serverFailureOf(error, response).message };
  },
);

/**
 * GET /groups/{id}/members/export: every member of the list that the search matches, in the page's
 * sort, as CSV. The api client sends the bearer token like on every other call.
 */
export const exportMembers = fromStoppablePromise<MembersCsv, ApiInput & { query: MembersQuery }>(async ({ input, signal }) => {
  const { list, search, sort_by, sort_direction } = input.query;
  const { data, error, response } = await answerOf(() =>
    input.api.GET('/groups/{id}/members/export', {
      params: { path: { id: input.group.id }, query: { list, search: search || undefined, sort_by, sort_direction } },
      parseAs: 'blob',
      signal,
    }),
  );
  if (!data || !response) throw new Error(`The members could not be exported. ${serverFailureOf(error, response).message}`);
  return { blob: data, fileName: fileNameOf(response.headers.get('Content-Disposition')) ?? `members-${list}.csv` };
});

/** A bookkeeping move between the lists (part 1 §4): one POST, one transaction on the server. */
export const moveMembers = fromStoppablePromise<MoveAnswer, ApiInput & { move: MemberMove; ids: number[] }>(
  async ({ input, signal }) => {
    const request = moveRequest(input.move, input.ids);
    const params = { path: { id: input.group.id } };
    const { data, error, response } = await answerOf(() =>
      request.path === '/groups/{id}/members/whitelisted'
        ? input.api.POST(request.path, { params, body: request.body, signal })
        : input.api.POST(request.path, { params, body: request.body, signal }),
    );
    if (data) return { kind: 'moved', count: data.count, moveId: data.move_id };
    return { kind: 'failed', message: serverFailureOf(error, response).message };
  },
);

/** POST /groups/{id}/members/moves/{move_id}/undo: the move's members back where they were, in one transaction. */
export const undoMove = fromStoppablePromise<UndoAnswer, ApiInput & { moveId: string }>(async ({ input, signal }) => {
  const { data, error, response } = await answerOf(() =>
    input.api.POST('/groups/{id}/members/moves/{move_id}/undo', { params: { path: { id: input.group.id, move_id: input.moveId } }, signal }),
  );
  if (data) return { kind: 'undone', count: data.count, skipped: data.skipped };
  return { kind: 'failed', message: serverFailureOf(error, response).message };
});

/** POST /groups/{id}/members/removal_preview: who goes and when the limits let them all through. */
export const previewRemoval = fromStoppablePromise<PreviewAnswer, ApiInput & { ids: number[] }>(async ({ input, signal }) => {
  const { data, error, response } = await answerOf(() =>
    input.api.POST('/groups/{id}/members/removal_preview', { params: { path: { id: input.group.id } }, body: { ids: input.ids }, signal }),
  );
  if (data) return { kind: 'previewed', preview: data };
  return { kind: 'failed', message: serverFailureOf(error, response).message };
});

/** The robot's remove_group_members arguments for the previewed members of the group. */
export function removalRequest(group: MemberListGroup, preview: RemovalPreview | null): RobotArgs<'remove_group_members'> {
  const { id, name, fb_group_id, fb_slug } = group;
  const members = (preview?.members ?? []).map((member) => ({ id: member.id, fb_user_id: member.fb_user_id ?? '', name: member.name }));
  return { id, name, fb_group_id, fb_slug, members };
}

/** Hears the address's filters change (search, sort, page), for as long as the list lives. */
export const listenToListQuery = fromCallback<ListQueryEmitted, { listQueryRef: ActorRef<Snapshot<unknown>, never, ListQueryEmitted> }>(
  ({ input, sendBack }) => {
    const subscription = input.listQueryRef.on('query.changed', sendBack);
    return () => subscription.unsubscribe();
  },
);
