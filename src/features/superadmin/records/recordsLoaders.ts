import type { ApiClient } from '../../../api/client';
import { readAuditLogRequest, type AuditLogRequest } from './auditLogFilters';
import { readGroupsRequest, type GroupsRequest } from './groupsFilters';
import { readMembersRequest, type MembersRequest } from './membersFilters';
import { findRecordFor, findRecords, type RecordMatch } from './recordSearch';
import {
  loadAuditLogs,
  loadGroupProfile,
  loadGroups,
  loadMemberProfile,
  loadMembers,
  loadUserProfile,
  loadUsers,
  type GroupProfile,
  type Loaded,
  type MemberProfile,
  type UserProfile,
} from './recordsApi';
import { readUsersRequest, type UsersRequest } from './usersFilters';
import type { components } from '../../../api/schema';

type Schemas = components['schemas'];

/** A list page's data: the query its address asks for and the server's answer. */
export interface ListData<Query, Data> {
  query: Query;
  result: Loaded<Data>;
}

const searchOf = (request: Request) => new URL(request.url).searchParams;

export async function groupsLoaderData(api: ApiClient, request: Request): Promise<ListData<GroupsRequest, Schemas['SupervisorGroupsList']>> {
  const query = readGroupsRequest(searchOf(request));
  return { query, result: await loadGroups(api, query, request.signal) };
}

export interface MembersData extends ListData<MembersRequest, Schemas['SupervisorMembersList']> {
  /** The group the list is filtered by, as its picker shows it. */
  group: RecordMatch | null;
}

export async function membersLoaderData(api: ApiClient, request: Request): Promise<MembersData> {
  const query = readMembersRequest(searchOf(request));
  const [result, group] = await Promise.all([loadMembers(api, query, request.signal), findRecordFor(api, 'groups', query.group_id, request.signal)]);
  return { query, result, group };
}

export interface UsersData extends ListData<UsersRequest, Schemas['SupervisorUsersList']> {
  /** The member the list is filtered by, as its picker shows it. */
  member: RecordMatch | null;
}

export async function usersLoaderData(api: ApiClient, request: Request): Promise<UsersData> {
  const query = readUsersRequest(searchOf(request));
  const [result, member] = await Promise.all([loadUsers(api, query, request.signal), findRecordFor(api, 'members', query.member_id, request.signal)]);
  return { query, result, member };
}

/** The names of the groups and users a page of records names by id. */
export interface RecordNames {
  groups: ReadonlyMap<number, string>;
  users: ReadonlyMap<number, string>;
}

export interface AuditLogData extends ListData<AuditLogRequest, Schemas['AuditLogsList']> {
  /** The member, group and user the log is filtered by, as their pickers show them. */
  picked: { member: RecordMatch | null; group: RecordMatch | null; user: RecordMatch | null };
  names: RecordNames;
}

/** The groups' and users' names of a page of records (the supervisors who acted as a user among them), one request for each kind. */
async function namesOf(api: ApiClient, logs: ReadonlyArray<Schemas['AuditLog']>, signal: AbortSignal): Promise<RecordNames> {
  const ids = (pick: (log: Schemas['AuditLog']) => Array<number | null | undefined>) => [...new Set(logs.flatMap(pick).filter((id): id is number => !!id))];
  const [groups, users] = await Promise.all([findRecords(api, 'groups', ids((log) => [log.group_id]), signal), findRecords(api, 'users', ids((log) => [log.user_id, log.switched_by_user_id]), signal)]);
  const named = (matches: RecordMatch[]) => new Map(matches.map((match) => [match.id, match.name]));
  return { groups: named(groups), users: named(users) };
}

export async function auditLogLoaderData(api: ApiClient, request: Request): Promise<AuditLogData> {
  const query = readAuditLogRequest(searchOf(request));
  const { signal } = request;
  const [result, member, group, user] = await Promise.all([
    loadAuditLogs(api, query, signal),
    findRecordFor(api, 'members', query.member_id, signal),
    findRecordFor(api, 'groups', query.group_id, signal),
    findRecordFor(api, 'users', query.user_id, signal),
  ]);
  const names = result.kind === 'loaded' ? await namesOf(api, result.data.audit_logs, signal) : { groups: new Map(), users: new Map() };
  return { query, result, picked: { member, group, user }, names };
}

/** A profile's id from the path: a positive integer, else null (the page says there is no such record). */
export function profileId(param: string | undefined): number | null {
  return param !== undefined && /^[1-9]\d{0,9}$/.test(param) && Number(param) <= 2_147_483_647 ? Number(param) : null;
}

const NO_SUCH_RECORD = { kind: 'failed', reason: 'There is no such record.', notFound: true } as const;

/** Part 2 §2: the group profile loads the group. */
export async function groupProfileLoaderData(api: ApiClient, id: string | undefined, request: Request): Promise<{ profile: Loaded<GroupProfile> }> {
  const groupId = profileId(id);
  return { profile: groupId === null ? NO_SUCH_RECORD : await loadGroupProfile(api, groupId, request.signal) };
}

export interface MemberProfileData {
  profile: Loaded<MemberProfile>;
  /** The linked user, loading after the member; null when the member has no fb_user_id or no user has it. */
  linkedUser: Promise<Loaded<UserProfile>> | null;
}

/** Loads what follows a record without letting a page that was left fail: its outcome is a value like any other. */
function following<Data>(load: () => Promise<Loaded<Data>>): Promise<Loaded<Data>> {
  return load().catch((error: unknown) => ({ kind: 'failed', reason: error instanceof Error ? error.message : String(error), notFound: false }));
}

/**
 * Part 2 §2: the member profile starts with no user (nothing of a profile shown before), loads the
 * member, then the linked user when the member has a fb_user_id.
 */
export async function memberProfileLoaderData(api: ApiClient, id: string | undefined, request: Request): Promise<MemberProfileData> {
  const memberId = profileId(id);
  if (memberId === null) return { profile: NO_SUCH_RECORD, linkedUser: null };
  const profile = await loadMemberProfile(api, memberId, request.signal);
  const userId = profile.kind === 'loaded' && profile.data.member.fb_user_id !== null ? profile.data.user?.id : undefined;
  return { profile, linkedUser: userId === undefined ? null : following(() => loadUserProfile(api, userId, request.signal)) };
}

export interface UserProfileData {
  profile: Loaded<UserProfile>;
  /** The linked member, loading after the user; null when the user has no fb_user_id or no member has it. */
  linkedMember: Promise<Loaded<MemberProfile>> | null;
}

/** Part 2 §2: the user profile the same in reverse: the user, then the linked member when the user has a fb_user_id. */
export async function userProfileLoaderData(api: ApiClient, id: string | undefined, request: Request): Promise<UserProfileData> {
  const userId = profileId(id);
  if (userId === null) return { profile: NO_SUCH_RECORD, linkedMember: null };
  const profile = await loadUserProfile(api, userId, request.signal);
  const memberId = profile.kind === 'loaded' && profile.data.user.fb_user_id !== null ? profile.data.member?.id : undefined;
  return { profile, linkedMember: memberId === undefined ? null : following(() => loadMemberProfile(api, memberId, request.signal)) };
}
