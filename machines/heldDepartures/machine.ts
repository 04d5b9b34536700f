import { assign, emit, sendTo, setup, type ActorRefFrom, type AnyActorRef } from 'xstate';
import type { ApiClient } from '../../src/api/client';
import { listenToRobotJobs, type RobotJobReport } from '../robot/actors';
import type { robotMachine } from '../robot/machine';
import { decideDepartures, fetchHeldDepartures, type DecisionAnswer, type DepartureDecision, type HeldAnswer, type HeldDepartures } from './actors';

export interface HeldDeparturesInput {
  api: ApiClient;
  groupId: number;
  /** The app's robot: a members scan of this group that ends may have held departures, or replaced the ones held. */
  robotRef: ActorRefFrom<typeof robotMachine>;
  /** The group's member lists (they take 'members.reload'), which load again once confirmed departures moved to Removed. */
  memberListRef: AnyActorRef;
}

export interface HeldDeparturesContext extends HeldDeparturesInput {
  departures: HeldDepartures | null;
  failure: string | null;
}

export type HeldDeparturesEvent = { type: 'departures.confirm' } | { type: 'departures.keep' } | RobotJobReport;

/** Told to the page once the admin's decision is stored: it toasts. */
export type HeldDeparturesEmitted = { type: 'departures.decided'; decision: DepartureDecision; count: number };

const decidedOrFailed = (decision: DepartureDecision) =>
  [
    {
      guard: { type: 'isDecided', params: ({ event }: { event: { output: DecisionAnswer } }) => event.output },
      target: 'none',
      actions: [
        'forgetDepartures',
        ...(decision === 'confirm' ? (['reloadMemberList'] as const) : []),
        {
          type: 'tellDecided',
          params: ({ event }: { event: { output: DecisionAnswer } }) => ({ decision, count: event.output.kind === 'decided' ? event.output.count : 0 }),
        },
      ],
    },
    { target: 'held', actions: { type: 'rememberFailure', params: ({ event }: { event: { output: DecisionAnswer } }) => event.output } },
  ] as const;

/**
 * Departures a members scan held because they were too many to believe (server: gone-members.ts):
 * the page asks whether there are any, and the admin confirms them (the members move to removed)
 * or keeps everyone. A failed check shows nothing; a failed decision keeps the notice with its reason.
 */
export const heldDeparturesMachine = setup({
  types: {
    context: {} as HeldDeparturesContext,
    events: {} as HeldDeparturesEvent,
    input: {} as HeldDeparturesInput,
    emitted: {} as HeldDeparturesEmitted,
  },
  actors: { fetchHeldDepartures, decideDepartures, listenToRobotJobs },
  guards: {
    isMembersScanOfGroup: ({ context }, job: RobotJobReport) => job.groupId === context.groupId && job.name === 'fetch_group_members',
    isHeld: (_, answer: HeldAnswer) => answer.kind === 'held',
    isDecided: (_, answer: DecisionAnswer) => answer.kind === 'decided',
  },
  actions: {
    rememberDepartures: assign((_, answer: HeldAnswer) => ({ departures: answer.kind === 'held' ? answer.departures : null, failure: null })),
    forgetDepartures: assign({ departures: null, failure: null }),
    forgetFailure: assign({ failure: null }),
    rememberFailure: assign((_, answer: DecisionAnswer) => ({ failure: answer.kind === 'failed' ? answer.message : null })),
    reloadMemberList: sendTo(({ context }) => context.memberListRef, { type: 'members.reload' as const }),
    tellDecided: emit((_, params: { decision: DepartureDecision; count: number }) => ({ type: 'departures.decided' as const, ...params })),
  },
}).createMachine({
  id: 'heldDepartures',
  context: ({ input }) => ({ ...input, departures: null, failure: null }),
  invoke: { id: 'listenToRobotJobs', src: 'listenToRobotJobs', input: ({ context }) => ({ robotRef: context.robotRef }) },
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'fetchHeldDepartures',
        src: 'fetchHeldDepartures',
        input: ({ context }) => ({ api: context.api, groupId: context.groupId }),
        onDone: [
          {
            guard: { type: 'isHeld', params: ({ event }) => event.output },
            target: 'held',
            actions: { type: 'rememberDepartures', params: ({ event }) => event.output },
          },
          { target: 'none', actions: 'forgetDepartures' },
        ],
      },
    },
    none: {
      on: { 'robot.job.finished': { guard: { type: 'isMembersScanOfGroup', params: ({ event }) => event }, target: 'checking' } },
    },
    held: {
      on: {
        'departures.confirm': 'confirming',
        'departures.keep': 'keeping',
        'robot.job.finished': { guard: { type: 'isMembersScanOfGroup', params: ({ event }) => event }, target: 'checking' },
      },
    },
    confirming: {
      entry: 'forgetFailure',
      invoke: {
        id: 'decideDepartures',
        src: 'decideDepartures',
        input: ({ context }) => ({ api: context.api, groupId: context.groupId, decision: 'confirm' as const, jobId: context.departures!.job_id }),
        onDone: decidedOrFailed('confirm'),
      },
    },
    keeping: {
      entry: 'forgetFailure',
      invoke: {
        id: 'decideDepartures',
        src: 'decideDepartures',
        input: ({ context }) => ({ api: context.api, groupId: context.groupId, decision: 'keep' as const, jobId: context.departures!.job_id }),
        onDone: decidedOrFailed('keep'),
      },
    },
  },
});
