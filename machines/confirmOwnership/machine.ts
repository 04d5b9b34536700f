import { assign, setup } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import type { Robot } from '../../src/robot/protocol';
import type { OnboardingGroup } from '../onboarding/onboardingGroups';
import { unexpectedFailureOf, type StepFailure } from '../shared/stepFailure';
import type { OwnershipConfirmation } from '../onboarding/steps';
import { acquireGroup, fetchOwners, scanAdmins, type AcquireAnswer, type OnboardingPermission, type OwnersAnswer } from './actors';

export interface ConfirmOwnershipInput {
  api: ApiClient;
  robot: Robot;
  group: OnboardingGroup;
}

export interface ConfirmOwnershipContext extends ConfirmOwnershipInput {
  permission: OnboardingPermission | null;
  failure: StepFailure | null;
  confirmation: OwnershipConfirmation | null;
}

export type ConfirmOwnershipEvent =
  | { type: 'ownership.acquire' }
  | { type: 'ownership.recheck' }
  | { type: 'ownership.retry' };

type Answer = { answer: OwnersAnswer };

const held = (permission: OnboardingPermission) => permission.is_acquired;
const isAdmin = (permission: OnboardingPermission) => permission.role === 'admin';

/** Answers that settle the question whoever asked: the user holds the group, another admin does, or nobody could tell. */
const settledAnswers = [
  {
    guard: { type: 'holdsGroup', params: ({ event }: { event: { output: OwnersAnswer } }) => ({ answer: event.output }) },
    target: 'apiAdmin',
    actions: [
      { type: 'rememberPermission', params: ({ event }: { event: { output: OwnersAnswer } }) => ({ answer: event.output }) },
      { type: 'confirm', params: { confirmation: 'apiAdmin' } },
    ],
  },
  {
    guard: { type: 'heldByOthers', params: ({ event }: { event: { output: OwnersAnswer } }) => ({ answer: event.output }) },
    target: 'adminsToContact',
    actions: { type: 'rememberPermission', params: ({ event }: { event: { output: OwnersAnswer } }) => ({ answer: event.output }) },
  },
] as const;

const failedAnswer = {
  target: 'failed',
  actions: { type: 'rememberFailure', params: ({ event }: { event: { output: OwnersAnswer | AcquireAnswer } }) => ({ answer: event.output }) },
} as const;

const crashed = {
  target: 'failed',
  actions: { type: 'rememberCrash', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
} as const;

/**
 * Confirm ownership (spec part 1 §4): an API admin is good already; a group another admin holds
 * lists whom to contact; otherwise the robot scans the group's admins and, when the user is one,
 * 'Yes, this is my group' acquires it.
 */
export const confirmOwnershipMachine = setup({
  types: {
    context: {} as ConfirmOwnershipContext,
    events: {} as ConfirmOwnershipEvent,
    input: {} as ConfirmOwnershipInput,
    output: {} as OwnershipConfirmation,
  },
  actors: { fetchOwners, scanAdmins, acquireGroup },
  guards: {
    holdsGroup: (_, { answer }: Answer) => answer.kind === 'answered' && held(answer.permission) && isAdmin(answer.permission),
    heldByOthers: (_, { answer }: Answer) => answer.kind === 'answered' && held(answer.permission) && !isAdmin(answer.permission),
    answered: (_, { answer }: Answer) => answer.kind === 'answered',
    scannedAsAdmin: (_, { answer }: Answer) => answer.kind === 'answered' && isAdmin(answer.permission),
    acquired: (_, { answer }: { answer: AcquireAnswer }) => answer.kind === 'acquired',
    refused: (_, { answer }: { answer: AcquireAnswer }) => answer.kind === 'refused',
  },
  actions: {
    rememberPermission: assign((_, { answer }: Answer) => ({ permission: answer.kind === 'answered' ? answer.permission : null })),
    rememberFailure: assign((_, { answer }: { answer: OwnersAnswer | AcquireAnswer }) => ({
      failure: answer.kind === 'failed' ? answer.failure : null,
    })),
    rememberCrash: assign((_, { error }: { error: unknown }) => ({ failure: unexpectedFailureOf(error) })),
    forgetFailure: assign({ failure: null }),
    confirm: assign((_, { confirmation }: { confirmation: OwnershipConfirmation }) => ({ confirmation })),
  },
}).createMachine({
  id: 'confirmOwnership',
  context: ({ input }) => ({ ...input, permission: null, failure: null, confirmation: null }),
  output: ({ context }) => context.confirmation!,
  initial: 'checking',
  states: {
    checking: {
      tags: 'busy',
      entry: 'forgetFailure',
      invoke: {
        id: 'fetchOwners',
        src: 'fetchOwners',
        input: ({ context }) => ({ api: context.api, group: context.group }),
        onDone: [
          ...settledAnswers,
          {
            guard: { type: 'answered', params: ({ event }) => ({ answer: event.output }) },
            target: 'scanningAdmins',
            actions: { type: 'rememberPermission', params: ({ event }) => ({ answer: event.output }) },
          },
          failedAnswer,
        ],
        onError: crashed,
      },
    },
    scanningAdmins: {
      tags: 'busy',
      invoke: {
        id: 'scanAdmins',
        src: 'scanAdmins',
        input: ({ context }) => ({ api: context.api, robot: context.robot, group: context.group }),
        onDone: [
          ...settledAnswers,
          {
            guard: { type: 'scannedAsAdmin', params: ({ event }) => ({ answer: event.output }) },
            target: 'isAdmin',
            actions: { type: 'rememberPermission', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            guard: { type: 'answered', params: ({ event }) => ({ answer: event.output }) },
            target: 'notAdmin',
            actions: { type: 'rememberPermission', params: ({ event }) => ({ answer: event.output }) },
          },
          failedAnswer,
        ],
        onError: crashed,
      },
    },
    isAdmin: {
      on: { 'ownership.acquire': 'acquiring' },
    },
    acquiring: {
      tags: 'busy',
      invoke: {
        id: 'acquireGroup',
        src: 'acquireGroup',
        input: ({ context }) => ({ api: context.api, group: context.group }),
        onDone: [
          {
            guard: { type: 'acquired', params: ({ event }) => ({ answer: event.output }) },
            target: 'acquired',
            actions: { type: 'confirm', params: { confirmation: 'acquired' } },
          },
          // Someone acquired it meanwhile, or the server knows another role: asking again shows where the user stands.
          { guard: { type: 'refused', params: ({ event }) => ({ answer: event.output }) }, target: 'checking' },
          failedAnswer,
        ],
        onError: crashed,
      },
    },
    adminsToContact: {
      on: { 'ownership.recheck': 'checking' },
    },
    notAdmin: {
      on: { 'ownership.recheck': 'checking' },
    },
    failed: {
      on: { 'ownership.retry': 'checking' },
    },
    apiAdmin: { type: 'final' },
    acquired: { type: 'final' },
  },
});
