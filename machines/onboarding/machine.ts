import { and, assign, setup } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import type { Robot, RobotProgress } from '../../src/robot/protocol';
import { confirmOwnershipMachine } from '../confirmOwnership/machine';
import {
  checkRobot,
  completeOnboarding,
  scanEngagements,
  scanGroups,
  scanMembers,
  type CompletionSave,
  type EngagementsScan,
  type GroupsScan,
  type MembersScan,
  type UserFlags,
} from './actors';
import { unexpectedFailureOf, type StepFailure } from '../shared/stepFailure';
import {
  destinationAfter,
  isChoosable,
  isRobotInstalled,
  isStepClickable,
  isStepComplete,
  NO_PROGRESS,
  withChosenGroup,
  withScannedGroups,
  type OnboardingDestination,
  type OnboardingProgress,
  type OnboardingStep,
  type OwnershipConfirmation,
  type RobotStatus,
} from './steps';

export interface OnboardingInput {
  api: ApiClient;
  robot: Robot;
  /** The page to return to when the user does not end up holding the chosen group (a token link's back URL). */
  savedRoute: string | null;
}

export interface OnboardingContext extends OnboardingInput {
  progress: OnboardingProgress;
  /** The running robot command's progress, for the progress bars. */
  scanProgress: RobotProgress | null;
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
  | { type: 'robot.progress'; progress: RobotProgress }
  | { type: 'onboarding.finish' };

type StepGuard =
  | { type: 'opensStep'; params: { step: OnboardingStep } }
  | { type: 'isStepClickable'; params: { step: OnboardingStep } }
  | { type: 'isStepComplete'; params: { step: OnboardingStep } };

/** Steps whose work runs on arrival: a done step shows its result, an undone one starts working. */
const WORKING_STEPS: Partial<Record<OnboardingStep, { done: string; working: string }>> = {
  groups: { done: 'scanned', working: 'scanning' },
  ownership: { done: 'confirmed', working: 'confirming' },
  members: { done: 'scanned', working: 'scanning' },
  engagements: { done: 'scanned', working: 'scanning' },
  complete: { done: 'saved', working: 'saving' },
};

/** Back leads to a step already complete (a step opens only once those before it are), so to its result. */
function returnTo(step: OnboardingStep) {
  const substates = WORKING_STEPS[step];
  const target = substates ? `#onboarding.wizard.${step}.${substates.done}` : `#onboarding.wizard.${step}`;
  return { target, actions: { type: 'showStep', params: { step, replace: false } } } as const;
}

/**
 * The transitions into a step when `allowed` lets the user in: to its result when the step is
 * complete, else to its work; the address bar follows.
 */
function enterStep(step: OnboardingStep, allowed: StepGuard) {
  const actions = { type: 'showStep', params: { step, replace: false } } as const;
  const substates = WORKING_STEPS[step];
  if (!substates) return [{ guard: allowed, target: `#onboarding.wizard.${step}`, actions }];
  const complete: StepGuard = { type: 'isStepComplete', params: { step } };
  return [
    { guard: and([allowed, complete]), target: `#onboarding.wizard.${step}.${substates.done}`, actions },
    { guard: allowed, target: `#onboarding.wizard.${step}.${substates.working}`, actions },
  ];
}

const advanceTo = (step: OnboardingStep) => enterStep(step, { type: 'isStepClickable', params: { step } });
const openOn = (step: OnboardingStep) => enterStep(step, { type: 'opensStep', params: { step } });

const workFailed = {
  target: 'failed',
  actions: {
    type: 'rememberFailure',
    params: ({ event }: { event: { output: GroupsScan | MembersScan | EngagementsScan | CompletionSave } }) => ({ outcome: event.output }),
  },
} as const;

const crashed = {
  target: 'failed',
  actions: { type: 'rememberCrash', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
} as const;

const reportProgress = {
  actions: { type: 'rememberScanProgress', params: ({ event }: { event: { progress: RobotProgress } }) => event },
} as const;

type ScanInputArgs = { context: OnboardingContext; self: { send(event: OnboardingEvent): void } };

/** A robot command's input: the robot, and progress reported back to the wizard as events. */
const robotScanInput = ({ context, self }: ScanInputArgs) => ({
  robot: context.robot,
  onProgress: (progress: RobotProgress) => self.send({ type: 'robot.progress', progress }),
});

const groupScanInput = (args: ScanInputArgs) => ({ ...robotScanInput(args), group: args.context.progress.chosenGroup! });

/**
 * Onboarding (spec part 1 §2): seven steps, each complete when its work is done; a step opens up to
 * and including the first incomplete one; on arrival the wizard goes to the last available step.
 */
export const onboardingMachine = setup({
  types: {
    context: {} as OnboardingContext,
    events: {} as OnboardingEvent,
    input: {} as OnboardingInput,
  },
  actors: { checkRobot, scanGroups, scanMembers, scanEngagements, completeOnboarding, confirmOwnership: confirmOwnershipMachine },
  guards: {
    reportsInstalled: (_, { robot }: { robot: RobotStatus }) => isRobotInstalled(robot),
    robotMissing: ({ context }) => !isRobotInstalled(context.progress.robot),
    isStepComplete: ({ context }, { step }: { step: OnboardingStep }) => isStepComplete(step, context.progress),
    isStepClickable: ({ context }, { step }: { step: OnboardingStep }) => isStepClickable(step, context.progress),
    opensStep: ({ context, event }, { step }: { step: OnboardingStep }) =>
      event.type === 'wizard.open' && event.step === step && isStepClickable(step, context.progress),
    isChoosable: ({ context }, { groupId }: { groupId: number }) => isChoosable(groupId, context.progress),
    succeeded: (_, { outcome }: { outcome: GroupsScan | MembersScan | EngagementsScan | CompletionSave }) => outcome.kind !== 'failed',
  },
  actions: {
    rememberRobot: assign(({ context }, robot: RobotStatus) => ({ progress: { ...context.progress, robot } })),
    startWork: assign({ scanProgress: null, failure: null }),
    rememberScanProgress: assign((_, { progress }: { progress: RobotProgress }) => ({ scanProgress: progress })),
    rememberGroups: assign(({ context }, outcome: GroupsScan) => ({
      progress: outcome.kind === 'scanned' ? withScannedGroups(context.progress, outcome.groups) : context.progress,
    })),
    chooseGroup: assign(({ context }, { groupId }: { groupId: number }) => ({
      progress: withChosenGroup(context.progress, context.progress.groups!.find((group) => group.id === groupId)!),
    })),
    rememberOwnership: assign(({ context }, { confirmation }: { confirmation: OwnershipConfirmation }) => ({
      progress: { ...context.progress, ownership: confirmation },
    })),
    rememberMembersScan: assign(({ context }, outcome: MembersScan) => ({
      progress: { ...context.progress, membersScan: outcome.kind === 'scanned' ? { members: outcome.members } : null },
    })),
    rememberEngagementsScan: assign(({ context }, outcome: EngagementsScan) => ({
      progress: { ...context.progress, engagementsScan: outcome.kind === 'scanned' ? { posts: outcome.posts } : null },
    })),
    rememberCompletion: assign(({ context }, outcome: CompletionSave) => ({
      progress: { ...context.progress, completion: outcome.kind === 'saved' ? { isApiAdmin: outcome.isApiAdmin, flags: outcome.flags } : null },
    })),
    rememberFailure: assign((_, { outcome }: { outcome: GroupsScan | MembersScan | EngagementsScan | CompletionSave }) => ({
      failure: outcome.kind === 'failed' ? outcome.failure : null,
    })),
    rememberCrash: assign((_, { error }: { error: unknown }) => ({ failure: unexpectedFailureOf(error) })),
    // Supplied where the wizard runs: they need the router, the groups cache or the session.
    showStep: (_, _params: { step: OnboardingStep; replace: boolean }) => {},
    groupsChanged: () => {},
    flagsSaved: (_, _params: { flags: UserFlags }) => {},
    leaveOnboarding: (_, _params: { destination: OnboardingDestination }) => {},
  },
}).createMachine({
  id: 'onboarding',
  context: ({ input }) => ({ ...input, progress: NO_PROGRESS, scanProgress: null, failure: null }),
  initial: 'checkingRobot',
  states: {
    checkingRobot: {
      invoke: {
        id: 'checkRobot',
        src: 'checkRobot',
        input: ({ context }) => ({ robot: context.robot }),
        onDone: [
          {
            guard: { type: 'reportsInstalled', params: ({ event }) => ({ robot: event.output }) },
            target: '#onboarding.wizard.groups.scanning',
            actions: [
              { type: 'rememberRobot', params: ({ event }) => event.output },
              { type: 'showStep', params: { step: 'groups', replace: true } },
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
          ...openOn('extension'),
          ...openOn('groups'),
          ...openOn('choose'),
          ...openOn('ownership'),
          ...openOn('members'),
          ...openOn('engagements'),
          ...openOn('complete'),
        ],
      },
      initial: 'extension',
      states: {
        extension: {
          on: { 'wizard.next': advanceTo('groups') },
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
          on: { 'wizard.next': advanceTo('choose'), 'wizard.back': returnTo('extension') },
          initial: 'scanning',
          states: {
            scanning: {
              tags: 'busy',
              entry: 'startWork',
              on: { 'robot.progress': reportProgress },
              invoke: {
                id: 'scanGroups',
                src: 'scanGroups',
                input: robotScanInput,
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'scanned',
                    actions: { type: 'rememberGroups', params: ({ event }) => event.output },
                  },
                  workFailed,
                ],
                onError: crashed,
              },
            },
            scanned: { on: { 'groups.rescan': 'scanning' } },
            failed: { tags: 'failed', on: { 'step.retry': 'scanning' } },
          },
        },
        choose: {
          on: {
            'group.choose': {
              guard: { type: 'isChoosable', params: ({ event }) => event },
              actions: { type: 'chooseGroup', params: ({ event }) => event },
            },
            'wizard.next': advanceTo('ownership'),
            'wizard.back': returnTo('groups'),
          },
        },
        ownership: {
          on: { 'wizard.next': advanceTo('members'), 'wizard.back': returnTo('choose') },
          initial: 'confirming',
          states: {
            confirming: {
              invoke: {
                id: 'confirmOwnership',
                src: 'confirmOwnership',
                input: ({ context }) => ({ api: context.api, robot: context.robot, group: context.progress.chosenGroup! }),
                onDone: {
                  target: 'confirmed',
                  actions: [{ type: 'rememberOwnership', params: ({ event }) => ({ confirmation: event.output }) }, 'groupsChanged'],
                },
              },
            },
            confirmed: {},
          },
        },
        members: {
          on: { 'wizard.next': advanceTo('engagements'), 'wizard.back': returnTo('ownership') },
          initial: 'scanning',
          states: {
            scanning: {
              tags: 'busy',
              entry: 'startWork',
              on: { 'robot.progress': reportProgress },
              invoke: {
                id: 'scanMembers',
                src: 'scanMembers',
                input: groupScanInput,
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'scanned',
                    actions: { type: 'rememberMembersScan', params: ({ event }) => event.output },
                  },
                  workFailed,
                ],
                onError: crashed,
              },
            },
            scanned: {},
            failed: { tags: 'failed', on: { 'step.retry': 'scanning' } },
          },
        },
        engagements: {
          on: { 'wizard.next': advanceTo('complete'), 'wizard.back': returnTo('members') },
          initial: 'scanning',
          states: {
            scanning: {
              tags: 'busy',
              entry: 'startWork',
              on: { 'robot.progress': reportProgress },
              invoke: {
                id: 'scanEngagements',
                src: 'scanEngagements',
                input: groupScanInput,
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'scanned',
                    actions: { type: 'rememberEngagementsScan', params: ({ event }) => event.output },
                  },
                  workFailed,
                ],
                onError: crashed,
              },
            },
            scanned: {},
            failed: { tags: 'failed', on: { 'step.retry': 'scanning' } },
          },
        },
        complete: {
          on: { 'wizard.back': returnTo('engagements') },
          initial: 'saving',
          states: {
            saving: {
              tags: 'busy',
              entry: 'startWork',
              invoke: {
                id: 'completeOnboarding',
                src: 'completeOnboarding',
                input: ({ context }) => ({ api: context.api, groupId: context.progress.chosenGroup!.id }),
                onDone: [
                  {
                    guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
                    target: 'saved',
                    actions: [
                      { type: 'rememberCompletion', params: ({ event }) => event.output },
                      { type: 'flagsSaved', params: ({ context }) => ({ flags: context.progress.completion!.flags }) },
                    ],
                  },
                  workFailed,
                ],
                onError: crashed,
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
