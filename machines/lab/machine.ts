import { assign, emit, setup } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import {
  findTarget,
  isTruncation,
  LAB_ACTION_TARGET,
  LAB_CREATES,
  runAction,
  type FindAnswer,
  type LabAction,
  type LabFind,
  type LabTargetKind,
  type LabTargets,
  type LabToggleName,
  type RunAnswer,
} from './actors';

/** The lab's switches as GET /status gives them; null for the sandbox world's own when the server does not run it. */
export type LabToggles = Record<LabToggleName, boolean | null>;

export interface LabInput {
  api: ApiClient;
  toggles: LabToggles;
}

export interface LabContext {
  api: ApiClient;
  targets: LabTargets;
  toggles: LabToggles;
  /** The find under way. */
  finding: LabFind | null;
  /** What the last find found, for the progress bar's words. */
  foundLast: LabTargetKind | null;
  /** The action asked (a truncation waiting for its confirmation), under way, or done last. */
  action: LabAction | null;
  /** The name of the record the last action acted on, for its words. */
  subject: string | null;
  /** The server's reason for the last call's failure. */
  failure: string | null;
}

export type LabEvent =
  | { type: 'lab.find'; target: LabTargetKind; id: number }
  | { type: 'lab.run'; action: LabAction }
  | { type: 'lab.confirm' }
  | { type: 'lab.cancel' };

/** Told after each action the server carried out: the app shows what it changed. */
export type LabEmitted = { type: 'lab.changed'; action: LabAction; subject: string | null };

const YYYY_MM_DD = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The settings that are given: an update changes one thing at a time. */
const given = (settings: object) => Object.entries(settings).filter(([, value]) => value !== undefined);

/**
 * Whether an action can be asked of the records found (spec part 2 §6): it needs the record it acts
 * on (a user, a membership, a group), and a change must change something: Ban a user who is not
 * banned, Grant supervisor to one who is not, Remove username or profile id only when there is one,
 * set a membership to the other role, another plan, status or lock state; a random group held by
 * the user found only when they have a profile id to hold it by; a switch only where the server has
 * it (the sandbox world's) and to the other value.
 */
export function labActionAvailable(action: LabAction, { targets, toggles }: Pick<LabContext, 'targets' | 'toggles'>): boolean {
  const target = LAB_ACTION_TARGET[action.name];
  if (target !== null && targets[target] === null) return false;
  const changes = given(action.settings);
  switch (action.name) {
    case 'update_user': {
      const user = targets.user!;
      const { remove_username, remove_profile_id, is_supervisor, is_banned } = action.settings;
      if (changes.length !== 1) return false;
      if (remove_username !== undefined) return remove_username && user.fb_username !== null;
      if (remove_profile_id !== undefined) return remove_profile_id && user.fb_user_id !== null;
      if (is_supervisor !== undefined) return is_supervisor !== user.is_supervisor;
      return is_banned !== user.is_banned;
    }
    case 'update_membership':
      return action.settings.role !== targets.membership!.role;
    case 'update_group': {
      const group = targets.group!;
      const { subscribed_plan, is_locked, subscribed_from } = action.settings;
      if (changes.length !== 1) return false;
      if (subscribed_plan !== undefined) return subscribed_plan !== group.subscribed_plan;
      if (is_locked !== undefined) return is_locked !== group.is_locked;
      return subscribed_from !== undefined && YYYY_MM_DD.test(subscribed_from);
    }
    case 'update_subscription':
      if (changes.length !== 1) return false;
      return action.settings.status === undefined || action.settings.status !== targets.group!.subscription_status;
    case 'create_random_group': {
      // Held by nobody, or by the user found, who holds it by their profile id.
      const holder = action.settings.user_id;
      return holder === undefined || (holder === targets.user?.id && targets.user.fb_user_id !== null);
    }
    case 'set_toggle': {
      const current = toggles[action.settings.name];
      return current !== null && current !== action.settings.value;
    }
    default:
      return true;
  }
}

/** A find needs the record it looks in: a membership is looked for in the group found. */
function findOfEvent({ target, id }: Extract<LabEvent, { type: 'lab.find' }>, targets: LabTargets): LabFind | null {
  if (target === 'user') return { target, userId: id };
  if (target === 'group') return { target, groupId: id };
  return targets.group && { target, groupId: targets.group.id, memberId: id };
}

function subjectOf(action: LabAction, targets: LabTargets): string | null {
  const target = LAB_ACTION_TARGET[action.name];
  if (target === 'user') return targets.user!.name;
  if (target === 'group') return targets.group!.name;
  if (target === 'membership') return targets.membership!.member?.name ?? `member ${targets.membership!.member_id}`;
  if (action.name === 'create_random_group' && action.settings.user_id !== undefined) return targets.user!.name;
  return null;
}

const answerOfEvent = ({ event }: { event: { output?: unknown } }) => event.output as FindAnswer & RunAnswer;

/**
 * The lab modal (spec part 2 §2, §5, §6, §7, §8): the supervisor finds a user, a group and a
 * membership of that group, and runs the actions the records found
 * allow; a truncation of all users, groups or members is asked about first. One call at a time:
 * while it runs the progress bar runs; it completes when the call succeeds (the records found are
 * read again, and the app is told what changed) and turns failed with the server's reason.
 */
const labSetup = setup({
  types: {
    context: {} as LabContext,
    events: {} as LabEvent,
    input: {} as LabInput,
    emitted: {} as LabEmitted,
  },
  actors: { findTarget, runAction },
  guards: {
    isFailed: (_, answer: { kind: string }) => answer.kind === 'failed',
    canFind: ({ context, event }, target: LabTargetKind) =>
      event.type === 'lab.find' && event.target === target && findOfEvent(event, context.targets) !== null,
    isAvailable: ({ context }, action: LabAction) => labActionAvailable(action, context),
    isTruncation: (_, action: LabAction) => isTruncation(action),
  },
  actions: {
    rememberFind: assign(({ context, event }) => (event.type === 'lab.find' ? { finding: findOfEvent(event, context.targets) } : {})),
    forgetFind: assign({ finding: null }),
    rememberFound: assign(({ context }, answer: FindAnswer) => {
      if (answer.kind !== 'found') return {};
      const { found } = answer;
      const record = found.target === 'user' ? found.user : found.target === 'group' ? found.group : found.membership;
      const targets = { ...context.targets, [found.target]: record };
      // A membership belongs to the group found: another group leaves it behind.
      if (found.target === 'group' && targets.membership?.group_id !== found.group.id) targets.membership = null;
      return { targets, foundLast: found.target };
    }),
    rememberAction: assign(({ context }, action: LabAction) => ({ action, subject: subjectOf(action, context.targets) })),
    forgetAction: assign({ action: null, subject: null }),
    rememberFailure: assign((_, answer: { kind: string; message?: string }) => ({ failure: answer.message ?? null })),
    forgetFailure: assign({ failure: null }),
    /** The records found, as read again; a create's record becomes the one the lab works on. */
    rememberRefreshed: assign(({ context }, answer: RunAnswer) => {
      if (answer.kind !== 'done') return {};
      const created = context.action ? LAB_CREATES[context.action.name] : undefined;
      const targets = { ...context.targets };
      for (const kind of ['user', 'group', 'membership'] as const) {
        const record = answer.refreshed[kind];
        if (record !== undefined && (context.targets[kind] !== null || created === kind)) Object.assign(targets, { [kind]: record });
      }
      return { targets };
    }),
    rememberToggle: assign(({ context }) =>
      context.action?.name === 'set_toggle' ? { toggles: { ...context.toggles, [context.action.settings.name]: context.action.settings.value } } : {},
    ),
    tellChanged: emit(({ context }) => ({ type: 'lab.changed' as const, action: context.action!, subject: context.subject })),
  },
});

/** One find (its id names what it looks for): the record found, or the server's reason on the progress bar. */
const findInvoke = {
  src: 'findTarget',
  input: ({ context }: { context: LabContext }) => ({ api: context.api, find: context.finding! }),
  onDone: [
    {
      guard: { type: 'isFailed', params: answerOfEvent },
      target: '#lab.ready.failed',
      actions: [{ type: 'rememberFailure', params: answerOfEvent }, 'forgetFind'],
    },
    { target: '#lab.ready.found', actions: [{ type: 'rememberFound', params: answerOfEvent }, 'forgetFind'] },
  ],
} as const;

export const labMachine = labSetup.createMachine({
  id: 'lab',
  context: ({ input }) => ({
    api: input.api,
    targets: { user: null, group: null, membership: null },
    toggles: input.toggles,
    finding: null,
    foundLast: null,
    action: null,
    subject: null,
    failure: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      on: {
        'lab.find': (['user', 'group', 'membership'] as const).map((target) => ({
          guard: { type: 'canFind' as const, params: target },
          target: `finding.${target}`,
          actions: ['forgetFailure' as const, 'rememberFind' as const],
        })),
        'lab.run': [
          {
            guard: { type: 'isTruncation', params: ({ event }) => event.action },
            target: 'confirming',
            actions: ['forgetFailure', { type: 'rememberAction', params: ({ event }) => event.action }],
          },
          {
            guard: { type: 'isAvailable', params: ({ event }) => event.action },
            target: 'running',
            actions: ['forgetFailure', { type: 'rememberAction', params: ({ event }) => event.action }],
          },
        ],
      },
      states: {
        /** Nothing run yet (or a truncation not confirmed): the progress bar is empty. */
        idle: {},
        found: {},
        done: {},
        failed: {},
      },
    },
    finding: {
      tags: 'busy',
      // Entered with what is looked for.
      initial: 'group',
      states: {
        user: { invoke: { id: 'findUser', ...findInvoke } },
        group: { invoke: { id: 'findGroup', ...findInvoke } },
        membership: { invoke: { id: 'findMembership', ...findInvoke } },
      },
    },
    confirming: {
      on: {
        'lab.confirm': 'running',
        'lab.cancel': { target: 'ready.idle', actions: 'forgetAction' },
      },
    },
    running: {
      tags: 'busy',
      invoke: {
        id: 'runAction',
        src: 'runAction',
        input: ({ context }) => ({ api: context.api, action: context.action!, targets: context.targets }),
        onDone: [
          { guard: { type: 'isFailed', params: answerOfEvent }, target: 'ready.failed', actions: { type: 'rememberFailure', params: answerOfEvent } },
          { target: 'ready.done', actions: [{ type: 'rememberRefreshed', params: answerOfEvent }, 'rememberToggle', 'tellChanged'] },
        ],
      },
    },
  },
});
