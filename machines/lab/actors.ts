import type { ApiClient } from '../../src/api/client';
import { failureReason } from '../../src/api/failureReason';
import type { components, paths } from '../../src/api/schema';
import { answerOf } from '../shared/stepFailure';
import { fromStoppablePromise } from '../stoppablePromise';

type Schemas = components['schemas'];

/** What the lab shows of a user it found, and what its rules read. */
export type LabUser = Pick<Schemas['User'], 'id' | 'name' | 'email' | 'fb_username' | 'fb_user_id' | 'is_supervisor' | 'is_banned'>;
/** What the lab shows of a group it found, and what its rules read. */
export type LabGroup = Pick<
  Schemas['Group'],
  'id' | 'name' | 'fb_group_id' | 'subscribed_plan' | 'subscription_status' | 'subscribed_from_at' | 'subscription_ends_at' | 'is_locked'
>;
export type LabMembership = Schemas['Membership'];

/** The records the lab works on: each found by the supervisor (find_user, find_group, find_membership), or none. */
export interface LabTargets {
  user: LabUser | null;
  group: LabGroup | null;
  membership: LabMembership | null;
}

export type LabTargetKind = keyof LabTargets;

/** A find as the lab calls it (spec part 2 §7: find_user, find_group, find_membership with group_id and member_id). */
export type LabFind =
  | { target: 'user'; userId: number }
  | { target: 'group'; groupId: number }
  | { target: 'membership'; groupId: number; memberId: number };

type LabPath = Extract<keyof paths, `/lab/${string}`>;
/** Every lab call of the contract, by its function name (POST /lab/{name}). */
export type LabCallName = LabPath extends `/lab/${infer Name}` ? Name : never;
export type LabBody<Name extends LabCallName> = NonNullable<paths[`/lab/${Name}`]['post']['requestBody']>['content']['application/json'];

/** The calls that act (every lab call but the finds). */
export type LabActionName = Exclude<LabCallName, 'find_user' | 'find_group' | 'find_membership'>;

/**
 * Body fields the lab fills in itself: the ids of the records an action acts on, and the
 * confirmation of a truncation. A random group's holder is a choice (the user found, or nobody).
 */
type FilledFields<Name extends LabActionName> = Name extends 'create_random_group' ? 'confirm' : 'user_id' | 'group_id' | 'member_id' | 'confirm';

/** What the supervisor asks: a call and its settings, without the ids of the records it acts on. */
export type LabAction = { [Name in LabActionName]: { name: Name; settings: Omit<LabBody<Name>, FilledFields<Name>> } }[LabActionName];

export type LabToggleName = LabBody<'set_toggle'>['name'];

/** The record each action acts on (its ids go in the body); null for the calls on everything. */
export const LAB_ACTION_TARGET = {
  update_user: 'user',
  remove_user: 'user',
  update_membership: 'membership',
  remove_membership: 'membership',
  update_group: 'group',
  remove_group: 'group',
  remove_members: 'group',
  fake_members: 'group',
  members_removal: 'group',
  members_removal_reset: 'group',
  sync_subscription_fields: 'group',
  update_subscription: 'group',
  remove_subscription: 'group',
  fake_posts: 'group',
  fake_reactions: 'group',
  fake_comments: 'group',
  fake_metrics: 'group',
  remove_posts: 'group',
  remove_engagements: 'group',
  remove_metrics: 'group',
  create_random_member: 'group',
  create_random_user: null,
  create_random_group: null,
  remove_all_users: null,
  remove_all_groups: null,
  remove_all_members: null,
  set_toggle: null,
} as const satisfies Record<LabActionName, LabTargetKind | null>;

/** The mass removals, asked about first (spec part 2 §5). */
export const LAB_TRUNCATIONS = ['remove_all_users', 'remove_all_groups', 'remove_all_members'] as const satisfies readonly LabActionName[];
export type LabTruncation = (typeof LAB_TRUNCATIONS)[number];

export function isTruncation(action: LabAction): action is Extract<LabAction, { name: LabTruncation }> {
  return (LAB_TRUNCATIONS as readonly string[]).includes(action.name);
}

/** The records a create makes: the lab goes on working on them. */
export const LAB_CREATES: Partial<Record<LabActionName, LabTargetKind>> = {
  create_random_user: 'user',
  create_random_group: 'group',
  create_random_member: 'membership',
};

/** A call and its body. */
export interface LabCall {
  name: LabCallName;
  body: Record<string, unknown>;
}

/** The call an action makes on the records found: the settings with the ids of the record it acts on, and a truncation's confirmation. */
export function labCallOf(action: LabAction, targets: LabTargets): LabCall {
  const body: Record<string, unknown> = { ...action.settings };
  const target = LAB_ACTION_TARGET[action.name];
  if (target === 'user') body.user_id = targets.user!.id;
  if (target === 'group') body.group_id = targets.group!.id;
  if (target === 'membership') Object.assign(body, { group_id: targets.membership!.group_id, member_id: targets.membership!.member_id });
  if (isTruncation(action)) body.confirm = true;
  return { name: action.name, body };
}

export function findCallOf(find: LabFind): LabCall {
  if (find.target === 'user') return { name: 'find_user', body: { user_id: find.userId } };
  if (find.target === 'group') return { name: 'find_group', body: { group_id: find.groupId } };
  return { name: 'find_membership', body: { group_id: find.groupId, member_id: find.memberId } };
}

/** The find that reads a record again. */
export function findOf(kind: LabTargetKind, targets: LabTargets): LabFind | null {
  if (kind === 'user') return targets.user && { target: 'user', userId: targets.user.id };
  if (kind === 'group') return targets.group && { target: 'group', groupId: targets.group.id };
  return targets.membership && { target: 'membership', groupId: targets.membership.group_id, memberId: targets.membership.member_id };
}

export type LabFound = { target: 'user'; user: LabUser } | { target: 'group'; group: LabGroup } | { target: 'membership'; membership: LabMembership };

export type FindAnswer = { kind: 'found'; found: LabFound } | { kind: 'failed'; message: string };

/**
 * What an action changed, as read again afterwards: each record the lab had found (null when it is
 * gone), and the one a create made. A record left out was not read again.
 */
export type RunAnswer = { kind: 'done'; refreshed: Partial<LabTargets> } | { kind: 'failed'; message: string };

type LabResult = Schemas['LabResult'];
type CallAnswer = { kind: 'done'; result: NonNullable<LabResult['result']> } | { kind: 'failed'; message: string; status: number | null };

async function callLab(api: ApiClient, { name, body }: LabCall, signal: AbortSignal): Promise<CallAnswer> {
  // One operation per name in the contract: the path names the call, the body is the one built for it.
  const post = api.POST as (path: string, init: { body: unknown; signal: AbortSignal }) => ReturnType<ApiClient['POST']>;
  const { data, error, response } = await answerOf(() => post(`/lab/${name}`, { body, signal }));
  if (data) return { kind: 'done', result: (data as LabResult).result ?? {} };
  return { kind: 'failed', message: failureReason(error, response), status: response?.status ?? null };
}

const isRecord = (value: unknown): value is Record<string, unknown> & { id: number } =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';

function foundIn(target: LabTargetKind, result: Record<string, unknown>): LabFound | null {
  const record = result[target];
  if (target === 'membership') {
    const membership = record as LabMembership | undefined;
    return membership && typeof membership.member_id === 'number' ? { target, membership } : null;
  }
  if (!isRecord(record)) return null;
  return target === 'user' ? { target, user: record as unknown as LabUser } : { target, group: record as unknown as LabGroup };
}

const recordOf = (found: LabFound): LabTargets[LabTargetKind] =>
  found.target === 'user' ? found.user : found.target === 'group' ? found.group : found.membership;

async function find(api: ApiClient, wanted: LabFind, signal: AbortSignal): Promise<FindAnswer & { status?: number | null }> {
  const answer = await callLab(api, findCallOf(wanted), signal);
  if (answer.kind === 'failed') return answer;
  const found = foundIn(wanted.target, answer.result);
  return found ? { kind: 'found', found } : { kind: 'failed', message: `The server answered without the ${wanted.target}.` };
}

/** find_user, find_group or find_membership: the record, or the server's reason. */
export const findTarget = fromStoppablePromise<FindAnswer, { api: ApiClient; find: LabFind }>(async ({ input, signal }) => {
  const answer = await find(input.api, input.find, signal);
  return answer.kind === 'found' ? answer : { kind: 'failed', message: answer.message };
});

/**
 * POST /lab/{name} for the action, then each record the lab had found read again (a 404 says it is
 * gone; any other failure leaves it as it was), and the record a create made taken from its result.
 */
export const runAction = fromStoppablePromise<RunAnswer, { api: ApiClient; action: LabAction; targets: LabTargets }>(async ({ input, signal }) => {
  const { api, action, targets } = input;
  const answer = await callLab(api, labCallOf(action, targets), signal);
  if (answer.kind === 'failed') return { kind: 'failed', message: answer.message };
  const refreshed: Partial<LabTargets> = {};
  const kinds: LabTargetKind[] = ['user', 'group', 'membership'];
  await Promise.all(
    kinds.map(async (kind) => {
      const wanted = findOf(kind, targets);
      if (!wanted) return;
      const again = await find(api, wanted, signal);
      if (again.kind === 'found') Object.assign(refreshed, { [kind]: recordOf(again.found) });
      else if (again.status === 404) Object.assign(refreshed, { [kind]: null });
    }),
  );
  const created = LAB_CREATES[action.name];
  const made = created && foundIn(created, answer.result);
  if (made) Object.assign(refreshed, { [made.target]: recordOf(made) });
  return { kind: 'done', refreshed };
});

/** Spec part 2 §9: what the lab fakes at a time. */
export const LAB_FAKE_COUNTS = { members: 500, deactivatedMembers: 10, posts: 10, reactions: 100, comments: 100 } as const;

type MetricsDays = NonNullable<LabBody<'fake_metrics'>['days']>;
type DaysLeft = NonNullable<LabBody<'update_subscription'>['days_left']>;
/** A list holding every number of a union the contract enumerates. */
const everyNumberOf =
  <Union extends number>() =>
  <const Values extends readonly Union[]>(values: Values & ([Exclude<Union, Values[number]>] extends [never] ? unknown : { missing: Exclude<Union, Values[number]> })) =>
    values;

/** Spec part 2 §9: faked metrics span 3, 7, 14, 30 or 60 days. */
export const LAB_METRICS_DAYS = everyNumberOf<MetricsDays>()([3, 7, 14, 30, 60]);
/** Spec part 2 §6: the subscription ends in 0, 15, 31, 155 or 365 days. */
export const LAB_DAYS_LEFT = everyNumberOf<DaysLeft>()([0, 15, 31, 155, 365]);
