import { assign, enqueueActions, setup, spawnChild } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import type { Robot } from '../../src/robot/protocol';
import { confirmOwnershipMachine } from '../confirmOwnership/machine';
import { checkRobot, completeOnboarding, saveProgress, type CompletionSave, type ScanResult, type UserFlags } from './actors';
import { scanMachine } from './scan';
import { unexpectedFailureOf, type StepFailure } from '../shared/stepFailure';
import {
  chosenGroupOf,
  destinationAfter,
  isChoosable,
  isRobotInstalled,
  isStepClickable,
  isStepComplete,
  lastAvailableStep,
  resumedProgress,
  storedProgressOf,
  withChosenGroupId,
  withScan,
  type OnboardingDestination,
  type OnboardingProgress,
  type OnboardingStep,
  type OwnershipConfirmation,
  type RobotStatus,
  type StoredOnboardingProgress,
} from './steps';

export interface OnboardingInput {
  api: ApiClient;
  robot: Robot;
  /** The page to return to when the user does not end up holding the chosen group (a token link's back URL). */
  savedRoute: string | null;
  /** The progress the server kept from an earlier visit (the user's onboarding_progress flag). */
  storedProgress?: StoredOnboardingProgress | null;
}

export interface OnboardingContext extends OnboardingInput {
  progress: OnboardingProgress;
  /** Why saving the onboarding failed; a scan holds its own failure. */
  failure: StepFailure | null;
}

export type OnboardingEvent =
  | { type: 'wizard.open'; step: OnboardingStep }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'extension.check' }
  | { type: 'groups.rescan' }
  | { type: 'group.choose'; groupId: number }
  | { type: 'step.retry' }
  | { type: 'onboarding.finish' }
  | { type: 'progress.saved'; flags: UserFlags };

/**
 * Onboarding (spec part 1 §2): seven steps, each complete when its work is done; a step opens up to
 * and including the first incomplete one; on arrival the wizard goes to the last available step,
 * and once Scan Groups has found groups it moves on to Select Group. The progress is kept on the
 * server as each step completes, so a reload or a new sign-in resumes at the first incomplete step
 * without scanning again what was scanned.
 *
 * Entering a step: a step whose work runs on arrival goes to its result when the step is complete,
 * else to its work; Back leads to a step already complete (a step opens only once those before it
 * are), so to its result. Every move the user makes puts the step in the address bar. The three
 * scans are one child machine (`./scan.ts`), invoked with the step's job; it holds the robot's
 * progress, a failure and its retry, and ends with what it found.
 */
export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
    children: {} as {
      checkRobot: 'checkRobot';
      recheckRobot: 'checkRobot';
      groupsScan: 'scan';
      confirmOwnership: 'confirmOwnership';
      membersScan: 'scan';
      engagementsScan: 'scan';
      completeOnboarding: 'completeOnboarding';
    },
  },
  actors: { checkRobot, scan: scanMachine, confirmOwnership: confirmOwnershipMachine, completeOnboarding, saveProgress },
  guards: {
    resumesAt: ({ context }, { robot, step }: { robot: RobotStatus; step: OnboardingStep }) =>
      lastAvailableStep({ ...context.progress, robot }) === step,
    foundGroups: (_, result: ScanResult) => result.kind === 'groups' && result.groups.length > 0,
    robotMissing: ({ context }) => !isRobotInstalled(context.progress.robot),
    isStepClickable: ({ context }, { step }: { step: OnboardingStep }) => isStepClickable(step, context.progress),
    isCompleteStepClickable: ({ context }, { step }: { step: OnboardingStep }) =>
      isStepClickable(step, context.progress) && isStepComplete(step, context.progress),
    opensStep: ({ context, event }, { step }: { step: OnboardingStep }) =>
      event.type === 'wizard.open' && event.step === step && isStepClickable(step, context.progress),
    opensCompleteStep: ({ context, event }, { step }: { step: OnboardingStep }) =>
      event.type === 'wizard.open' && event.step === step && isStepClickable(step, context.progress) && isStepComplete(step, context.progress),
    isChoosable: ({ context }, { groupId }: { groupId: number }) => isChoosable(groupId, context.progress),
    saved: (_, { outcome }: { outcome: CompletionSave }) => outcome.kind === 'saved',
  },
  actions: {
    rememberRobot: assign(({ context }, robot: RobotStatus) => ({ progress: { ...context.progress, robot } })),
    forgetFailure: assign({ failure: null }),
    rememberScan: assign(({ context }, result: ScanResult) => ({ progress: withScan(context.progress, result) })),
    chooseGroup: assign(({ context }, { groupId }: { groupId: number }) => ({ progress: withChosenGroupId(context.progress, groupId) })),
    rememberOwnership: assign(({ context }, { confirmation }: { confirmation: OwnershipConfirmation }) => ({
      progress: { ...context.progress, ownership: confirmation },
    })),
    rememberCompletion: assign(({ context }, outcome: CompletionSave) => ({
      progress: { ...context.progress, completion: outcome.kind === 'saved' ? { isApiAdmin: outcome.isApiAdmin, flags: outcome.flags } : null },
    })),
    rememberFailure: assign((_, { outcome }: { outcome: CompletionSave }) => ({
      failure: outcome.kind === 'failed' ? outcome.failure : null,
    })),
    rememberCrash: assign((_, { error }: { error: unknown }) => ({ failure: unexpectedFailureOf(error) })),
    saveProgress: spawnChild('saveProgress', {
      input: ({ context, self }) => ({
        api: context.api,
        progress: storedProgressOf(context.progress),
        onSaved: (flags: UserFlags) => self.send({ type: 'progress.saved', flags }),
      }),
    }),
    // Supplied where the wizard runs: they need the router, the groups cache or the session.
    showStep: (_, _params: { step: OnboardingStep; replace: boolean }) => {},
    groupsChanged: () => {},
    flagsSaved: (_, _params: { flags: UserFlags }) => {},
    leaveOnboarding: (_, _params: { destination: OnboardingDestination }) => {},
  },
}).createMachine({
  id: 'onboarding',
  context: ({ input }) => ({ ...input, progress: resumedProgress(input.storedProgress), failure: null }),
  // The flags as each progress save returned them, for the session.
  on: { 'progress.saved': { actions: { type: 'flagsSaved', params: ({ event }) => ({ flags: event.flags }) } } },
  initial: 'checkingRobot',
  states: {
    checkingRobot: {
      invoke: {
        id: 'checkRobot',
        src: 'checkRobot',
        input: ({ context }) => ({ robot: context.robot }),
        // An installed robot: the first incomplete step, each entered where its work starts.
        onDone: [
          {
            guard: { type: 'resumesAt', params: ({ event }) => ({ robot: event.output, step: 'groups' }) },
            target: '#onboarding.wizard.groups.scanning',
            actions: [
              { type: 'rememberRobot', params: ({ event }) => event.output },
              { type: 'showStep', params: { step: 'groups', replace: true } },
            ],
          },
          {
            guard: { type: 'resumesAt', params: ({ event }) => ({ robot: event.output, step: 'choose' }) },
            target: '#onboarding.wizard.choose',
            actions: [
              { type: 'rememberRobot', params: ({ event }) => event.output },
              { type: 'showStep', params: { step: 'choose', replace: true } },
            ],
          },
          {
            guard: { type: 'resumesAt', params: ({ event }) => ({ robot: event.output, step: 'ownership' }) },
            target: '#onboarding.wizard.ownership.confirming',
            actions: [
              { type: 'rememberRobot', params: ({ event }) => event.output },
              { type: 'showStep', params: { step: 'ownership', replace: true } },
            ],
          },
          {
            guard: { type: 'resumesAt', params: ({ event }) => ({ robot: event.output, step: 'members' }) },
            target: '#onboarding.wizard.members.scanning',
            actions: [
              { type: 'rememberRobot', params: ({ event }) => event.output },
              { type: 'showStep', params: { step: 'members', replace: true } },
            ],
          },
          {
            guard: { type: 'resumesAt', params: ({ event }) => ({ robot: event.output, step: 'engagements' }) },
            target: '#onboarding.wizard.engagements.scanning',
            actions: [
              { type: 'rememberRobot', params: ({ event }) => event.output },
              { type: 'showStep', params: { step: 'engagements', replace: true } },
            ],
          },
          {
            guard: { type: 'resumesAt', params: ({ event }) => ({ robot: event.output, step: 'complete' }) },
            target: '#onboarding.wizard.complete.saving',
            actions: [
              { type: 'rememberRobot', params: ({ event }) => event.output },
              { type: 'showStep', params: { step: 'complete', replace: true } },
            ],
          },
          {
            target: '#onboarding.wizard.extension',
            actions: [
              { type: 'rememberRobot', params: ({ event }) => event.output },
              { type: 'showStep', params: { step: 'extension', replace: true } },
            ],
          },
        ],
        onError: { target: '#onboarding.wizard.extension', actions: { type: 'showStep', params: { step: 'extension', replace: true } } },
      },
    },
    wizard: {
      on: {
        'wizard.open': [
          {
            guard: { type: 'opensStep', params: { step: 'extension' } },
            target: '#onboarding.wizard.extension',
            actions: { type: 'showStep', params: { step: 'extension', replace: false } },
          },
          {
            guard: { type: 'opensCompleteStep', params: { step: 'groups' } },
            target: '#onboarding.wizard.groups.scanned',
            actions: { type: 'showStep', params: { step: 'groups', replace: false } },
          },
          {
            guard: { type: 'opensStep', params: { step: 'groups' } },
            target: '#onboarding.wizard.groups.scanning',
            actions: { type: 'showStep', params: { step: 'groups', replace: false } },
          },
          {
            guard: { type: 'opensStep', params: { step: 'choose' } },
            target: '#onboarding.wizard.choose',
            actions: { type: 'showStep', params: { step: 'choose', replace: false } },
          },
          {
            guard: { type: 'opensCompleteStep', params: { step: 'ownership' } },
            target: '#onboarding.wizard.ownership.confirmed',
            actions: { type: 'showStep', params: { step: 'ownership', replace: false } },
          },
          {
            guard: { type: 'opensStep', params: { step: 'ownership' } },
            target: '#onboarding.wizard.ownership.confirming',
            actions: { type: 'showStep', params: { step: 'ownership', replace: false } },
          },
          {
            guard: { type: 'opensCompleteStep', params: { step: 'members' } },
            target: '#onboarding.wizard.members.scanned',
            actions: { type: 'showStep', params: { step: 'members', replace: false } },
          },
          {
            guard: { type: 'opensStep', params: { step: 'members' } },
            target: '#onboarding.wizard.members.scanning',
            actions: { type: 'showStep', params: { step: 'members', replace: false } },
          },
          {
            guard: { type: 'opensCompleteStep', params: { step: 'engagements' } },
            target: '#onboarding.wizard.engagements.scanned',
            actions: { type: 'showStep', params: { step: 'engagements', replace: false } },
          },
          {
            guard: { type: 'opensStep', params: { step: 'engagements' } },
            target: '#onboarding.wizard.engagements.scanning',
            actions: { type: 'showStep', params: { step: 'engagements', replace: false } },
          },
          {
            guard: { type: 'opensCompleteStep', params: { step: 'complete' } },
            target: '#onboarding.wizard.complete.saved',
            actions: { type: 'showStep', params: { step: 'complete', replace: false } },
          },
          {
            guard: { type: 'opensStep', params: { step: 'complete' } },
            target: '#onboarding.wizard.complete.saving',
            actions: { type: 'showStep', params: { step: 'complete', replace: false } },
          },
        ],
      },
      initial: 'extension',
      states: {
        extension: {
          on: {
            'wizard.next': [
              {
                guard: { type: 'isCompleteStepClickable', params: { step: 'groups' } },
                target: '#onboarding.wizard.groups.scanned',
                actions: { type: 'showStep', params: { step: 'groups', replace: false } },
              },
              {
                guard: { type: 'isStepClickable', params: { step: 'groups' } },
                target: '#onboarding.wizard.groups.scanning',
                actions: { type: 'showStep', params: { step: 'groups', replace: false } },
              },
            ],
          },
          initial: 'showingStatus',
          states: {
            showingStatus: {
              on: { 'extension.check': { guard: 'robotMissing', target: 'checking' } },
            },
            checking: {
              tags: 'busy',
              invoke: {
                id: 'recheckRobot',
                src: 'checkRobot',
                input: ({ context }) => ({ robot: context.robot }),
                onDone: { target: 'showingStatus', actions: { type: 'rememberRobot', params: ({ event }) => event.output } },
                onError: 'showingStatus',
              },
            },
          },
        },
        groups: {
          on: {
            'wizard.next': {
              guard: { type: 'isStepClickable', params: { step: 'choose' } },
              target: '#onboarding.wizard.choose',
              actions: { type: 'showStep', params: { step: 'choose', replace: false } },
            },
            'wizard.back': {
              target: '#onboarding.wizard.extension',
              actions: { type: 'showStep', params: { step: 'extension', replace: false } },
            },
          },
          initial: 'scanning',
          states: {
            scanning: {
              invoke: {
                id: 'groupsScan',
                src: 'scan',
                input: ({ context }) => ({ robot: context.robot, job: { kind: 'groups' } }),
                onDone: [
                  {
                    guard: { type: 'foundGroups', params: ({ event }) => event.output },
                    target: '#onboarding.wizard.choose',
                    actions: [
                      { type: 'rememberScan', params: ({ event }) => event.output },
                      'saveProgress',
                      { type: 'showStep', params: { step: 'choose', replace: false } },
                    ],
                  },
                  { target: 'scanned', actions: [{ type: 'rememberScan', params: ({ event }) => event.output }, 'saveProgress'] },
                ],
              },
            },
            scanned: { on: { 'groups.rescan': 'scanning' } },
          },
        },
        choose: {
          on: {
            'group.choose': {
              guard: { type: 'isChoosable', params: ({ event }) => event },
              actions: [{ type: 'chooseGroup', params: ({ event }) => event }, 'saveProgress'],
            },
            'wizard.next': [
              {
                guard: { type: 'isCompleteStepClickable', params: { step: 'ownership' } },
                target: '#onboarding.wizard.ownership.confirmed',
                actions: { type: 'showStep', params: { step: 'ownership', replace: false } },
              },
              {
                guard: { type: 'isStepClickable', params: { step: 'ownership' } },
                target: '#onboarding.wizard.ownership.confirming',
                actions: { type: 'showStep', params: { step: 'ownership', replace: false } },
              },
            ],
            'wizard.back': {
              target: '#onboarding.wizard.groups.scanned',
              actions: { type: 'showStep', params: { step: 'groups', replace: false } },
            },
          },
        },
        ownership: {
          on: {
            'wizard.next': [
              {
                guard: { type: 'isCompleteStepClickable', params: { step: 'members' } },
                target: '#onboarding.wizard.members.scanned',
                actions: { type: 'showStep', params: { step: 'members', replace: false } },
              },
              {
                guard: { type: 'isStepClickable', params: { step: 'members' } },
                target: '#onboarding.wizard.members.scanning',
                actions: { type: 'showStep', params: { step: 'members', replace: false } },
              },
            ],
            'wizard.back': {
              target: '#onboarding.wizard.choose',
              actions: { type: 'showStep', params: { step: 'choose', replace: false } },
            },
          },
          initial: 'confirming',
          states: {
            confirming: {
              invoke: {
                id: 'confirmOwnership',
                src: 'confirmOwnership',
                input: ({ context }) => ({ api: context.api, robot: context.robot, group: chosenGroupOf(context.progress) }),
                onDone: {
                  target: 'confirmed',
                  actions: [{ type: 'rememberOwnership', params: ({ event }) => ({ confirmation: event.output }) }, 'saveProgress', 'groupsChanged'],
                },
              },
            },
            confirmed: {},
          },
        },
        members: {
          on: {
            'wizard.next': [
              {
                guard: { type: 'isCompleteStepClickable', params: { step: 'engagements' } },
                target: '#onboarding.wizard.engagements.scanned',
                actions: { type: 'showStep', params: { step: 'engagements', replace: false } },
              },
              {
                guard: { type: 'isStepClickable', params: { step: 'engagements' } },
                target: '#onboarding.wizard.engagements.scanning',
                actions: { type: 'showStep', params: { step: 'engagements', replace: false } },
              },
            ],
            'wizard.back': {
              target: '#onboarding.wizard.ownership.confirmed',
              actions: { type: 'showStep', params: { step: 'ownership', replace: false } },
            },
          },
          initial: 'scanning',
          states: {
            scanning: {
              invoke: {
                id: 'membersScan',
                src: 'scan',
                input: ({ context }) => ({ robot: context.robot, job: { kind: 'members', group: chosenGroupOf(context.progress) } }),
                onDone: { target: 'scanned', actions: [{ type: 'rememberScan', params: ({ event }) => event.output }, 'saveProgress'] },
              },
            },
            scanned: {},
          },
        },
        engagements: {
          on: {
            'wizard.next': [
              {
                guard: { type: 'isCompleteStepClickable', params: { step: 'complete' } },
                target: '#onboarding.wizard.complete.saved',
                actions: { type: 'showStep', params: { step: 'complete', replace: false } },
              },
              {
                guard: { type: 'isStepClickable', params: { step: 'complete' } },
                target: '#onboarding.wizard.complete.saving',
                actions: { type: 'showStep', params: { step: 'complete', replace: false } },
              },
            ],
            'wizard.back': {
              target: '#onboarding.wizard.members.scanned',
              actions: { type: 'showStep', params: { step: 'members', replace: false } },
            },
          },
          initial: 'scanning',
          states: {
            scanning: {
              invoke: {
                id: 'engagementsScan',
                src: 'scan',
                input: ({ context }) => ({ robot: context.robot, job: { kind: 'engagements', group: chosenGroupOf(context.progress) } }),
                onDone: { target: 'scanned', actions: [{ type: 'rememberScan', params: ({ event }) => event.output }, 'saveProgress'] },
              },
            },
            scanned: {},
          },
        },
        complete: {
          on: {
            'wizard.back': {
              target: '#onboarding.wizard.engagements.scanned',
              actions: { type: 'showStep', params: { step: 'engagements', replace: false } },
            },
          },
          initial: 'saving',
          states: {
            saving: {
              tags: 'busy',
              entry: 'forgetFailure',
              invoke: {
                id: 'completeOnboarding',
                src: 'completeOnboarding',
                input: ({ context }) => ({ api: context.api, groupId: chosenGroupOf(context.progress).id }),
                onDone: [
                  {
                    guard: { type: 'saved', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'saved',
                    actions: [
                      { type: 'rememberCompletion', params: ({ event }) => event.output },
                      // The flags as the save returned them, for the session.
                      enqueueActions(({ event, enqueue }) => {
                        if (event.output.kind === 'saved') enqueue({ type: 'flagsSaved', params: { flags: event.output.flags } });
                      }),
                    ],
                  },
                  { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }) => ({ outcome: event.output }) } },
                ],
                onError: { target: 'failed', actions: { type: 'rememberCrash', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            saved: { on: { 'onboarding.finish': '#onboarding.finished' } },
            failed: { tags: 'failed', on: { 'step.retry': 'saving' } },
          },
        },
      },
    },
    finished: {
      type: 'final',
      entry: { type: 'leaveOnboarding', params: ({ context }) => ({ destination: destinationAfter(context.progress, context.savedRoute) }) },
    },
  },
});
